/** @jest-environment node */
import type { AddressInfo } from 'node:net';
// The hints the shell's server writes into index.html, against real HTTP servers standing in for the
// api's release registry and a remote's static server, and through the static server itself.
import http from 'node:http';
import * as contracts from '@pcpp/contracts/core';
import { createJsonCache, pageHints, type PageHintsOptions, type RuntimeConfig } from './page-hints';

const manifest = (publicPath = 'auto') => ({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath },
  exposes: [{ name: 'routes', assets: { js: { sync: ['882.c4b2f559.js', '__federation_expose_routes.b4bae826.js'], async: ['purchase.1.js'] } } }],
});

/**
 * A JSON server on a free port; `answers` maps a path to [status, body]; every request is counted.
 * @param {Record<string, [number, unknown]>} answers
 */
async function jsonServer(answers: Record<string, [number, unknown]>) {
  const hits: (string | undefined)[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url);
    const [status, body] = answers[req.url ?? ''] ?? [404, { message: 'Not found' }];
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, hits, close: () => new Promise((resolve) => server.close(resolve)) };
}

let api: Awaited<ReturnType<typeof jsonServer>>;
let shop: Awaited<ReturnType<typeof jsonServer>>;
let config: RuntimeConfig;
beforeAll(async () => {
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
afterAll(async () => {
  await api.close();
  await shop.close();
});

/** The addresses of the <link> tags (the inline config names every manifest too). */
const linked = (hints: string) => [...hints.matchAll(/<link [^>]*href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&')).join('\n');

/**
 * @param {string} pathname
 * @param {Partial<Parameters<typeof pageHints>[0]>} [options]
 */
const hintsFor = (pathname: string, options: Partial<PageHintsOptions> = {}) =>
  pageHints({ pathname, config, requestOrigin: 'http://shell.test', getJson: createJsonCache(), ...options });

describe('page hints', () => {
  test("home: the registry's answer inline, the live remote's manifest, entry and first chunks, and the home page's api reads and hero", async () => {
    const hints = await hintsFor('/', { startupScripts: ['/470.50a999b9.js'] });
    const live = `${shop.url}/v2`;
    // The page loads the versions chosen here, with no registry request of its own.
    const inline = hints.match(/<script id="live-remotes" type="application\/json">(.*?)<\/script>/s);
    expect(inline).toBeTruthy();
    // Its load id stays out: it belongs to one page load, and this answer serves many.
    expect(JSON.parse(inline![1]!)).toEqual({
      remotes: { mf_shop: `${live}/mf-manifest.json` },
      previous: {},
      versions: { mf_shop: { live: '0.1.0+2' } },
      rollouts: {},
      loadSampleRate: 0.1,
    });
    expect(!hints.includes('one-page-load')).toBeTruthy();
    expect(!hints.includes(`href="${api.url}/remotes"`)).toBeTruthy();
    for (const tag of [
      '<link rel="preload" as="script" href="/470.50a999b9.js">',
      `<link rel="preload" as="fetch" crossorigin href="${live}/mf-manifest.json">`,
      // With crossorigin, as the federation runtime loads them (an error they throw arrives whole).
      `<link rel="preload" as="script" crossorigin href="${live}/remoteEntry.js">`,
      `<link rel="preload" as="script" crossorigin href="${live}/882.c4b2f559.js">`,
      `<link rel="preload" as="script" crossorigin href="${live}/__federation_expose_routes.b4bae826.js">`,
      `<link rel="preload" as="fetch" crossorigin href="${api.url}/tools?sort=newest&amp;limit=6">`,
      `<link rel="preload" as="fetch" crossorigin href="${api.url}/reviews?sort=newest&amp;limit=6">`,
      `<link rel="preload" as="image" fetchpriority="high" media="${contracts.HOME_HERO_MEDIA}" href="${api.url}${contracts.HOME_HERO_IMAGE_PATH}">`,
      `<link rel="preconnect" href="${api.url}" crossorigin>`,
      `<link rel="preconnect" href="${shop.url}">`,
    ]) {
      expect(hints.includes(tag)).toBeTruthy();
    }
    // Chunks loaded later (the order form) are not preloaded; the config's own (older) manifest neither.
    expect(!hints.includes('purchase.1.js')).toBeTruthy();
    expect(!hints.includes(`href="${shop.url}/mf-manifest.json"`)).toBeTruthy();
  });

  test('a page the server renders carries its data: its api reads are not preloaded, its pictures are', async () => {
    const hints = await hintsFor('/', { serverRendered: true });
    expect(!hints.includes('/tools?')).toBeTruthy();
    expect(hints.includes(`href="${api.url}${contracts.HOME_HERO_IMAGE_PATH}"`)).toBeTruthy();
  });

  test('the catalog preloads its first page, but not for a filtered address', async () => {
    const plain = linked(await hintsFor('/products'));
    expect(plain.includes(`${api.url}${contracts.catalogApiPath({})}`)).toBeTruthy();
    const filtered = linked(await hintsFor('/products', { search: '?category=Memory' }));
    expect(!filtered.includes('/tools?')).toBeTruthy();
    expect(filtered.includes('remoteEntry.js')).toBeTruthy();
  });

  test('the runtime config is inlined as a data block that no value can close early', async () => {
    const hints = await hintsFor('/blogs');
    const match = hints.match(/<script id="runtime-config" type="application\/json">(.*?)<\/script>/s);
    expect(match).toBeTruthy();
    expect(JSON.parse(match![1]!)).toEqual(config);
    expect(!match![1]!.includes('</script>')).toBeTruthy();
    // A page with nothing to preload: no api reads or hero picture.
    expect(!hints.includes('/tools?')).toBeTruthy();
    expect(!hints.includes('as="image"')).toBeTruthy();
  });

  test("the shell's own pages get no remote hints; a dashboard page gets the dashboard's manifest", async () => {
    const loginTags = await hintsFor('/login');
    const login = linked(loginTags);
    expect(!login.includes('mf-manifest.json')).toBeTruthy();
    expect(!login.includes('/remotes')).toBeTruthy();
    // The registry's answer comes inline all the same: the page never reads it (nor loads its schema).
    const inline = loginTags.match(/<script id="live-remotes" type="application\/json">(.*?)<\/script>/s);
    expect(inline).toBeTruthy();
    expect(JSON.parse(inline![1]!)).toHaveProperty('remotes');
    const dashboard = linked(await hintsFor('/dashboard/myOrders'));
    expect(dashboard.includes(`${shop.url}/dashboard/mf-manifest.json`)).toBeTruthy();
  });

  test('an unreachable registry falls back to the runtime config; an unreadable manifest leaves only its preload', async () => {
    const tags = await hintsFor('/', {
      config: { ...config, remoteRegistryUrl: 'http://127.0.0.1:9/remotes', remotes: { ...config.remotes, mf_shop: `${shop.url}/missing/mf-manifest.json` } },
    });
    const hints = linked(tags);
    expect(!hints.includes('/remotes')).toBeTruthy();
    expect(hints.includes(`${shop.url}/missing/mf-manifest.json`)).toBeTruthy();
    expect(!hints.includes('remoteEntry.js')).toBeTruthy();
    // The page is told the registry was not read, so it takes the runtime config's remotes too.
    expect(tags.includes('<script id="live-remotes" type="application/json">null</script>')).toBeTruthy();
  });

  test('answers are remembered for a few seconds, failures only briefly; an outdated one is given at once and renewed behind', async () => {
    let clock = 0;
    const getJson = createJsonCache({ now: () => clock, cacheMs: 3000, failureCacheMs: 500 });
    const before = shop.hits.length;
    const first = await getJson(`${shop.url}/mf-manifest.json`);
    await getJson(`${shop.url}/mf-manifest.json`);
    expect(shop.hits.length - before).toBe(1);
    clock = 3001;
    // Outdated: the answer it has, without waiting, and a new read in the background.
    expect(await getJson(`${shop.url}/mf-manifest.json`)).toEqual(first);
    await getJson.settled();
    expect(shop.hits.length - before).toBe(2);
    expect(await getJson(`${shop.url}/nope.json`)).toBe(null);
    clock = 3400;
    await getJson(`${shop.url}/nope.json`);
    await getJson.settled();
    expect(shop.hits.length - before).toBe(3);
    clock = 3600;
    await getJson(`${shop.url}/nope.json`);
    await getJson.settled();
    expect(shop.hits.length - before).toBe(4);
  });

  test('a read that times out keeps the answer it had (for a while) and asks again soon; a 404 is a failure at once', async () => {
    let status = 200;
    let silent = false;
    const server = http.createServer((_req, res) => {
      if (silent) return;
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end('{"live":1}');
    });
    await (new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mf-manifest.json`;
    let clock = 0;
    const getJson = createJsonCache({ now: () => clock, timeoutMs: 100, cacheMs: 3000, failureCacheMs: 500, staleIfErrorMs: 10_000 });
    try {
      expect(await getJson(url)).toEqual({ live: 1 });
      silent = true;
      clock = 3001;
      expect(await getJson(url)).toEqual({ live: 1 });
      await getJson.settled();
      // The slow read kept the answer: still given, and asked again once the failure's time is up.
      clock = 3400;
      expect(await getJson(url)).toEqual({ live: 1 });
      clock = 3600;
      expect(await getJson(url)).toEqual({ live: 1 });
      await getJson.settled();
      // Past the bound, an address that still does not answer is a failure.
      clock = 10_100;
      await getJson(url);
      await getJson.settled();
      expect(await getJson(url)).toBe(null);
      // An answer that says no (404) is believed at once.
      silent = false;
      clock = 20_000;
      expect(await getJson(url)).toEqual(null);
      await getJson.settled();
      expect(await getJson(url)).toEqual({ live: 1 });
      status = 404;
      clock = 23_001;
      await getJson(url);
      await getJson.settled();
      expect(await getJson(url)).toBe(null);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('an api that does not answer holds only the first page, never the ones after', async () => {
    const silent = http.createServer(() => undefined);
    await (new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve())));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/remotes`;
    let clock = 0;
    const getJson = createJsonCache({ now: () => clock, timeoutMs: 200, failureCacheMs: 500 });
    try {
      // The first read waits for its timeout.
      expect(await getJson(url)).toBe(null);
      clock = 1000;
      // The next is answered from what it has while a new read is still on its way.
      let answered = false;
      const next = getJson(url).then((value) => {
        answered = true;
        return value;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(answered).toBe(true);
      expect(await next).toBe(null);
      let settled = false;
      const reading = getJson.settled().then(() => (settled = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      await reading;
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
