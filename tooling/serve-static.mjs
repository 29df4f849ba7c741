#!/usr/bin/env node
// One static server per process, so a single remote can be stopped and started on its own:
//   node tooling/serve-static.mjs --root mf-admin/dist --port 3003 --cors
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAuthEmulatorProxy } from './auth-emulator/proxy.cjs';
import { listenHost, runtimeConfigFromEnv } from './service-config.cjs';
import { createJsonCache, pageHints } from './services/page-hints.mjs';
import { startStaticServer } from './services/static-server.mjs';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    port: { type: 'string' },
    spa: { type: 'boolean', default: false },
    cors: { type: 'boolean', default: false },
    // 404 for a path no page of the app renders (the list in @pcpp/contracts' page-paths.json).
    pages: { type: 'boolean', default: false },
    immutable: { type: 'boolean', default: false },
  },
});
if (!values.root || !values.port) {
  console.error('usage: serve-static.mjs --root <dir> --port <n> [--spa [--pages]] [--cors] [--immutable]');
  process.exit(2);
}
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const contracts = values.pages ? (await import('@pcpp/contracts/core')).default : null;

/**
 * The shell's index.html carries its config and preloads for what the page needs first.
 * @param {typeof import('@pcpp/contracts/core')} contracts
 */
function shellPageHints(contracts) {
  const getJson = createJsonCache();
  const startupScripts = async () => {
    try {
      const { scripts } = JSON.parse(await readFile(path.join(String(values.root), 'startup-scripts.json'), 'utf8'));
      return scripts.map((/** @type {string} */ file) => `/${file}`);
    } catch {
      return [];
    }
  };
  /** @type {(pathname: string, requestOrigin: string, search: string) => Promise<string>} */
  return async (pathname, requestOrigin, search) =>
    pageHints({ pathname, search, config: runtimeConfigFromEnv(process.env), requestOrigin, startupScripts: await startupScripts(), getJson, contracts });
}
const server = await startStaticServer({
  root: values.root,
  port: Number(values.port),
  host: listenHost(process.env),
  spa: values.spa,
  cors: values.cors,
  immutable: values.immutable,
  // Behind a TLS proxy (a CDN, a load balancer) that sets X-Forwarded-Proto: then HSTS goes out.
  trustProxy: process.env.TRUST_PROXY === 'true',
  runtimeConfig: () => runtimeConfigFromEnv(process.env),
  // The built contracts (start.mjs builds them first); only the shell needs them.
  isPagePath: contracts?.isPagePath,
  pageHints: contracts ? shellPageHints(contracts) : undefined,
  // The shell reaches the auth emulator through its own origin (see auth-emulator/proxy.cjs).
  handle: values.spa && emulatorHost ? createAuthEmulatorProxy({ emulatorHost, standInSecret: process.env.AUTH_STAND_IN_SECRET }) : undefined,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
