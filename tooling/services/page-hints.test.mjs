// The hints the shell's server writes into index.html, against real HTTP servers standing in for the
// api's release registry and a remote's static server, and through the static server itself.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import contracts from '@pcpp/contracts/core';
import seo from '@pcpp/contracts/seo';
import { createJsonCache, pageHints } from './page-hints.mjs';
import { createShellPages } from './shell-pages.mjs';
import { startStaticServer } from './static-server.mjs';

const manifest = (publicPath = 'auto') => ({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath },
  exposes: [{ name: 'routes', assets: { js: { sync: ['882.c4b2f559.js', '__federation_expose_routes.b4bae826.js'], async: ['purchase.1.js'] } } }],
});

/**
 * A JSON server on a free port; `answers` maps a path to [status, body]; every request is counted.
 * @param {Record<string, [number, unknown]>} answers
 */
async function jsonServer(answers) {
  /** @type {(string | undefined)[]} */
  const hits = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url);
    const [status, body] = answers[req.url ?? ''] ?? [404, { message: 'Not found' }];
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  return { url, hits, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** @type {Awaited<ReturnType<typeof jsonServer>>} */
let api;
/** @type {Awaited<ReturnType<typeof jsonServer>>} */
let shop;
/** @type {Parameters<typeof pageHints>[0]['config']} */
let config;
before(async () => {
  shop = await jsonServer({ '/v2/mf-manifest.json': [200, manifest()], '/mf-manifest.json': [200, manifest()] });
  // The registry names a live version other than the runtime config's, with a load id for one page load.
  api = await jsonServer({
    '/remotes': [
      200,
      {
        remotes: { mf_shop: `${shop.url}/v2/mf-manifest.json` },
        previous: {},
        versions: { mf_shop: { live: '0.1.0+2' } },
        rollouts: {},
        loadSampleRate: 0.1,
        loadId: 'one-page-load',
      },
    ],
  });
  config = {
    apiUrl: api.url,
    remoteRegistryUrl: `${api.url}/remotes`,
    remotes: { mf_shop: `${shop.url}/mf-manifest.json`, mf_dashboard: `${shop.url}/dashboard/mf-manifest.json`, mf_admin: `${shop.url}/admin/mf-manifest.json` },
    firebase: { apiKey: 'k</script><script>alert(1)</script>', authDomain: 'a', projectId: 'p', useAuthEmulator: true },
  };
});
after(async () => {
  await api.close();
  await shop.close();
});

/** The addresses of the <link> tags (the inline config names every manifest too). */
const linked = (/** @type {string} */ hints) => [...hints.matchAll(/<link [^>]*href="([^"]+)"/g)].map((match) => match[1].replaceAll('&amp;', '&')).join('\n');

/**
 * @param {string} pathname
 * @param {Partial<Parameters<typeof pageHints>[0]>} [options]
 */
const hintsFor = (pathname, options = {}) =>
  pageHints({ pathname, config, requestOrigin: 'http://shell.test', getJson: createJsonCache(), contracts, ...options });

describe('page hints', () => {
  test("home: the registry's answer inline, the live remote's manifest, entry and first chunks, and the home page's api reads and hero", async () => {
    const hints = await hintsFor('/', { startupScripts: ['/470.50a999b9.js'] });
    const live = `${shop.url}/v2`;
    // The page loads the versions chosen here, with no registry request of its own.
    const inline = hints.match(/<script id="live-remotes" type="application\/json">(.*?)<\/script>/s);
    assert.ok(inline, hints);
    // Its load id stays out: it belongs to one page load, and this answer serves many.
    assert.deepEqual(JSON.parse(inline[1]), {
      remotes: { mf_shop: `${live}/mf-manifest.json` },
      previous: {},
      versions: { mf_shop: { live: '0.1.0+2' } },
      rollouts: {},
      loadSampleRate: 0.1,
    });
    assert.ok(!hints.includes('one-page-load'), hints);
    assert.ok(!hints.includes(`href="${api.url}/remotes"`), hints);
    for (const tag of [
      '<link rel="preload" as="script" href="/470.50a999b9.js">',
      `<link rel="preload" as="fetch" crossorigin href="${live}/mf-manifest.json">`,
      `<link rel="preload" as="script" href="${live}/remoteEntry.js">`,
      `<link rel="preload" as="script" href="${live}/882.c4b2f559.js">`,
      `<link rel="preload" as="script" href="${live}/__federation_expose_routes.b4bae826.js">`,
      `<link rel="preload" as="fetch" crossorigin href="${api.url}/tools?sort=newest&amp;limit=6">`,
      `<link rel="preload" as="fetch" crossorigin href="${api.url}/reviews?sort=newest&amp;limit=6">`,
      `<link rel="preload" as="image" fetchpriority="high" media="${contracts.HOME_HERO_MEDIA}" href="${api.url}${contracts.HOME_HERO_IMAGE_PATH}">`,
      `<link rel="preconnect" href="${api.url}" crossorigin>`,
      `<link rel="preconnect" href="${shop.url}">`,
    ]) {
      assert.ok(hints.includes(tag), `missing ${tag} in\n${hints}`);
    }
    // Chunks loaded later (the order form) are not preloaded; the config's own (older) manifest neither.
    assert.ok(!hints.includes('purchase.1.js'));
    assert.ok(!hints.includes(`href="${shop.url}/mf-manifest.json"`));
  });

  test('a page the server renders carries its data: its api reads are not preloaded, its pictures are', async () => {
    const hints = await hintsFor('/', { serverRendered: true });
    assert.ok(!hints.includes('/tools?'), hints);
    assert.ok(hints.includes(`href="${api.url}${contracts.HOME_HERO_IMAGE_PATH}"`), hints);
  });

  test('the catalog preloads its first page, but not for a filtered address', async () => {
    const plain = linked(await hintsFor('/products'));
    assert.ok(plain.includes(`${api.url}${contracts.catalogApiPath({})}`), plain);
    const filtered = linked(await hintsFor('/products', { search: '?category=Memory' }));
    assert.ok(!filtered.includes('/tools?'), filtered);
    assert.ok(filtered.includes('remoteEntry.js'), filtered);
  });

  test('the runtime config is inlined as a data block that no value can close early', async () => {
    const hints = await hintsFor('/blogs');
    const match = hints.match(/<script id="runtime-config" type="application\/json">(.*?)<\/script>/s);
    assert.ok(match, hints);
    assert.deepEqual(JSON.parse(match[1]), config);
    assert.ok(!match[1].includes('</script>'));
    // A page with nothing to preload: no api reads or hero picture.
    assert.ok(!hints.includes('/tools?'));
    assert.ok(!hints.includes('as="image"'));
  });

  test("the shell's own pages get no remote hints; a dashboard page gets the dashboard's manifest", async () => {
    const login = linked(await hintsFor('/login'));
    assert.ok(!login.includes('mf-manifest.json'), login);
    assert.ok(!login.includes('/remotes'), login);
    const dashboard = linked(await hintsFor('/dashboard/myOrders'));
    assert.ok(dashboard.includes(`${shop.url}/dashboard/mf-manifest.json`), dashboard);
  });

  test('an unreachable registry falls back to the runtime config; an unreadable manifest leaves only its preload', async () => {
    const tags = await hintsFor('/', {
      config: { ...config, remoteRegistryUrl: 'http://127.0.0.1:9/remotes', remotes: { ...config.remotes, mf_shop: `${shop.url}/missing/mf-manifest.json` } },
    });
    const hints = linked(tags);
    assert.ok(!hints.includes('/remotes'), hints);
    assert.ok(hints.includes(`${shop.url}/missing/mf-manifest.json`));
    assert.ok(!hints.includes('remoteEntry.js'));
    // The page is told the registry was not read, so it takes the runtime config's remotes too.
    assert.ok(tags.includes('<script id="live-remotes" type="application/json">null</script>'), tags);
  });

  test('answers are remembered for a few seconds, failures only briefly; an outdated one is given at once and renewed behind', async () => {
    let clock = 0;
    const getJson = createJsonCache({ now: () => clock, cacheMs: 3000, failureCacheMs: 500 });
    const before = shop.hits.length;
    const first = await getJson(`${shop.url}/mf-manifest.json`);
    await getJson(`${shop.url}/mf-manifest.json`);
    assert.equal(shop.hits.length - before, 1);
    clock = 3001;
    // Outdated: the answer it has, without waiting, and a new read in the background.
    assert.deepEqual(await getJson(`${shop.url}/mf-manifest.json`), first);
    await getJson.settled();
    assert.equal(shop.hits.length - before, 2);
    assert.equal(await getJson(`${shop.url}/nope.json`), null);
    clock = 3400;
    await getJson(`${shop.url}/nope.json`);
    await getJson.settled();
    assert.equal(shop.hits.length - before, 3);
    clock = 3600;
    await getJson(`${shop.url}/nope.json`);
    await getJson.settled();
    assert.equal(shop.hits.length - before, 4);
  });

  test('a read that times out keeps the answer it had (for a while) and asks again soon; a 404 is a failure at once', async () => {
    let status = 200;
    let silent = false;
    const server = http.createServer((_req, res) => {
      if (silent) return;
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end('{"live":1}');
    });
    await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve())));
    const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/mf-manifest.json`;
    let clock = 0;
    const getJson = createJsonCache({ now: () => clock, timeoutMs: 100, cacheMs: 3000, failureCacheMs: 500, staleIfErrorMs: 10_000 });
    try {
      assert.deepEqual(await getJson(url), { live: 1 });
      silent = true;
      clock = 3001;
      assert.deepEqual(await getJson(url), { live: 1 });
      await getJson.settled();
      // The slow read kept the answer: still given, and asked again once the failure's time is up.
      clock = 3400;
      assert.deepEqual(await getJson(url), { live: 1 });
      clock = 3600;
      assert.deepEqual(await getJson(url), { live: 1 });
      await getJson.settled();
      // Past the bound, an address that still does not answer is a failure.
      clock = 10_100;
      await getJson(url);
      await getJson.settled();
      assert.equal(await getJson(url), null);
      // An answer that says no (404) is believed at once.
      silent = false;
      clock = 20_000;
      assert.deepEqual(await getJson(url), null);
      await getJson.settled();
      assert.deepEqual(await getJson(url), { live: 1 });
      status = 404;
      clock = 23_001;
      await getJson(url);
      await getJson.settled();
      assert.equal(await getJson(url), null);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('an api that does not answer holds only the first page, never the ones after', async () => {
    const silent = http.createServer(() => undefined);
    await /** @type {Promise<void>} */ (new Promise((resolve) => silent.listen(0, '127.0.0.1', () => resolve())));
    const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (silent.address()).port}/remotes`;
    let clock = 0;
    const getJson = createJsonCache({ now: () => clock, timeoutMs: 200, failureCacheMs: 500 });
    try {
      const timed = async () => {
        const started = Date.now();
        assert.equal(await getJson(url), null);
        return Date.now() - started;
      };
      assert.ok((await timed()) >= 150);
      clock = 1000;
      assert.ok((await timed()) < 50);
      await getJson.settled();
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe("the shell's server with hints", () => {
  /** @type {string} */
  let dir;
  /** @type {Awaited<ReturnType<typeof startStaticServer>>} */
  let server;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pcpp-hints-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>shell</title></head><body></body></html>');
    server = await startStaticServer({
      root: dir,
      port: 0,
      spa: true,
      runtimeConfig: () => config,
      isPagePath: contracts.isPagePath,
      // No server build: every page is index.html with its hints, rendered by the browser.
      pages: createShellPages({
        template: async () => '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>',
        config: () => config,
        contracts: { ...contracts, ...seo },
        getJson: createJsonCache(),
      }),
    });
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('writes the hints into <head>, compressed, never cached, 404 for a path no page renders', async () => {
    const home = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(home.status, 200);
    assert.equal(home.headers.get('cache-control'), 'no-cache');
    assert.equal(home.headers.get('x-rendered'), 'browser');
    const html = await home.text();
    const head = html.slice(0, html.indexOf('</head>'));
    assert.match(head, /<link rel="preload" as="fetch" crossorigin href="[^"]+\/tools\?sort=newest&amp;limit=6">/);
    assert.ok(html.indexOf('id="runtime-config"') < html.indexOf('</head>'));
    /** @type {{ headers: http.IncomingHttpHeaders, body: Buffer }} */
    const raw = await new Promise((resolve, reject) => {
      http.get(`${server.url}/products`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    assert.equal(raw.headers['content-encoding'], 'gzip');
    assert.match(zlib.gunzipSync(raw.body).toString(), /id="runtime-config"/);
    const missing = await fetch(`${server.url}/no-such-page`);
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /id="runtime-config"/);
  });
});
