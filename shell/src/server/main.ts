// The shell's production server: `node shell/dist-server/main.js` (built by `npm run build`).
// Serves shell/dist beside it and renders the public pages with shell/dist-server/server.js; its
// settings come from the environment (@pcpp/contracts/service-config, README "Production").
import path from 'node:path';
import { listenHost, servicePorts } from '@pcpp/contracts/service-config';
import { startShellServer } from './http/shell-server';
import { startShellTelemetry } from './telemetry';

async function main() {
  // First: with OTEL_EXPORTER_OTLP_ENDPOINT set, tracing starts before any request is served.
  const telemetry = startShellTelemetry();
  const port = servicePorts(process.env).shell;
  const server = await startShellServer({
    root: path.join(__dirname, '../dist'),
    serverBuild: path.join(__dirname, 'server.js'),
    port,
    host: listenHost(process.env),
    processMetrics: true,
  });
  console.warn(`The shell's server listens on ${server.url.replace('localhost', listenHost(process.env))}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void server.close().then(() => telemetry?.shutdown()).then(() => process.exit(0)));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
