// @ts-check
// The shell's server under a crowd, for `npm run bench` (issue 37): 2,000 visitors at once on a cold
// cache (GET / and a part's page), the server's memory through it and a minute later; cached GET /
// against a bare node:http server sending the same bytes; and a caching proxy in front (as a CDN
// would be) serving a second visitor without reaching the shell.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBareServer } from './api-throughput.mjs';
import { startCachingProxy } from './cdn-proxy.mjs';

/** As a browser asks. */
const BROWSER_HEADERS = { 'Accept-Encoding': 'gzip, deflate, br', Accept: 'text/html' };

/** The shell's resident memory in bytes (Linux), or null once it has exited. */
function rssOf(/** @type {number} */ pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * A shell's server of its own (`node shell/dist-server/main.js`, as in production) on `port`, with the
 * stack's api and remotes: its caches start empty. Ready once it renders a page on the server that the
 * crowd does not ask for (/blogs), so the crowd's pages are cold.
 * @param {{ root: string, port: number, env?: Record<string, string> }} options
 */
export async function startProductionShell({ root, port, env = {} }) {
  const child = spawn(process.execPath, [path.join(root, 'shell/dist-server/main.js')], {
    cwd: root,
    env: { ...process.env, ...env, SHELL_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const renderedBy = await fetch(`${url}/blogs`)
      .then(async (response) => {
        await response.arrayBuffer();
        return response.headers.get('x-rendered');
      })
      .catch(() => null);
    if (renderedBy === 'server') break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`the shell's server on ${port} did not start rendering:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: /** @type {number} */ (child.pid),
    logs: () => output,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * `count` GETs of `url` sent at once, each on its own connection, as `count` visitors arriving together.
 * @param {string} url
 * @param {number} count
 * @param {number} timeoutMs a visitor gives up after this (an error)
 */
async function burst(url, count, timeoutMs = 30_000) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  /** @type {Record<string, number>} */
  const statuses = {};
  /** @type {Record<string, number>} */
  const renderedBy = {};
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve) => {
          const at = performance.now();
          const request = http.get(url, { agent, headers: BROWSER_HEADERS, timeout: timeoutMs }, (response) => {
            response.resume();
            response.on('end', () => {
              latencies.push(performance.now() - at);
              statuses[String(response.statusCode)] = (statuses[String(response.statusCode)] ?? 0) + 1;
              const by = String(response.headers['x-rendered'] ?? 'none');
              renderedBy[by] = (renderedBy[by] ?? 0) + 1;
              resolve(undefined);
            });
            response.on('error', () => {
              errors += 1;
              resolve(undefined);
            });
          });
          request.on('timeout', () => request.destroy(new Error('timed out')));
          request.on('error', () => {
            errors += 1;
            resolve(undefined);
          });
        }),
    ),
  );
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (/** @type {number} */ share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? null;
  return {
    requests: count,
    statuses,
    renderedBy,
    errors,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: sorted.at(-1) ?? null,
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * req/s and p99 of two URLs with autocannon, measured in turns (a, b, a, b, a, b) so that load from
 * elsewhere on the machine falls on both alike; the median turn of each.
 * @param {string[]} urls
 * @param {{ connections: number, warmUpSeconds: number, seconds: number, rounds?: number }} settings
 */
async function throughputInTurns(urls, { connections, warmUpSeconds, seconds, rounds = 3 }) {
  for (const url of urls) await autocannon({ url, connections, duration: warmUpSeconds, headers: BROWSER_HEADERS });
  /** @type {{ requestsPerSecond: number, p99Ms: number, non2xx: number, errors: number }[][]} */
  const turns = urls.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, url] of urls.entries()) {
      const result = await autocannon({ url, connections, duration: seconds, headers: BROWSER_HEADERS });
      turns[index]?.push({ requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts });
    }
  }
  return turns.map((each) => ({ ...[...each].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(each.length / 2)], rounds: each.length }));
}

/**
 * @param {{ root: string, apiUrl: string, port: number, proxyPort: number, visitors: number, settleSeconds: number, connections: number,
 *   warmUpSeconds: number, seconds: number, log: (line: string) => void }} options
 *   port, proxyPort: free ports for the shell's own server and the caching proxy
 */
export async function measureCrowd({ root, apiUrl, port, proxyPort, visitors, settleSeconds, connections, warmUpSeconds, seconds, log }) {
  const [part] = await (await fetch(`${apiUrl}/tools?sort=newest&limit=1`)).json().then((/** @type {{ items: { _id: string }[] }} */ page) => page.items);
  if (!part) throw new Error('the catalog has no part');
  const shell = await startProductionShell({ root, port });
  /** @type {number[]} */
  const rss = [];
  const baseline = rssOf(shell.pid);
  const sampler = setInterval(() => {
    const now = rssOf(shell.pid);
    if (now !== null) rss.push(now);
  }, 50);
  try {
    // The server's code warms up on a page the crowd does not ask for, rendered for the burst as the
    // crowd's pages will be (as a running server's code is warm).
    log(`  ${visitors} visitors at once on /portfolio (warm-up)…`);
    const warmUp = { path: '/portfolio', ...(await burst(`${shell.url}/portfolio`, visitors)) };
    /** @type {({ path: string } & Awaited<ReturnType<typeof burst>>)[]} */
    const bursts = [];
    for (const pagePath of ['/', `/products/${part._id}`]) {
      log(`  ${visitors} visitors at once on ${pagePath} (cold cache)…`);
      bursts.push({ path: pagePath.startsWith('/products/') ? '/products/{id}' : pagePath, ...(await burst(`${shell.url}${pagePath}`, visitors)) });
    }
    const peakRss = Math.max(...rss);
    log(`  the shell's memory ${settleSeconds} s later…`);
    await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
    const settledRss = rssOf(shell.pid);
    clearInterval(sampler);

    log('  cached GET / against a bare node:http server sending the same bytes…');
    // As sent (fetch would decode them).
    const raw = await new Promise((resolve, reject) => {
      http.get(`${shell.url}/`, { headers: { 'Accept-Encoding': 'br' } }, (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ body: Buffer.concat(chunks), headers: response.headers }));
      }).on('error', reject);
    }).then((/** @type {any} */ answer) => /** @type {{ body: Buffer, headers: http.IncomingHttpHeaders }} */ (answer));
    /** @type {Record<string, string>} */
    const headers = {};
    for (const [name, value] of Object.entries(raw.headers)) {
      if (typeof value === 'string' && !['date', 'connection', 'keep-alive', 'content-length'].includes(name)) headers[name] = value;
    }
    const bare = await startBareServer({ '/': { base64: raw.body.toString('base64'), headers } });
    const settings = { connections, warmUpSeconds, seconds };
    let shellThroughput;
    let bareThroughput;
    try {
      [shellThroughput, bareThroughput] = await throughputInTurns([`${shell.url}/`, `${bare.url}/`], settings);
    } finally {
      bare.stop();
    }
    if (!shellThroughput || !bareThroughput) throw new Error('no throughput measured');

    log('  a caching proxy (a CDN) in front: a second visitor…');
    const proxy = await startCachingProxy({ origin: shell.url, port: proxyPort });
    let cdn;
    try {
      const first = await proxy.get('/', { 'Accept-Encoding': 'br' });
      // Another browser: its own cohort cookie, which the page does not depend on (no rollout).
      const second = await proxy.get('/', { 'Accept-Encoding': 'br', Cookie: 'pcpp_cohort=bench-second-visitor-0000' });
      cdn = {
        cacheControl: first.headers['cache-control'] ?? null,
        vary: first.headers.vary ?? null,
        setCookie: first.headers['set-cookie'] ?? null,
        firstVisitor: { status: first.status, cache: first.cache },
        secondVisitor: { status: second.status, cache: second.cache },
        originRequests: proxy.originRequests(),
      };
    } finally {
      await proxy.close();
    }
    return {
      date: new Date().toISOString().slice(0, 10),
      visitors,
      warmUp,
      bursts,
      rss: { baselineBytes: baseline, peakBytes: peakRss, settledBytes: settledRss, settleSeconds },
      throughput: { shell: shellThroughput, bare: bareThroughput, ratio: shellThroughput.requestsPerSecond / bareThroughput.requestsPerSecond, bodyBytes: raw.body.length },
      cdn,
      log: shell
        .logs()
        .split('\n')
        // The shell's server logs JSON lines (pino): their message.
        .map((line) => {
          try {
            return String(JSON.parse(line).msg);
          } catch {
            return line;
          }
        })
        .filter((line) => /render queue|rendered in the browser/.test(line))
        .slice(0, 20),
    };
  } finally {
    clearInterval(sampler);
    await shell.stop();
  }
}
