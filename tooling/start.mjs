#!/usr/bin/env node
// `npm start`: builds what is not built, then serves the production builds with the embedded
// auth emulator, database and mail inbox (tooling/services/local-services.mjs). Ctrl-C stops everything.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { releaseStoreFromEnv, servicePorts } from '../contracts/src/service-config.cjs';
import { registerLocalReleases } from './releases/release-store.mjs';
import { serverRenderingReady, spawnService, waitForUrl } from './services/child-services.mjs';
import { demoAccountLines, startLocalServices } from './services/local-services.mjs';
import { SHELL_HTTP_BUILD } from './services/shell-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ports = servicePorts();
const releaseStore = releaseStoreFromEnv();

const BUILD_OUTPUTS = {
  '@pcpp/contracts': 'contracts/dist/index.js',
  '@pcpp/api': 'api/dist/server.js',
  '@pcpp/shell': SHELL_HTTP_BUILD,
  '@pcpp/mf-shop': 'mf-shop/dist/server/remoteEntry.js',
  '@pcpp/mf-dashboard': 'mf-dashboard/dist/mf-manifest.json',
  '@pcpp/mf-admin': 'mf-admin/dist/mf-manifest.json',
};

/** @type {{ name: string, dir: string, port: number, show: string, shell?: boolean, immutable?: boolean, pid?: number }[]} */
const FRONTENDS = [
  // The shell's production server: renders the public pages with its server build (and the remotes').
  { name: 'shell', dir: 'shell/dist', port: ports.shell, shell: true, show: '' },
  { name: 'mf-shop', dir: 'mf-shop/dist', port: ports.shop, show: '/mf-manifest.json' },
  { name: 'mf-dashboard', dir: 'mf-dashboard/dist', port: ports.dashboard, show: '/mf-manifest.json' },
  { name: 'mf-admin', dir: 'mf-admin/dist', port: ports.admin, show: '/mf-manifest.json' },
  // Published versions of the remotes (`npm run release`), each folder immutable.
  { name: 'release store', dir: releaseStore.dir, port: ports.releases, immutable: true, show: '/' },
];

function buildMissing() {
  const missing = Object.entries(BUILD_OUTPUTS)
    .filter(([, output]) => !existsSync(path.join(root, output)))
    .map(([pkg]) => pkg);
  if (missing.length === 0) return;
  console.log(`Building ${missing.join(', ')} (once; run \`npm run build\` after changing code)…`);
  const scopes = missing.flatMap((pkg) => ['--scope', pkg]);
  execFileSync(
    path.join(root, 'node_modules/.bin/lerna'),
    ['run', 'build', '--include-dependencies', '--concurrency', '2', ...scopes],
    { cwd: root, stdio: 'inherit' },
  );
}

/**
 * @param {number} port
 * @param {string} name
 * @param {string} variable
 * @returns {Promise<void>}
 */
function assertPortFree(port, name, variable) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(new Error(`Port ${port} (${name}) is in use. Stop what uses it or set ${variable}.`)),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/** @type {{ stop: (graceMs?: number) => Promise<void> }[]} */
const services = [];
let stopping = false;

/** @param {number} exitCode */
async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  // Front ends first, then the api, then the database and the identity emulator.
  for (const service of [...services].reverse()) await service.stop();
  process.exit(exitCode);
}

async function main() {
  await Promise.all([
    assertPortFree(ports.shell, 'shell', 'SHELL_PORT'),
    assertPortFree(ports.shop, 'mf-shop', 'SHOP_PORT'),
    assertPortFree(ports.dashboard, 'mf-dashboard', 'DASHBOARD_PORT'),
    assertPortFree(ports.admin, 'mf-admin', 'ADMIN_PORT'),
    assertPortFree(ports.releases, 'release store', 'RELEASES_PORT'),
    assertPortFree(ports.api, 'api', 'API_PORT'),
  ]);
  buildMissing();
  mkdirSync(releaseStore.dir, { recursive: true });

  const local = await startLocalServices({ env: process.env, ports, root });
  services.push(...local.services);
  const { env } = local;

  const api = spawnService({
    name: 'api',
    command: process.execPath,
    args: [path.join(root, 'api/dist/server.js')],
    env,
    cwd: root,
    onExit: (code) => {
      if (!stopping) {
        console.error(`The api exited (${code}); stopping everything.`);
        void stopAll(1);
      }
    },
  });
  services.push(api);
  await waitForUrl(`http://localhost:${ports.api}/readyz`, {
    timeoutMs: 120_000,
    accept: (status) => status === 200,
    isAlive: () => api.running,
  });

  for (const frontend of FRONTENDS) {
    const server = spawnService({
      name: frontend.name,
      command: process.execPath,
      args: [
        path.join(root, 'tooling/serve-static.mjs'),
        ...(frontend.shell ? ['--shell'] : ['--root', path.resolve(root, frontend.dir), '--cors']),
        '--port', String(frontend.port),
        ...(frontend.immutable ? ['--immutable'] : []),
      ],
      env,
      cwd: root,
      // A remote may be stopped on purpose: the shell shows its fallback, the rest keeps running.
      onExit: (code) => !stopping && console.warn(`${frontend.name} stopped (${code ?? 'signal'}).`),
    });
    services.push(server);
    await waitForUrl(`http://localhost:${frontend.port}/`, { isAlive: () => server.running });
    frontend.pid = server.child.pid;
  }

  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    await registerLocalReleases({ env, ports });
    if (!(await serverRenderingReady(`http://localhost:${ports.shell}/`))) {
      console.warn('The shell is not rendering pages on the server yet (see its log): the browser renders them meanwhile.');
    }
  } else {
    console.log('Release registry: run `npm run release` / `npm run promote` to register the remotes (no demo admin without the emulator).');
  }

  /** @type {[name: string, url: string, pid?: number][]} */
  const rows = [
    ...FRONTENDS.map((f) => /** @type {[string, string, number?]} */ ([f.name, `http://localhost:${f.port}${f.show}`, f.pid])),
    ['api', `http://localhost:${ports.api}`, api.child.pid],
    ...local.rows,
  ];
  console.log('\nPC PART PICKER is running:');
  for (const [name, url, pid] of rows) {
    console.log(`  ${name.padEnd(14)} ${url.padEnd(44)}${pid ? ` pid ${pid}` : ''}`);
  }
  if (env.FIREBASE_AUTH_EMULATOR_HOST) console.log(['\nDemo accounts (auth emulator):', ...demoAccountLines()].join('\n'));
  console.log(`\nOpen http://localhost:${ports.shell} — press Ctrl-C to stop.`);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0));
main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  void stopAll(1);
});
