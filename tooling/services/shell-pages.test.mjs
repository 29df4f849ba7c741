// The shell's pages through the static server, with renderers of known behaviour standing in for the
// shell's server build: one that renders, one that throws (a remote's server build that throws),
// one that never answers. Whatever the renderer does, the visitor gets a page, within the budget.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import core from '@pcpp/contracts/core';
import seo from '@pcpp/contracts/seo';
import { createJsonCache } from './page-hints.mjs';
import { createRenderCache } from './render-cache.mjs';
import { createShellPages, serverDocument } from './shell-pages.mjs';
import { startStaticServer } from './static-server.mjs';

const contracts = { ...core, ...seo };

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"/><title>shell</title><script defer="defer" src="/main.js"></script></head>' +
  '<body><noscript>PC PART PICKER needs JavaScript to run.</noscript><div id="root"></div></body></html>';

/** @typedef {import('./shell-pages.mjs').RenderRequest} RenderRequest */
/** @typedef {import('./shell-pages.mjs').RenderedPage} RenderedPage */

/** @type {http.Server} */
let remote;
/** @type {import('./page-hints.mjs').RuntimeConfig} */
let config;
before(async () => {
  // A remote's static server: its manifest (the shell's server reads it before rendering).
  remote = http.createServer((req, res) => {
    if (req.url === '/mf-manifest.json' || req.url === '/candidate/mf-manifest.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' }, exposes: [] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => remote.listen(0, '127.0.0.1', () => resolve(undefined)));
  const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (remote.address()).port}`;
  config = {
    apiUrl: 'http://127.0.0.1:9',
    // No registry: the config's remotes are the live ones.
    remoteRegistryUrl: '',
    remotes: { mf_shop: `${url}/mf-manifest.json`, mf_dashboard: `${url}/dashboard.json`, mf_admin: `${url}/admin.json` },
    firebase: { apiKey: 'k', authDomain: 'a', projectId: 'p' },
  };
});
after(() => new Promise((resolve) => remote.close(resolve)));

/**
 * A page as the shell's server build answers it; `tail` pieces come one by one.
 * @returns {RenderedPage}
 */
function renderedPage({ status = 200, tail = ['<div hidden id="S:1">late</div>', '<script id="query-state" type="application/json">{}</script>'], complete = true } = {}) {
  return {
    status,
    head: '<title>Home — PC PART PICKER</title>\n    <style data-styled="true">.a{}</style>',
    body: '<header>navbar</header><main id="main">page</main>',
    tail: (async function* pieces() {
      for (const piece of tail) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        yield piece;
      }
    })(),
    outcome: () => ({ complete, reads: [] }),
  };
}

/**
 * The static server with the shell's pages and `render` as its renderer.
 * @param {(request: RenderRequest) => Promise<RenderedPage>} render
 * @param {Partial<Parameters<typeof createShellPages>[0]>} [options]
 */
async function serve(render, options = {}) {
  /** @type {RenderRequest[]} */
  const calls = [];
  /** @type {string[]} */
  const logs = [];
  const pages = createShellPages({
    template: async () => TEMPLATE,
    config: () => config,
    contracts,
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
  return { url: server.url, calls, logs, close: server.close };
}

describe('server-rendered pages', () => {
  test('the rendered page in #root, its head tags, what streams after it, and a policy allowing its own scripts', async () => {
    const shell = await serve(async () => renderedPage());
    try {
      const response = await fetch(`${shell.url}/?x=1`, { headers: { 'Accept-Encoding': 'br' } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-rendered'), 'server');
      assert.equal(response.headers.get('content-encoding'), 'br');
      // The cohort cookie chooses a rollout's version of the page.
      assert.equal(response.headers.get('vary'), 'Accept-Encoding, Cookie');
      const html = await response.text();
      assert.match(
        html,
        /<div id="root" data-server-rendered><header>navbar<\/header><main id="main">page<\/main><\/div><div hidden id="S:1">late<\/div><script id="query-state" type="application\/json">\{\}<\/script><\/body><\/html>$/,
      );
      // Its own title replaces index.html's; the page works without scripts, so no notice says otherwise.
      assert.equal(html.match(/<title>/g)?.length, 1);
      assert.ok(html.includes('<title>Home — PC PART PICKER</title>'));
      assert.ok(!html.includes('<noscript>'));
      assert.ok(html.indexOf('id="runtime-config"') < html.indexOf('</head>'));
      assert.ok(html.indexOf('id="live-remotes"') < html.indexOf('</head>'));
      const [request] = shell.calls;
      assert.equal(request.pathname, '/');
      assert.equal(request.search, '?x=1');
      assert.equal(request.remote.name, 'mf_shop');
      assert.equal(request.remote.manifestUrl, config.remotes.mf_shop);
      assert.ok(request.deadline - Date.now() <= 100);
      assert.ok(String(response.headers.get('content-security-policy')).includes(`'nonce-${request.nonce}'`));
    } finally {
      await shell.close();
    }
  });

  test("keeps the page's own status: a path no page renders is a 404 rendered by the remote", async () => {
    const shell = await serve(async () => renderedPage({ status: 404 }));
    try {
      const response = await fetch(`${shell.url}/no-such-page`);
      assert.equal(response.status, 404);
      assert.equal(response.headers.get('x-rendered'), 'server');
    } finally {
      await shell.close();
    }
  });

  test('signed-in pages and the sign-in pages are never rendered on the server', async () => {
    const shell = await serve(async () => renderedPage());
    try {
      for (const path of ['/dashboard', '/dashboard/manageproduct', '/purchase/64b7f0c2a1b2c3d4e5f60718', '/login']) {
        const response = await fetch(`${shell.url}${path}`);
        assert.equal(response.headers.get('x-rendered'), 'browser', path);
        assert.match(await response.text(), /<div id="root"><\/div>/);
      }
      assert.equal(shell.calls.length, 0);
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
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('x-rendered'), 'browser');
        const html = await response.text();
        // Today's client-rendered page: index.html with its hints, an empty #root.
        assert.ok(html.includes('<div id="root"></div>'));
        assert.ok(html.includes('<noscript>PC PART PICKER needs JavaScript to run.</noscript>'));
        assert.ok(html.includes('id="runtime-config"'));
      }
      assert.deepEqual(shell.logs, ['/: rendered in the browser: mf_shop/server threw: boom']);
    } finally {
      await shell.close();
    }
  });

  test('a renderer that never answers does not hold the page past the budget', async () => {
    const shell = await serve(() => new Promise(() => undefined));
    try {
      const started = Date.now();
      const response = await fetch(`${shell.url}/products`);
      const html = await response.text();
      const took = Date.now() - started;
      assert.equal(response.headers.get('x-rendered'), 'browser');
      assert.ok(html.includes('<div id="root"></div>'));
      assert.ok(took < 1000, `took ${took} ms`);
      assert.deepEqual(shell.logs, ['/products: rendered in the browser: the page was not rendered within the render budget (100 ms)']);
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
      assert.equal(response.headers.get('x-rendered'), 'browser');
      assert.equal(shell.calls.length, 0);
      assert.match(shell.logs[0], /could not be read/);
    } finally {
      config.remotes.mf_shop = original;
      await shell.close();
    }
  });
});

describe('with the render cache', () => {
  test('a complete page is rendered once and served again; an incomplete one is rendered each time', async () => {
    let complete = true;
    const shell = await serve(async () => renderedPage({ complete }), { cache: createRenderCache({ ttlMs: 5000 }) });
    try {
      const first = await (await fetch(`${shell.url}/blogs`)).text();
      const second = await fetch(`${shell.url}/blogs`, { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(second.headers.get('x-rendered'), 'server');
      assert.equal(second.headers.get('content-encoding'), 'gzip');
      assert.equal(await second.text(), first);
      assert.equal(shell.calls.length, 1);
      complete = false;
      await (await fetch(`${shell.url}/portfolio`)).text();
      await (await fetch(`${shell.url}/portfolio`)).text();
      assert.equal(shell.calls.length, 3);
    } finally {
      await shell.close();
    }
  });
});

describe('serverDocument', () => {
  test('refuses a template without the root it fills', () => {
    assert.throws(() => serverDocument('<html><body></body></html>', '', '', ''), /no <div id="root"><\/div>/);
  });
});

describe('a rollout', () => {
  test("renders the version the browser's cohort gets, and gives a browser without one its cohort", async () => {
    const live = config.remotes.mf_shop;
    const candidate = live.replace('/mf-manifest.json', '/candidate/mf-manifest.json');
    const registry = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          remotes: { mf_shop: live },
          previous: {},
          versions: { mf_shop: { live: '1.0.0+live' } },
          rollouts: { mf_shop: { version: '1.1.0+candidate', manifestUrl: candidate, percent: 50 } },
          loadSampleRate: 0.1,
          loadId: 'x',
        }),
      );
    });
    await new Promise((resolve) => registry.listen(0, '127.0.0.1', () => resolve(undefined)));
    const saved = config;
    config = { ...config, remoteRegistryUrl: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (registry.address()).port}/remotes` };
    const shell = await serve(async () => renderedPage());
    try {
      const cohortWith = (/** @type {(bucket: number) => boolean} */ test) => {
        for (let i = 0; ; i += 1) {
          const id = `ssr-cohort-${String(i).padStart(8, '0')}`;
          if (test(contracts.cohortBucket(id, 'mf_shop'))) return id;
        }
      };
      const inside = await fetch(`${shell.url}/`, { headers: { cookie: `pcpp_cohort=${cohortWith((bucket) => bucket < 50)}` } });
      await inside.text();
      assert.equal(inside.headers.get('set-cookie'), null);
      const outside = await fetch(`${shell.url}/`, { headers: { cookie: `other=1; pcpp_cohort=${cohortWith((bucket) => bucket >= 50)}` } });
      await outside.text();
      assert.deepEqual(
        shell.calls.map((call) => call.remote.manifestUrl),
        [candidate, live],
      );

      const first = await fetch(`${shell.url}/`);
      const html = await first.text();
      const given = /^pcpp_cohort=([\w-]+); Path=\/; Max-Age=31536000; SameSite=Lax$/.exec(first.headers.get('set-cookie') ?? '')?.[1];
      assert.ok(given, first.headers.get('set-cookie') ?? 'no cookie');
      const expected = contracts.cohortBucket(given, 'mf_shop') < 50 ? candidate : live;
      assert.equal(shell.calls.at(-1)?.remote.manifestUrl, expected);
      // The page's hints preload the same version.
      assert.ok(html.includes(`href="${expected}"`));
    } finally {
      config = saved;
      await shell.close();
      await new Promise((resolve) => registry.close(resolve));
    }
  });
});
