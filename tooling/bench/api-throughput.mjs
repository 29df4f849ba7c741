// req/s and p99 of api endpoints at 50 connections (autocannon, loopback), each beside a bare
// node:http server answering the same JSON in the same run.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * @param {string} url
 * @param {number} seconds
 */
function cannon(url, seconds) {
  return autocannon({ url, connections: 50, duration: seconds, pipelining: 1 });
}

/**
 * @param {string} url
 * @param {{ warmUpSeconds: number, seconds: number }} durations
 */
async function measure(url, { warmUpSeconds, seconds }) {
  await cannon(url, warmUpSeconds);
  const result = await cannon(url, seconds);
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * bodies: path → JSON text, or the bytes (base64) and headers of another answer.
 * @param {Record<string, string | { base64: string, headers: Record<string, string> }>} bodies
 */
export async function startBareServer(bodies) {
  const child = fork(path.join(here, 'bare-server.mjs'), { stdio: 'inherit' });
  /** @type {{ port: number }} */
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    child.send(bodies);
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/**
 * endpoints: [{name, path, target: {minRatio, maxP99Ms}}].
 * @template {{ name: string, path: string }} Endpoint
 * @param {{ apiUrl: string, endpoints: Endpoint[], warmUpSeconds: number, seconds: number, log: (line: string) => void }} options
 */
export async function measureApi({ apiUrl, endpoints, warmUpSeconds, seconds, log }) {
  /** @type {Record<string, string>} */
  const bodies = {};
  for (const { path: endpointPath } of endpoints) {
    const response = await fetch(`${apiUrl}${endpointPath}`);
    if (response.status !== 200) throw new Error(`GET ${endpointPath} answered ${response.status}`);
    bodies[endpointPath] = await response.text();
  }
  const bare = await startBareServer(bodies);
  try {
    const rows = [];
    for (const endpoint of endpoints) {
      log(`  ${endpoint.name}: api…`);
      const api = await measure(`${apiUrl}${endpoint.path}`, { warmUpSeconds, seconds });
      log(`  ${endpoint.name}: bare node:http…`);
      const yardstick = await measure(`${bare.url}${endpoint.path}`, { warmUpSeconds, seconds });
      rows.push({ ...endpoint, bodyBytes: Buffer.byteLength(bodies[endpoint.path] ?? ''), api, bare: yardstick, ratio: api.requestsPerSecond / yardstick.requestsPerSecond });
    }
    return rows;
  } finally {
    bare.stop();
  }
}
