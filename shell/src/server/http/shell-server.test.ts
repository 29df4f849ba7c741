/** @jest-environment node */
// The shell's production server as main.ts starts it, over real HTTP: a small server answers as the
// api (GET /tools) and as mf-shop's static server (its manifest), and a renderer of known behaviour
// stands in for the server build (it writes the canonical link from the origin it is given).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { RenderRequest, RenderedPage } from '../types';
import { siteOriginFromEnv } from '@pcpp/contracts/service-config';
import { parsePrometheusText, sampleValue } from '../../../../tooling/telemetry/prometheus-text.cjs';
import { shellRouteOf } from './shell-metrics';
import { startShellServer } from './shell-server';

const PART = 'a'.repeat(24);
let upstream: http.Server;
let upstreamUrl: string;
let root: string;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    if (url.pathname === '/tools') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ items: [{ _id: PART, createdAt: '2026-11-02T00:00:00.000Z' }], total: 1, page: 1, pages: 1 }));
      return;
    }
    if (url.pathname === '/slow/mf-manifest.json') {
      // A remote's static server on a busy machine: its manifest comes after 600 ms.
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' }, exposes: [] }));
      }, 600);
      return;
    }
    if (url.pathname === '/mf-manifest.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' }, exposes: [] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  root = mkdtempSync(path.join(os.tmpdir(), 'shell-server-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="en"><head><title>shell</title></head><body><div id="root"></div></body></html>');
});
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(root, { recursive: true });
});

/** A page whose head carries the canonical link and og:url the way the server build writes them. */
const page = (request: RenderRequest): RenderedPage => ({
  status: 200,
  head: `<link rel="canonical" href="${request.origin}${request.pathname}"><meta property="og:url" content="${request.origin}${request.pathname}">`,
  body: '<main>page</main>',
  allReady: true,
  tail: (async function* tail() {})(),
  outcome: () => ({ complete: true, reads: [] }),
});

async function start(env: NodeJS.ProcessEnv, options: Partial<Parameters<typeof startShellServer>[0]> = {}) {
  return startShellServer({
    root,
    port: 0,
    serverBuild: 'server.js',
    env: { PUBLIC_API_URL: upstreamUrl, MF_SHOP_MANIFEST_URL: `${upstreamUrl}/mf-manifest.json`, SHELL_PORT: '3999', SSR_CACHE_TTL_MS: '0', ...env },
    loadServerBuild: () => ({ createServerRenderer: async () => ({ render: async (request) => page(request), warm: async () => undefined }) }),
    log: () => {},
    ...options,
  });
}

