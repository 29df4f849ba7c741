/** @jest-environment node */
// The shell's pages through its static server, with renderers of known behaviour standing in for the
// shell's server build: one that renders (at once, or when a test lets it), one that throws (a
// remote's server build that throws), one that never answers. Whatever the renderer does, the visitor
// gets a page; a crowd of visitors of one page costs one render; a full queue sends the page the
// browser renders; public pages can be kept by a CDN.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import * as contracts from '@pcpp/contracts/core';
import { pagePaths } from '@pcpp/contracts/core';
import type { RenderRequest, RenderedPage } from '../types';
import { serverDocument } from './document';
import { createJsonCache, type RuntimeConfig } from './page-hints';
import { createRenderCache } from './render-cache';
import { createRenderQueue } from './render-queue';
import { createShellPages, type RenderFailure, type ShellPagesOptions } from './shell-pages';
import { startStaticServer } from './static-server';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>shell</title><script defer="defer" src="/main.js"></script></head>' +
  '<body><noscript>PC PART PICKER needs JavaScript to run.</noscript><div id="root"></div></body></html>';
const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

let remote: http.Server;
let remoteUrl: string;
let config: RuntimeConfig;
beforeAll(async () => {
  // A remote's static server: its manifests (the shell's server reads one before rendering).
  remote = http.createServer((req, res) => {
    if (/^\/(candidate\/|dashboard\/)?mf-manifest\.json$/.test(req.url ?? '')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' }, exposes: [] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', () => resolve()));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  config = {
    apiUrl: 'http://127.0.0.1:9',
    // No registry: the config's remotes are the live ones.
    remoteRegistryUrl: '',
    remotes: { mf_shop: `${remoteUrl}/mf-manifest.json`, mf_dashboard: `${remoteUrl}/dashboard/mf-manifest.json`, mf_admin: `${remoteUrl}/admin.json` },
    firebase: { apiKey: 'k', authDomain: 'a', projectId: 'p' },
  };
});
afterAll(() => new Promise((resolve) => remote.close(resolve)));

const LATE = ['<div hidden id="S:1">late</div><script nonce="x">$RC("B:1","S:1")</script>', '<script id="query-state" type="application/json">{}</script>'];

/** A page as the shell's server build answers it; `tail` pieces come one by one. */
function renderedPage({ status = 200, tail = ['<script id="query-state" type="application/json">{}</script>'], complete = true, allReady = true } = {}): RenderedPage {
  return {
    status,
    head: '<title>Home — PC PART PICKER</title>\n    <style data-styled="true">.a{}</style>',
    body: '<header>navbar</header><main id="main">page</main>',
    allReady,
    tail: (async function* pieces() {
      for (const piece of tail) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        yield piece;
      }
    })(),
    outcome: () => ({ complete, reads: [] }),
  };
}

/** A render that waits until the test lets it go. */
function gated(page: () => RenderedPage = () => renderedPage()) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { render: async () => (await gate, page()), open };
}

/** The static server with the shell's pages and `render` as its renderer. */
async function serve(render: (request: RenderRequest) => Promise<RenderedPage>, options: Partial<ShellPagesOptions> = {}) {
  const calls: RenderRequest[] = [];
  const logs: string[] = [];
  const pages = createShellPages({
    template: async () => TEMPLATE,
    config: () => config,
    getJson: createJsonCache(),
    renderer: {
      render: (request) => {
        calls.push(request);
        return render(request);
      },
      warm: async () => undefined,
    },
    budgetMs: 100,
    log: (line) => logs.push(line),
    ...options,
  });
  const server = await startStaticServer({ root: '/nonexistent', port: 0, spa: true, runtimeConfig: () => config, isPagePath: contracts.isPagePath, pages });
  return { url: server.url, calls, logs, pages, close: server.close };
}

/** Polls until `condition` holds (a few seconds at most): for what happens between requests. */
async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

const directives = (header: string | null) =>
  Object.fromEntries(String(header).split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources])) as Record<string, string[]>;

