#!/usr/bin/env node
// `npm start`'s servers, each in its own process so one can be stopped and started on its own:
//   node tooling/serve-static.mjs --root mf-admin/dist --port 3003 --cors     (a remote's build)
//   node tooling/serve-static.mjs --root releases --port 3004 --cors --immutable (the release store)
//   node tooling/serve-static.mjs --shell --port 3000                        (the shell's server)
// All of them are the shell's production server (shell/src/server/http, built into
// shell/dist-server/http.js): one static server. --shell is `node shell/dist-server/main.js` with the
// auth emulator reached through the shell's own origin (tooling/auth-emulator/proxy.cjs), which only
// the local stack has.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SHELL_HTTP_BUILD, SHELL_RENDERER_BUILD } from './services/shell-server.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { createAuthEmulatorProxy } = require('./auth-emulator/proxy.cjs');
const { listenHost, runtimeConfigFromEnv } = require('../contracts/src/service-config.cjs');
/** @type {{ startShellServer: Function, startStaticServer: Function, startShellTelemetry: () => { shutdown(): Promise<void> } | null }} (the bundle: shell/src/server/http/index.ts) */
const { startShellServer, startStaticServer, startShellTelemetry } = require(path.join(root, SHELL_HTTP_BUILD));

const { values } = parseArgs({
  options: {
    shell: { type: 'boolean', default: false },
    root: { type: 'string' },
    port: { type: 'string' },
    cors: { type: 'boolean', default: false },
    immutable: { type: 'boolean', default: false },
  },
});
if (!values.port || (!values.shell && !values.root)) {
  console.error('usage: serve-static.mjs (--shell | --root <dir> [--cors] [--immutable]) --port <n>');
  process.exit(2);
}
const port = Number(values.port);
const host = listenHost(process.env);
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

// The shell's server traces as `node shell/dist-server/main.js` does (OTEL_EXPORTER_OTLP_ENDPOINT); the remotes' files do not.
const telemetry = values.shell ? startShellTelemetry() : null;
const server = values.shell
  ? await startShellServer({
      root: path.join(root, 'shell/dist'),
      serverBuild: path.join(root, SHELL_RENDERER_BUILD),
      port,
      host,
      // The shell reaches the auth emulator through its own origin (see auth-emulator/proxy.cjs).
      handle: emulatorHost ? createAuthEmulatorProxy({ emulatorHost, standInSecret: process.env.AUTH_STAND_IN_SECRET }) : undefined,
      processMetrics: true,
    })
  : await startStaticServer({
      root: /** @type {string} */ (values.root),
      port,
      host,
      cors: values.cors,
      immutable: values.immutable,
      // Its Content-Security-Policy names the origins of the runtime config, and it answers /config.json too.
      runtimeConfig: () => runtimeConfigFromEnv(process.env),
      trustProxy: process.env.TRUST_PROXY === 'true',
      imageOrigins: process.env.S3_PUBLIC_URL ? [process.env.S3_PUBLIC_URL] : [],
    });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void server.close().then(() => telemetry?.shutdown()).then(() => process.exit(0)));
}
