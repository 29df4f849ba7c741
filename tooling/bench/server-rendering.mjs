// @ts-check
// Server rendering's figures for `npm run bench`: GET / from the shell's server (req/s and p99) with
// its render cache, without it, and as the client-rendered page (the yardstick: index.html with its
// hints); what the home page shows with JavaScript off; and whether the page's largest element is in
// the server's HTML.
import { spawn } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';
import { shellServerArgs } from '../services/shell-server.mjs';

/**
 * @typedef {{ requestsPerSecond: number, p99Ms: number, non2xx: number, errors: number, bodyBytes: number, renderedBy: string | null }} Throughput
 */

/**
 * A second shell's server (tooling/serve-static.mjs, as `npm start` runs it) with `env` over the stack's.
 * @param {{ root: string, port: number, env: Record<string, string> }} options
 */
async function startShell({ root, port, env }) {
  const child = spawn(
    process.execPath,
    shellServerArgs(root, port),
    { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' },
  );
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  // Ready once it renders the home page on the server (the remote's server build loaded), or once up when it never will.
  for (;;) {
    const renderedBy = await fetch(`${url}/`)
      .then(async (response) => {
        await response.arrayBuffer();
        return response.headers.get('x-rendered');
      })
      .catch(() => null);
    if (renderedBy === 'server' || (renderedBy && env.SERVER_RENDERING === 'off')) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`the shell's server on ${port} did not start rendering`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, stop: () => child.kill() };
}

/**
 * @param {string} url
 * @param {{ connections: number, warmUpSeconds: number, seconds: number }} settings
 * @returns {Promise<Throughput>}
 */
async function throughput(url, { connections, warmUpSeconds, seconds }) {
  // As a browser asks: compressed.
  const headers = { 'Accept-Encoding': 'br' };
  const probe = await fetch(url, { headers });
  // fetch decodes the answer: this is the HTML's own size, not what went over the wire.
  const bodyBytes = (await probe.arrayBuffer()).byteLength;
  const renderedBy = probe.headers.get('x-rendered');
  await autocannon({ url, connections, duration: warmUpSeconds, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts, bodyBytes, renderedBy };
}

/**
 * GET / at the stack's shell (render cache on), at a shell without the cache, and at one that does not
 * render on the server.
 * @param {{ root: string, shellUrl: string, port: number, connections: number, warmUpSeconds: number, seconds: number, log: (line: string) => void }} options
 *   port: a free port for the extra shells
 */
export async function measureHomeThroughput({ root, shellUrl, port, connections, warmUpSeconds, seconds, log }) {
  const settings = { connections, warmUpSeconds, seconds };
  log('  GET / with the render cache…');
  const cached = await throughput(`${shellUrl}/`, settings);
  const rows = [{ name: 'server-rendered, render cache on', ...cached }];
  for (const [name, env] of /** @type {const} */ ([
    ['server-rendered, no render cache', { SSR_CACHE_TTL_MS: '0' }],
    ['client-rendered (index.html and its hints)', { SERVER_RENDERING: 'off' }],
  ])) {
    log(`  GET / ${name}…`);
    const shell = await startShell({ root, port, env });
    try {
      rows.push({ name, ...(await throughput(`${shell.url}/`, settings)) });
    } finally {
      shell.stop();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return rows;
}

/**
 * The home page read with JavaScript off: the hero, the six latest parts and the reviews are there.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} shellUrl
 */
export async function homeWithoutJavaScript(browser, shellUrl) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const response = await page.goto(`${shellUrl}/`);
    const hero = await page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' }).isVisible();
    const parts = await page.getByRole('list', { name: 'Latest parts' }).getByRole('article').count();
    const reviews = await page.getByRole('list', { name: 'Customer reviews' }).getByRole('article').count();
    return { renderedBy: response?.headers()['x-rendered'] ?? null, hero, parts, reviews };
  } finally {
    await context.close();
  }
}

/**
 * Whether the element a load painted largest is in the server's HTML of that page (its picture's
 * address, or its text), as sent before any script ran.
 * @param {string} html
 * @param {{ tag: string, src: string | null, text: string } | null} element
 */
export function largestElementInHtml(html, element) {
  if (!element) return false;
  if (element.src) return html.includes(new URL(element.src).pathname);
  return element.text !== '' && html.includes(element.text);
}

/**
 * A proxy in front of the api that holds every answer `delayMs` before passing it on (a late api).
 * @param {number} port
 * @param {string} apiUrl
 * @param {number} delayMs
 */
async function startLateApi(port, apiUrl, delayMs) {
  const target = new URL(apiUrl);
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        setTimeout(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }, delayMs);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

/**
 * With every api answer 3 s late, how long after the navigation's first byte the navbar shows (its
 * Products link visible), at a second shell's server that renders on the server and at one that
 * does not: the layout never waits for the api. Median and slowest of `runs` cold loads each.
 * @param {{ root: string, browser: import('@playwright/test').Browser, apiUrl: string, authEmulatorHost: string, shellPort: number, apiPort: number, runs?: number, log: (line: string) => void }} options
 * @returns {Promise<{ rendering: 'on' | 'off', apiDelayMs: number, runs: number[] }[]>}
 */
export async function navbarWithLateApi({ root, browser, apiUrl, authEmulatorHost, shellPort, apiPort, runs = 5, log }) {
  const apiDelayMs = 3000;
  const rows = [];
  for (const rendering of /** @type {const} */ (['on', 'off'])) {
    log(`  the navbar with a late api (server rendering ${rendering})…`);
    const api = await startLateApi(apiPort, apiUrl, apiDelayMs);
    const shell = await startShell({
      root,
      port: shellPort,
      env: { PUBLIC_API_URL: api.url, SERVER_RENDERING: rendering, S3_PUBLIC_URL: apiUrl, FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost },
    });
    try {
      /** @type {number[]} */
      const times = [];
      for (let i = 0; i < runs; i += 1) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        try {
          const page = await context.newPage();
          const started = Date.now();
          await page.goto(`${shell.url}/`, { waitUntil: 'commit' });
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).waitFor({ state: 'visible', timeout: 15_000 });
          times.push(Date.now() - started);
        } finally {
          await context.close();
        }
      }
      rows.push({ rendering, apiDelayMs, runs: times });
    } finally {
      shell.stop();
      await api.close();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return rows;
}