describe('server-rendered pages', () => {
  test('the rendered page in #root with its head tags; a signed-out visitor gets it as a CDN may keep it', async () => {
    const shell = await serve(async () => renderedPage());
    try {
      const response = await fetch(`${shell.url}/?x=1`, { headers: { 'Accept-Encoding': 'br' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-rendered')).toBe('server');
      expect(response.headers.get('content-encoding')).toBe('br');
      // Cacheable by a CDN: public, revalidated by browsers, nothing per visitor.
      expect(response.headers.get('cache-control')).toBe(PUBLIC);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('set-cookie')).toBe(null);
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+-br"$/);
      // No nonce: the same bytes go to everyone.
      expect(response.headers.get('content-security-policy')).not.toMatch(/nonce-/);
      const html = await response.text();
      expect(html).toMatch(
        /<div id="root" data-server-rendered><header>navbar<\/header><main id="main">page<\/main><\/div><script id="query-state" type="application\/json">\{\}<\/script><\/body><\/html>$/,
      );
      // Its own title replaces index.html's; the page works without scripts, so no notice says otherwise.
      expect(html.match(/<title>/g)?.length).toBe(1);
      expect(html).toContain('<title>Home — PC PART PICKER</title>');
      expect(html).not.toContain('<noscript>');
      expect(html.indexOf('id="runtime-config"')).toBeLessThan(html.indexOf('</head>'));
      expect(html.indexOf('id="live-remotes"')).toBeLessThan(html.indexOf('</head>'));
      const [request] = shell.calls;
      expect(request?.pathname).toBe('/');
      expect(request?.search).toBe('?x=1');
      expect(request?.remote.name).toBe('mf_shop');
      expect(request?.remote.manifestUrl).toBe(config.remotes.mf_shop);
    } finally {
      await shell.close();
    }
  });

  test('304 for the ETag the visitor (or a CDN) has, in any encoding; 200 with the body for another', async () => {
    const shell = await serve(async () => renderedPage(), { cache: createRenderCache({ ttlMs: 5000, isCurrent: async () => true }) });
    try {
      const first = await fetch(`${shell.url}/blogs`, { headers: { 'Accept-Encoding': 'gzip' } });
      const html = await first.text();
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/-gz"$/);
      for (const [ifNoneMatch, encoding] of [[etag, 'gzip'], [etag, 'br'], [`W/${etag}`, 'identity'], [`"other", ${etag}`, 'gzip']] as const) {
        const again = await fetch(`${shell.url}/blogs`, { headers: { 'If-None-Match': ifNoneMatch, 'Accept-Encoding': encoding } });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe('');
        expect(again.headers.get('cache-control')).toBe(PUBLIC);
        expect(again.headers.get('etag')).toBeTruthy();
      }
      const other = await fetch(`${shell.url}/blogs`, { headers: { 'If-None-Match': '"something-else"' } });
      expect(other.status).toBe(200);
      expect(await other.text()).toBe(html);
      expect(shell.calls.length).toBe(1);
    } finally {
      await shell.close();
    }
  });

  test('a page whose sections stream in late goes out as it comes, with a nonce, never to a shared cache', async () => {
    const shell = await serve(async () => renderedPage({ allReady: false, tail: LATE }));
    try {
      const response = await fetch(`${shell.url}/`, { headers: { 'Accept-Encoding': 'br' } });
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(response.headers.get('etag')).toBe(null);
      const html = await response.text();
      expect(html).toMatch(/<\/main><\/div><div hidden id="S:1">late<\/div><script nonce="x">\$RC\("B:1","S:1"\)<\/script><script id="query-state"/);
      expect(directives(response.headers.get('content-security-policy'))['script-src']).toContain(`'nonce-${shell.calls[0]?.nonce}'`);
    } finally {
      await shell.close();
    }
  });

  test('a streamed page kept whole allows its inline scripts by hash, not by nonce', async () => {
    const shell = await serve(async () => renderedPage({ allReady: false, tail: LATE }), { cache: createRenderCache({ ttlMs: 5000, isCurrent: async () => true }) });
    try {
      await (await fetch(`${shell.url}/blogs`)).text();
      const kept = await fetch(`${shell.url}/blogs`);
      expect(shell.calls.length).toBe(1);
      expect(kept.headers.get('cache-control')).toBe(PUBLIC);
      const scriptSources = directives(kept.headers.get('content-security-policy'))['script-src'];
      expect(scriptSources?.some((source) => source.startsWith("'nonce-"))).toBe(false);
      // sha256 of the one script that runs, `$RC("B:1","S:1")`; the JSON data block is not a script.
      const { createHash } = await import('node:crypto');
      expect(scriptSources).toContain(`'sha256-${createHash('sha256').update('$RC("B:1","S:1")').digest('base64')}'`);
      expect(scriptSources?.filter((source) => source.startsWith("'sha256-")).length).toBe(1);
    } finally {
      await shell.close();
    }
  });

  test("keeps the page's own status: a path no page renders is a 404 rendered by the remote", async () => {
    const shell = await serve(async () => renderedPage({ status: 404 }));
    try {
      const response = await fetch(`${shell.url}/no-such-page`);
      expect(response.status).toBe(404);
      expect(response.headers.get('x-rendered')).toBe('server');
    } finally {
      await shell.close();
    }
  });
});

describe('statuses', () => {
  test('every page of the route table answers 200 (rendered on the server or in the browser); an unknown path 404', async () => {
    // The remote answers 404 only for what it has no page for, as mf-shop's server module does.
    const shell = await serve(async (request) => renderedPage({ status: contracts.isPagePath(request.pathname) ? 200 : 404 }));
    try {
      for (const pattern of pagePaths) {
        const path = pattern.replace(/:\w+/g, '64b7f0c2a1b2c3d4e5f60718');
        const response = await fetch(`${shell.url}${path}`);
        await response.arrayBuffer();
        expect([path, response.status]).toEqual([path, 200]);
      }
      for (const path of ['/no-such-page', '/dashboard/no-such-page', '/products/a/b']) {
        const response = await fetch(`${shell.url}${path}`);
        await response.arrayBuffer();
        expect([path, response.status]).toEqual([path, 404]);
      }
      // The cart lives in the browser: it is never rendered on the server.
      const cart = await fetch(`${shell.url}/cart`);
      expect(cart.headers.get('x-rendered')).toBe('browser');
      expect(shell.calls.some((call) => call.pathname === '/cart')).toBe(false);
    } finally {
      await shell.close();
    }
  });

  test('signed-in pages and the sign-in pages are never rendered on the server, nor kept by a shared cache', async () => {
    const shell = await serve(async () => renderedPage());
    try {
      for (const path of ['/dashboard', '/dashboard/manageproduct', '/purchase/64b7f0c2a1b2c3d4e5f60718', '/checkout']) {
        const response = await fetch(`${shell.url}${path}`);
        expect(response.headers.get('x-rendered')).toBe('browser');
        expect(response.headers.get('cache-control')).toBe('private, no-cache');
        expect(await response.text()).toMatch(/<div id="root"><\/div>/);
      }
      const login = await fetch(`${shell.url}/login`);
      expect(login.headers.get('x-rendered')).toBe('browser');
      expect(login.headers.get('cache-control')).toBe(PUBLIC);
      expect(shell.calls.length).toBe(0);
    } finally {
      await shell.close();
    }
  });

  test('a page the browser renders: the hints in <head>, compressed, with an ETag', async () => {
    const shell = await serve(async () => renderedPage(), { renderer: null });
    try {
      const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${shell.url}/products`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
      expect(raw.headers['content-encoding']).toBe('gzip');
      expect(raw.headers['x-rendered']).toBe('browser');
      const html = zlib.gunzipSync(raw.body).toString();
      expect(html.slice(0, html.indexOf('</head>'))).toMatch(/id="runtime-config"/);
      expect(html).toContain('<div id="root"></div>');
      const again = await fetch(`${shell.url}/products`, { headers: { 'If-None-Match': String(raw.headers.etag) } });
      expect(again.status).toBe(304);
    } finally {
      await shell.close();
    }
  });
});

describe('the budget fallback', () => {
  test("a renderer that fails (a remote's server build that throws) leaves the page to the browser, and says why once", async () => {
    const shell = await serve(async () => {
      throw new Error('mf_shop/server threw: boom');
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        const response = await fetch(`${shell.url}/`);
        expect(response.status).toBe(200);
        expect(response.headers.get('x-rendered')).toBe('browser');
        const html = await response.text();
        // The client-rendered page: index.html with its hints, an empty #root.
        expect(html).toContain('<div id="root"></div>');
        expect(html).toContain('<noscript>PC PART PICKER needs JavaScript to run.</noscript>');
        expect(html).toContain('id="runtime-config"');
      }
      expect(shell.logs).toEqual(['/: rendered in the browser: mf_shop/server threw: boom']);
    } finally {
      await shell.close();
    }
  });

  test('a renderer that never answers: the page goes to the browser once the budget is spent', async () => {
    const shell = await serve(() => new Promise(() => undefined));
    try {
      const response = await fetch(`${shell.url}/products`);
      expect(response.headers.get('x-rendered')).toBe('browser');
      expect(await response.text()).toContain('<div id="root"></div>');
      expect(shell.logs).toEqual(['/products: rendered in the browser: the page was not rendered within the render budget (100 ms)']);
    } finally {
      await shell.close();
    }
  });

  test("a remote whose manifest cannot be read is the browser's to render (its fallback with Retry)", async () => {
    const original = config.remotes.mf_shop;
    config.remotes.mf_shop = original.replace('/mf-manifest.json', '/missing.json');
    const shell = await serve(async () => renderedPage());
    try {
      const response = await fetch(`${shell.url}/`);
      expect(response.headers.get('x-rendered')).toBe('browser');
      expect(shell.calls.length).toBe(0);
      expect(shell.logs[0]).toMatch(/could not be read/);
    } finally {
      config.remotes.mf_shop = original;
      await shell.close();
    }
  });
});

describe('a crowd', () => {
  test('single-flight: 20 visitors of a page being rendered wait for that one render and all get it', async () => {
    const render = gated();
    const shell = await serve(render.render, { budgetMs: 10_000 });
    try {
      const answers = Array.from({ length: 20 }, () => fetch(`${shell.url}/products`).then(async (response) => ({ by: response.headers.get('x-rendered'), html: await response.text() })));
      await until(() => shell.pages.stats.joined === 19);
      render.open();
      const pages = await Promise.all(answers);
      expect(shell.calls.length).toBe(1);
      expect(pages.every((page) => page.by === 'server' && page.html === pages[0]?.html)).toBe(true);
    } finally {
      await shell.close();
    }
  });

  test('single-flight for a page that streams: every visitor gets the late sections of the one render', async () => {
    const render = gated(() => renderedPage({ allReady: false, tail: LATE }));
    const shell = await serve(render.render, { budgetMs: 10_000 });
    try {
      const answers = Array.from({ length: 10 }, (_, i) =>
        fetch(`${shell.url}/`, { headers: { 'Accept-Encoding': ['br', 'gzip', 'identity'][i % 3]! } }).then((response) => response.text()),
      );
      await until(() => shell.pages.stats.joined === 9);
      render.open();
      const pages = await Promise.all(answers);
      expect(shell.calls.length).toBe(1);
      for (const html of pages) expect(html).toMatch(/<div hidden id="S:1">late<\/div>.*<\/html>$/s);
      expect(new Set(pages).size).toBe(1);
    } finally {
      await shell.close();
    }
  });

  test('a full render queue sends the page the browser renders at once, and the log counts it', async () => {
    const render = gated();
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 1 });
    const shell = await serve(render.render, { budgetMs: 10_000, queue });
    try {
      const rendering = fetch(`${shell.url}/blogs`).then((response) => response.headers.get('x-rendered'));
      await until(() => queue.running === 1);
      const waiting = fetch(`${shell.url}/portfolio`).then((response) => response.headers.get('x-rendered'));
      await until(() => queue.waiting === 1);
      // A third page finds one render running and one waiting: no room.
      const turnedAway = await fetch(`${shell.url}/returnPolicy`);
      expect(turnedAway.status).toBe(200);
      expect(turnedAway.headers.get('x-rendered')).toBe('browser');
      expect(await turnedAway.text()).toContain('<div id="root"></div>');
      expect(shell.pages.stats.queueFull).toBe(1);
      expect(shell.logs).toEqual(['1 page rendered in the browser: the render queue was full (1 rendering, 1 waiting)']);
      render.open();
      expect(await rendering).toBe('server');
      expect(await waiting).toBe('server');
      expect(shell.calls.map((call) => call.pathname)).toEqual(['/blogs', '/portfolio']);
    } finally {
      await shell.close();
    }
  });

  test('a kept page past its freshness is served stale at once while one render refreshes it', async () => {
    let clock = 10_000;
    let version = 1;
    // The refresh waits until the test lets it go: meanwhile every visitor gets the kept page.
    const refresh = gated();
    const shell = await serve(
      async () => {
        const rendering = version;
        if (rendering === 2) await refresh.render();
        return { ...renderedPage(), body: `<main id="main">version ${rendering}</main>` };
      },
      { budgetMs: 10_000, now: () => clock, cache: createRenderCache({ ttlMs: 1_000, staleMs: 60_000, now: () => clock, isCurrent: async () => true }) },
    );
    try {
      expect(await (await fetch(`${shell.url}/blogs`)).text()).toContain('version 1');
      version = 2;
      clock += 1_001;
      const stale = await Promise.all(Array.from({ length: 5 }, () => fetch(`${shell.url}/blogs`).then((response) => response.text())));
      expect(stale.every((html) => html.includes('version 1'))).toBe(true);
      // One render in the background for all of them.
      expect(shell.pages.stats.refreshes).toBe(1);
      expect(shell.calls.length).toBe(2);
      refresh.open();
      // The refreshed page replaces it once rendered.
      let latest = '';
      for (let i = 0; i < 100 && !latest.includes('version 2'); i += 1) latest = await (await fetch(`${shell.url}/blogs`)).text();
      expect(latest).toContain('version 2');
      expect(shell.calls.length).toBe(2);
    } finally {
      await shell.close();
    }
  });

  test('a complete page is rendered once and served again; an incomplete one is rendered each time', async () => {
    let complete = true;
    const shell = await serve(async () => renderedPage({ complete }), { cache: createRenderCache({ ttlMs: 5000, isCurrent: async () => true }) });
    try {
      const first = await (await fetch(`${shell.url}/blogs`)).text();
      const second = await fetch(`${shell.url}/blogs`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(second.headers.get('x-rendered')).toBe('server');
      expect(second.headers.get('content-encoding')).toBe('gzip');
      expect(await second.text()).toBe(first);
      expect(shell.calls.length).toBe(1);
      complete = false;
      await (await fetch(`${shell.url}/portfolio`)).text();
      await (await fetch(`${shell.url}/portfolio`)).text();
      expect(shell.calls.length).toBe(3);
    } finally {
      await shell.close();
    }
  });
});

describe('serverDocument', () => {
  test('refuses a template without the root it fills', () => {
    expect(() => serverDocument('<html><body></body></html>', '', '', '')).toThrow(/no <div id="root"><\/div>/);
  });
});

describe('a rollout', () => {
  /** The registry's answer with a rollout of `remote` to half the browsers. */
  async function withRollout(remote: 'mf_shop' | 'mf_dashboard', run: (urls: { live: string; candidate: string }) => Promise<void>) {
    const live = config.remotes[remote];
    const candidate = `${remoteUrl}/candidate/mf-manifest.json`;
    const registry = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          remotes: { [remote]: live },
          previous: {},
          versions: { [remote]: { live: '1.0.0+live' } },
          rollouts: { [remote]: { version: '1.1.0+candidate', manifestUrl: candidate, percent: 50 } },
          loadSampleRate: 0.1,
          loadId: 'x',
        }),
      );
    });
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', () => resolve()));
    const saved = config;
    config = { ...config, remoteRegistryUrl: `http://127.0.0.1:${(registry.address() as AddressInfo).port}/remotes` };
    try {
      await run({ live, candidate });
    } finally {
      config = saved;
      await new Promise((resolve) => registry.close(resolve));
    }
  }

  const cohortWith = (test: (bucket: number) => boolean) => {
    for (let i = 0; ; i += 1) {
      const id = `ssr-cohort-${String(i).padStart(8, '0')}`;
      if (test(contracts.cohortBucket(id, 'mf_shop'))) return id;
    }
  };

  test("of the page's remote: the version of the browser's cohort, private, a cohort cookie for a browser without one", async () => {
    await withRollout('mf_shop', async ({ live, candidate }) => {
      const shell = await serve(async () => renderedPage(), { cache: createRenderCache({ ttlMs: 5000, isCurrent: async () => true }) });
      try {
        const inside = await fetch(`${shell.url}/`, { headers: { cookie: `pcpp_cohort=${cohortWith((bucket) => bucket < 50)}` } });
        await inside.text();
        expect(inside.headers.get('set-cookie')).toBe(null);
        expect(inside.headers.get('cache-control')).toBe('private, no-cache');
        expect(inside.headers.get('vary')).toBe('Accept-Encoding, Cookie');
        const outside = await fetch(`${shell.url}/`, { headers: { cookie: `other=1; pcpp_cohort=${cohortWith((bucket) => bucket >= 50)}` } });
        await outside.text();
        expect(outside.headers.get('cache-control')).toBe('private, no-cache');
        expect(shell.calls.map((call) => call.remote.manifestUrl)).toEqual([candidate, live]);

        const first = await fetch(`${shell.url}/`);
        const html = await first.text();
        expect(first.headers.get('cache-control')).toBe('private, no-cache');
        const given = /^pcpp_cohort=([\w-]+); Max-Age=31536000; Path=\/; SameSite=Lax$/.exec(first.headers.get('set-cookie') ?? '')?.[1];
        expect(given).toBeTruthy();
        const expected = contracts.cohortBucket(given!, 'mf_shop') < 50 ? candidate : live;
        // The page's hints preload the version its cohort gets (the render of that version, kept, or a new one).
        expect(html).toContain(`href="${expected}"`);
      } finally {
        await shell.close();
      }
    });
  });

  test("a render the candidate's code throws in is a failure of its version for the cohort (a budget that ran out is not); the visitor gets the page the browser renders", async () => {
    await withRollout('mf_shop', async () => {
      const failures: RenderFailure[] = [];
      const thrown = Object.assign(new TypeError("Cannot read properties of undefined (reading 'price')"), { remoteCodeFailed: true });
      const shell = await serve(async (request) => {
        if (request.pathname === '/blogs') return new Promise<RenderedPage>(() => undefined);
        throw thrown;
      }, { onRenderFailed: (failure) => failures.push(failure) });
      try {
        const cohort = cohortWith((bucket) => bucket < 50);
        const page = await fetch(`${shell.url}/products/64b7f0c2a1b2c3d4e5f60718`, { headers: { cookie: `pcpp_cohort=${cohort}` } });
        await page.text();
        expect(page.headers.get('x-rendered')).toBe('browser');
        await until(() => failures.length === 1);
        expect(failures[0]).toMatchObject({ reason: 'render', remote: 'mf_shop', version: '1.1.0+candidate', cohort, error: thrown });
        expect(failures[0]!.clientAddress).toMatch(/127\.0\.0\.1/);
        // Out of time is not the version's failure.
        await (await fetch(`${shell.url}/blogs`, { headers: { cookie: `pcpp_cohort=${cohort}` } })).text();
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(failures).toHaveLength(1);
      } finally {
        await shell.close();
      }
    });
  });

  test("of another remote: the page does not depend on the cohort, so no cookie, and a CDN may keep it", async () => {
    await withRollout('mf_dashboard', async () => {
      const shell = await serve(async () => renderedPage());
      try {
        const home = await fetch(`${shell.url}/`);
        await home.text();
        expect(home.headers.get('set-cookie')).toBe(null);
        expect(home.headers.get('cache-control')).toBe(PUBLIC);
        expect(home.headers.get('vary')).toBe('Accept-Encoding');
        // A page of the remote being rolled out does.
        const dashboard = await fetch(`${shell.url}/dashboard`);
        await dashboard.text();
        expect(dashboard.headers.get('set-cookie')).toMatch(/^pcpp_cohort=/);
        expect(dashboard.headers.get('vary')).toBe('Accept-Encoding, Cookie');
      } finally {
        await shell.close();
      }
    });
  });
});
