// What tracing costs (docs/operations.md): an api process and a shell's server with
// OTEL_EXPORTER_OTLP_ENDPOINT set (to the project's own receiver) against the same two without it,
// started beside the stack on the same database, and measured in turns (untraced, traced, untraced,
// traced) so the machine's load falls on both alike. The api's catalog cache is off in both, so each
// request crosses Express and the mongodb driver: every instrumentation's span is made.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, waitForUrl } from '../services/child-services.mjs';

const require = createRequire(import.meta.url);
const { startOtlpReceiver } = require('../telemetry/otlp-receiver.cjs');

/**
 * Starts a server and waits until `url` answers; it is in `running` (stopped by the caller) from the start.
 * @param {{ root: string, env: NodeJS.ProcessEnv, args: string[], url: string, running: { stop(): Promise<unknown> }[] }} options
 */
async function startProcess({ root, env, args, url, running }) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));
  running.push({
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve(undefined);
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  });
  await waitForUrl(url, { timeoutMs: 120_000, accept: (status) => status === 200, isAlive: () => !exited });
}

/**
 * @param {string} url
 * @param {{ connections: number, warmUpSeconds: number, seconds: number }} load
 */
async function measure(url, { connections, warmUpSeconds, seconds }) {
  await autocannon({ url, connections, duration: warmUpSeconds });
  const result = await autocannon({ url, connections, duration: seconds });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

/**
 * @param {{ root: string, databaseUri: string, emulatorHost: string, partId: string,
 *   connections: number, warmUpSeconds: number, seconds: number, rounds?: number, log: (line: string) => void }} options
 */
export async function measureTracingOverhead({ root, databaseUri, emulatorHost, partId, connections, warmUpSeconds, seconds, rounds = 2, log }) {
  const receiver = await startOtlpReceiver();
  /** @type {{ stop(): Promise<unknown> }[]} */
  const running = [];
  try {
    /** @type {Record<'none' | 'endpoint', { api: string, shell: string }>} */
    const urls = { none: { api: '', shell: '' }, endpoint: { api: '', shell: '' } };
    for (const mode of /** @type {const} */ (['none', 'endpoint'])) {
      // Ports nothing listens on: derived from the stack's, they could be another service's.
      const apiPort = await freePort();
      const shellPort = await freePort();
      const tracing = mode === 'endpoint' ? { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } : {};
      const base = { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '', ...tracing, LOG_FILE: path.join(os.tmpdir(), `pcpp-bench-tracing-${mode}-${process.pid}.log`) };
      log(`  an api and a shell's server ${mode === 'none' ? 'without an endpoint' : `tracing to ${receiver.url}`}…`);
      await startProcess({
        root,
        running,
        args: [path.join(root, 'api/dist/server.js')],
        env: { ...base, API_PORT: String(apiPort), MONGODB_URI: databaseUri, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, SEED_DEMO_DATA: 'false', CATALOG_CACHE_TTL_MS: '0' },
        url: `http://127.0.0.1:${apiPort}/readyz`,
      });
      await startProcess({
        root,
        running,
        args: [path.join(root, 'tooling/serve-static.mjs'), '--shell', '--port', String(shellPort)],
        env: { ...base, SHELL_PORT: String(shellPort), PUBLIC_API_URL: `http://localhost:${apiPort}`, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost },
        url: `http://localhost:${shellPort}/config.json`,
      });
      urls[mode] = { api: `http://127.0.0.1:${apiPort}/tools/${partId}`, shell: `http://localhost:${shellPort}/products/${partId}` };
      // The part's page rendered once on the server (its remote's server build loaded) before measuring.
      await fetch(urls[mode].shell).then((response) => response.text());
    }
    const load = { connections, warmUpSeconds, seconds };
    /** @type {Record<'api' | 'shell', Record<'none' | 'endpoint', Awaited<ReturnType<typeof measure>>[]>>} */
    const runs = { api: { none: [], endpoint: [] }, shell: { none: [], endpoint: [] } };
    for (let round = 0; round < rounds; round += 1) {
      for (const target of /** @type {const} */ (['api', 'shell'])) {
        for (const mode of /** @type {const} */ (['none', 'endpoint'])) {
          log(`  ${target === 'api' ? `GET /tools/{id} (api)` : `GET /products/{id} (shell)`}, ${mode === 'none' ? 'no endpoint' : 'endpoint set'}, round ${round + 1}…`);
          runs[target][mode].push(await measure(urls[mode][target], load));
        }
      }
    }
    const mean = (/** @type {number[]} */ values) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const summary = (/** @type {Awaited<ReturnType<typeof measure>>[]} */ list) => ({
      requestsPerSecond: mean(list.map((run) => run.requestsPerSecond)),
      p99Ms: mean(list.map((run) => run.p99Ms)),
      non2xx: list.reduce((sum, run) => sum + run.non2xx, 0),
      errors: list.reduce((sum, run) => sum + run.errors, 0),
    });
    const row = (/** @type {'api' | 'shell'} */ target, /** @type {string} */ name) => {
      const none = summary(runs[target].none);
      const endpoint = summary(runs[target].endpoint);
      return { name, none, endpoint, overhead: 1 - endpoint.requestsPerSecond / none.requestsPerSecond };
    };
    return {
      date: new Date().toISOString().slice(0, 10),
      rounds,
      spansReceived: receiver.received(),
      rows: [row('api', 'api GET /tools/{id} (catalog cache off: Express and the driver)'), row('shell', "shell's server GET /products/{id} (server-rendered, from its render cache)")],
    };
  } finally {
    for (const server of running.reverse()) await server.stop();
    await receiver.close();
  }
}