/** GET `pathname` with this Host header (fetch would not send another Host). */
function get(url: string, pathname: string, host: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = http.get({ host: target.hostname, port: target.port, path: pathname, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

/** Every absolute address the answer names (canonical, og:url, <loc>, Sitemap:). */
const addresses = (body: string) => [...body.matchAll(/(?:rel="canonical" href="|property="og:url" content="|<loc>|Sitemap: )(https?:\/\/[^/"<\s]+)/g)].map((match) => match[1]);

describe("the shell's server", () => {
  test('/sitemap.xml and /robots.txt carry the same security headers as every other answer', async () => {
    const server = await start({});
    try {
      const host = new URL(server.url).host;
      for (const pathname of ['/sitemap.xml', '/robots.txt', '/', '/config.json']) {
        const answer = await get(server.url, pathname, host);
        expect({ pathname, status: answer.status }).toEqual({ pathname, status: 200 });
        expect({ pathname, nosniff: answer.headers['x-content-type-options'] }).toEqual({ pathname, nosniff: 'nosniff' });
        expect(answer.headers['content-security-policy']).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
        expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      }
    } finally {
      await server.close();
    }
  });

  test('without SHOP_URL, a Host of its own is used, and any other Host gets its local origin', async () => {
    const server = await start({});
    try {
      const own = new URL(server.url).host;
      const local = `http://${own}`;
      for (const host of [own, `127.0.0.1:${new URL(server.url).port}`]) {
        const robots = await get(server.url, '/robots.txt', host);
        expect(robots.body).toContain(`Sitemap: http://${host}/sitemap.xml`);
      }
      for (const host of ['evil.example', 'localhost:3999.evil.example', 'evil.example:80']) {
        for (const pathname of ['/robots.txt', '/sitemap.xml', '/']) {
          const answer = await get(server.url, pathname, host);
          const named = addresses(answer.body);
          expect({ host, pathname, some: named.length > 0 }).toEqual({ host, pathname, some: true });
          expect({ host, pathname, named: [...new Set(named)] }).toEqual({ host, pathname, named: [local] });
        }
      }
    } finally {
      await server.close();
    }
  });

  test('with SHOP_URL, every canonical address is the shop’s, whatever the Host', async () => {
    const server = await start({ SHOP_URL: 'https://shop.example/' });
    try {
      for (const host of [new URL(server.url).host, 'evil.example']) {
        for (const pathname of ['/robots.txt', '/sitemap.xml', '/']) {
          const named = addresses((await get(server.url, pathname, host)).body);
          expect({ host, pathname, named: [...new Set(named)] }).toEqual({ host, pathname, named: ['https://shop.example'] });
        }
      }
    } finally {
      await server.close();
    }
  });

  test('production refuses to start without SHOP_URL, and says why', async () => {
    await expect(start({ NODE_ENV: 'production' })).rejects.toThrow(/SHOP_URL is required when NODE_ENV=production/);
    expect(() => siteOriginFromEnv({ NODE_ENV: 'production' })).toThrow(/SHOP_URL is required/);
    expect(siteOriginFromEnv({ NODE_ENV: 'production', SHOP_URL: 'https://shop.example/' })).toBe('https://shop.example');
    expect(siteOriginFromEnv({})).toBe(undefined);
  });
});

describe('a slow remote manifest', () => {
  it.each([
    [{}, 'browser'],
    [{ SSR_FETCH_TIMEOUT_MS: '2000' }, 'server'],
  ])('with %j the page is rendered by the %s', async (settings, renderedBy) => {
    const server = await start({ MF_SHOP_MANIFEST_URL: `${upstreamUrl}/slow/mf-manifest.json`, ...settings });
    try {
      const answer = await fetch(`${server.url}/products/${PART}`);
      await answer.text();
      expect(answer.headers.get('x-rendered')).toBe(renderedBy);
    } finally {
      await server.close();
    }
  });
});

describe('the request log', () => {
  it('writes a line per answered page and own path, as the api does (route, status, time), and none for the build\'s files', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    writeFileSync(path.join(root, 'main.0123abcd.js'), 'console.log(1)');
    const server = await start({}, { logger: pino({ name: 'shell' }, sink) });
    try {
      expect((await fetch(`${server.url}/products/${PART}?from=log`)).status).toBe(200);
      expect((await fetch(`${server.url}/main.0123abcd.js`)).status).toBe(200);
      await (await fetch(`${server.url}/robots.txt`)).text();
      const requests = () => lines.filter((line) => line.msg === 'request completed');
      for (let tries = 0; requests().length < 2 && tries < 50; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(requests()).toEqual([
        expect.objectContaining({ name: 'shell', level: 30, route: '/products/{id}', req: { method: 'GET', url: `/products/${PART}?from=log` }, res: { statusCode: 200 }, responseTime: expect.any(Number) }),
        expect.objectContaining({ route: '/robots.txt', res: { statusCode: 200 } }),
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('GET /metrics', () => {
  it('answers this machine in Prometheus’ text format: requests by route template, the render queue and cache, Node’s process', async () => {
    const server = await startShellServer({
      root,
      port: 0,
      serverBuild: 'server.js',
      env: { PUBLIC_API_URL: upstreamUrl, MF_SHOP_MANIFEST_URL: `${upstreamUrl}/mf-manifest.json`, SHELL_PORT: '3999' },
      loadServerBuild: () => ({ createServerRenderer: async () => ({ render: async (request) => page(request), warm: async () => undefined }) }),
      log: () => undefined,
      processMetrics: true,
    });
    try {
      for (const id of [PART, 'b'.repeat(24)]) expect((await fetch(`${server.url}/products/${id}`)).status).toBe(200);
      await (await fetch(`${server.url}/no/such/page`)).text();
      const answer = await fetch(`${server.url}/metrics`);
      const text = await answer.text();
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const families = parsePrometheusText(text);
      expect(sampleValue(families, 'http_server_request_duration_seconds_count', { method: 'GET', route: '/products/{id}', status_class: '2xx' })).toBe(2);
      // No page's path: one label for all of them, never the path.
      expect(sampleValue(families, 'http_server_request_duration_seconds_count', { route: '(unmatched)' })).toBe(1);
      expect(text).not.toContain('no/such/page');
      expect(text).not.toContain(PART);
      // Three pages rendered (the unknown one is the shop's not-found page), none found in the cache yet.
      expect(sampleValue(families, 'pcpp_renders_total', { kind: 'started' })).toBe(3);
      expect(sampleValue(families, 'pcpp_page_cache_requests_total', { result: 'miss' })).toBe(3);
      for (const name of ['pcpp_render_queue_running', 'pcpp_render_queue_waiting', 'pcpp_render_queue_overflow_total', 'pcpp_page_cache_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
        expect(families.some((family) => family.name === name)).toBe(true);
      }
      // Through a proxy it is not this machine's.
      const forwarded = await fetch(`${server.url}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.7' } });
      expect(forwarded.status).toBe(403);
      expect(await forwarded.json()).toEqual({ message: expect.stringMatching(/only to this machine/) });
    } finally {
      await server.close();
    }
  });

  it('with METRICS_TOKEN, only its bearer', async () => {
    const token = 'shell-metrics-token-0123456789';
    const server = await start({ METRICS_TOKEN: token });
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('shellRouteOf', () => {
  it('names a page by its pattern, the server’s own paths as they are, the build’s files as one', () => {
    expect(shellRouteOf('/products/abc')).toBe('/products/{id}');
    expect(shellRouteOf('/')).toBe('/');
    expect(shellRouteOf('/sitemap/3.xml')).toBe('/sitemap/{page}.xml');
    expect(shellRouteOf('/config.json')).toBe('/config.json');
    expect(shellRouteOf('/main.1a2b3c4d.js')).toBe('(file)');
    expect(shellRouteOf('/no/such/page')).toBe('(unmatched)');
  });
});
