#!/usr/bin/env node
// `npm run dev`: the same services as `npm start`, with webpack-dev-server and reload for the
// four front ends and a watched api. Ctrl-C stops everything.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { servicePorts } from '../contracts/src/service-config.cjs';
import { spawnService, waitForUrl } from './services/child-services.mjs';
import { demoAccountLines, startLocalServices } from './services/local-services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (/** @type {string} */ name) => path.join(root, 'node_modules/.bin', name);
const ports = servicePorts();
/** @type {{ stop: (graceMs?: number) => Promise<void> }[]} */
const services = [];
let stopping = false;

/** @param {number} code */
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const service of [...services].reverse()) await service.stop();
  process.exit(code);
}

async function main() {
  // The database lives outside the watched api, so its data survives the api's restarts.
  const local = await startLocalServices({ env: { ...process.env, NODE_ENV: 'development' }, ports, root });
  services.push(...local.services);
  const { env } = local;

  // The api runs compiled code: contracts and api are rebuilt by swc on change, node restarts.
  execFileSync('npm', ['run', 'build', '-w', 'contracts', '-w', 'api'], { cwd: root, stdio: 'inherit' });
  for (const pkg of ['contracts', 'api']) {
    services.push(
      spawnService({ name: `${pkg} build`, command: 'npm', args: ['run', 'watch', '-w', pkg], cwd: root, env, quiet: true }),
    );
  }
  const api = spawnService({
    name: 'api',
    command: process.execPath,
    args: ['--watch', '--watch-path=api/dist', '--watch-path=contracts/dist', 'api/dist/server.js'],
    cwd: root,
    env,
  });
  services.push(api);
  await waitForUrl(`http://localhost:${ports.api}/readyz`, { timeoutMs: 120_000, accept: (s) => s === 200 });

  for (const pkg of ['mf-shop', 'mf-dashboard', 'mf-admin', 'shell']) {
    services.push(
      spawnService({
        name: pkg,
        command: bin('webpack'),
        args: ['serve', '--mode', 'development'],
        cwd: path.join(root, pkg),
        env,
      }),
    );
  }
  await waitForUrl(`http://localhost:${ports.shell}/`, { timeoutMs: 120_000 });
  console.log(`\nDev servers up: shell http://localhost:${ports.shell}, remotes :${ports.shop} :${ports.dashboard} :${ports.admin}, api :${ports.api}`);
  for (const [name, address] of local.rows) console.log(`  ${name}: ${address}`);
  if (env.FIREBASE_AUTH_EMULATOR_HOST) console.log(['Demo accounts (auth emulator):', ...demoAccountLines()].join('\n'));
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopAll(0));
main().catch((error) => {
  console.error(error.message ?? error);
  void stopAll(1);
});
