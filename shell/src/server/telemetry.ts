// The shell's server's traces (docs/operations.md): the OpenTelemetry Node SDK with the http and
// undici (fetch) instrumentations, when OTEL_EXPORTER_OTLP_ENDPOINT (or its traces one) is set;
// otherwise nothing is loaded or patched. Called before the server starts (main.ts, and
// tooling/serve-static.mjs --shell through http.js).
import { createRequire } from 'node:module';
import { startTelemetry, type Telemetry } from '@pcpp/contracts/server-observability';

export function startShellTelemetry(env: NodeJS.ProcessEnv = process.env): Telemetry | null {
  const telemetry = startTelemetry({ serviceName: 'pcpp-shell', env, instrumentations: ['undici'] });
  if (telemetry) {
    // The bundle may have required http before the SDK started: requiring it again through Node
    // lets the instrumentation patch it now (in place, so the bundle's copy is patched too).
    const nodeRequire = createRequire(__filename);
    nodeRequire('node:http');
    nodeRequire('node:https');
  }
  return telemetry;
}
