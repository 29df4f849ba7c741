// The static server `npm start` and the e2e tests use, over real HTTP on a throwaway build folder.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import { createAuthEmulatorProxy } from '../auth-emulator/proxy.cjs';
import { contentSecurityPolicy } from './security-headers.mjs';
import { startStaticServer } from './static-server.mjs';

const CACHE_FOREVER = 'public, max-age=31536000, immutable';
const runtimeConfig = {
  apiUrl: 'http://api.test',
  remotes: { mf_shop: 'http://shop.test/mf-manifest.json', mf_admin: 'http://admin.test:3003/mf-manifest.json' },
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-pcparts.firebaseapp.com', projectId: 'demo-pcparts', useAuthEmulator: true },
  stripeSandboxScriptUrl: 'http://127.0.0.1:12111/js/stripe-stand-in.js',
};

// Big enough to compress, like the real build's files.
const text = (/** @type {string} */ line) => `${line}\n`.repeat(200);
/** @type {Record<string, string>} */
const FILES = {
  'index.html': text('<!doctype html><title>shell</title>'),
  'main.js': text('console.log("entry");'),
  'main.js.map': JSON.stringify({ version: 3, sources: ['src/index.ts'], sourcesContent: ['secret source'] }),
  'remoteEntry.js': text('var remote = "entry";'),
  'mf-manifest.json': JSON.stringify({ exposes: Array.from({ length: 100 }, (_, i) => ({ name: `./m${i}` })) }),
  '241.dc158371.js': text('console.log("hashed chunk");'),
};

/** A build folder as webpack writes it: each text file with its .br and .gz. */
function makeBuild() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pcpp-static-'));
  for (const [name, content] of Object.entries(FILES)) {
    writeFileSync(path.join(dir, name), content);
    writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(content));
    writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(content));
  }
  return dir;
}

/**
 * Raw HTTP, so paths go out exactly as written and bodies stay compressed.
 * @param {string} baseUrl
 * @param {string} requestPath
 * @param {{ method?: string, headers?: Record<string, string> }} [options]
 * @returns {Promise<{ status: number | undefined, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
function request(baseUrl, requestPath, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/`, { method, path: requestPath, headers }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    // A request the server dropped (the old server died on one) fails instead of hanging `npm test`.
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${method} ${requestPath.slice(0, 40)}`)));
    req.end();
  });
}

const BAD_PATHS = [
  '/%E0%A4%A',
  '/..%2f..%2fetc/passwd',
  '/%00',
  '/index.html%00.js',
  '/..%2F..%2F..%2Fetc%2Fpasswd',
  '/../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  // Overlong UTF-8 for '.', the classic way round a '..' check.
  '/%C0%AE%C0%AE/%C0%AE%C0%AE/etc/passwd',
  `/${'a'.repeat(10_000)}`,
  `/${'a'.repeat(10_000)}.js`,
];

describe('static server', () => {
  /** @type {string} */
  let dir;
  /** @type {Awaited<ReturnType<typeof startStaticServer>>} */
  let shell;
  /** @type {Awaited<ReturnType<typeof startStaticServer>>} */
  let remote;

  before(async () => {
    dir = makeBuild();
    // Like `npm start`: the shell with the SPA fallback, /config.json and the emulator proxy in front.
    shell = await startStaticServer({
      root: dir,
      port: 0,
      spa: true,
      runtimeConfig: () => runtimeConfig,
      handle: createAuthEmulatorProxy({ emulatorHost: '127.0.0.1:9' }),
    });
    remote = await startStaticServer({ root: dir, port: 0, cors: true });
  });

  after(async () => {
    await Promise.all([shell.close(), remote.close()]);
    rmSync(dir, { recursive: true });
  });

  test('malformed, traversal and overlong URLs get 400 or 404 and the server keeps answering', async () => {
    for (const server of [shell, remote]) {
      for (const badPath of BAD_PATHS) {
        const answer = await request(server.url, badPath);
        assert.ok([400, 404].includes(answer.status ?? 0), `${badPath.slice(0, 40)} -> ${answer.status}`);
        assert.doesNotMatch(answer.body.toString(), /root:/);
        const alive = await request(server.url, '/main.js');
        assert.equal(alive.status, 200, `still serving after ${badPath.slice(0, 40)}`);
      }
    }
  });

  test('a path starting with // is an ordinary deep link, not an error', async () => {
    const answer = await request(shell.url, '//');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.toString(), FILES['index.html']);
  });

  test('HEAD answers the headers of GET with no body', async () => {
    const answer = await request(remote.url, '/remoteEntry.js', { method: 'HEAD' });
    assert.equal(answer.status, 200);
    assert.equal(Number(answer.headers['content-length']), Buffer.byteLength(FILES['remoteEntry.js']));
    assert.match(answer.headers['content-type'] ?? '', /^text\/javascript/);
    assert.equal(answer.body.length, 0);
  });

  test('Range headers are ignored: the whole file comes back', async () => {
    for (const range of ['bytes=5-2', 'bytes=-5', 'bytes=0-4']) {
      const answer = await request(remote.url, '/main.js', { headers: { Range: range } });
      assert.equal(answer.status, 200, range);
      assert.equal(answer.body.toString(), FILES['main.js'], range);
    }
  });

  test('other methods get 405', async () => {
    const answer = await request(remote.url, '/main.js', { method: 'POST' });
    assert.equal(answer.status, 405);
    assert.equal(answer.headers.allow, 'GET, HEAD');
  });

  test('a request with the ETag it has gets 304 and no body', async () => {
    const first = await request(remote.url, '/mf-manifest.json');
    assert.ok(first.headers.etag);
    const again = await request(remote.url, '/mf-manifest.json', { headers: { 'If-None-Match': first.headers.etag } });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers['cache-control'], 'no-cache');
    const changed = await request(remote.url, '/mf-manifest.json', { headers: { 'If-None-Match': 'W/"other"' } });
    assert.equal(changed.status, 200);
  });

  for (const [encoding, decompress] of /** @type {[string, (body: Buffer) => Buffer][]} */ ([
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ])) {
    test(`Accept-Encoding: ${encoding} gets the ${encoding} file with the original type`, async () => {
      for (const [name, type] of /** @type {[string, RegExp][]} */ ([
        ['remoteEntry.js', /^text\/javascript/],
        ['mf-manifest.json', /^application\/json/],
        ['241.dc158371.js', /^text\/javascript/],
      ])) {
        const answer = await request(remote.url, `/${name}`, { headers: { 'Accept-Encoding': encoding } });
        assert.equal(answer.status, 200);
        assert.equal(answer.headers['content-encoding'], encoding);
        assert.equal(answer.headers.vary, 'Accept-Encoding');
        assert.match(answer.headers['content-type'] ?? '', type);
        assert.ok(answer.body.length < Buffer.byteLength(FILES[name]));
        assert.equal(decompress(answer.body).toString(), FILES[name]);
      }
    });
  }

  test('brotli wins when both are accepted; no Accept-Encoding gets the plain file', async () => {
    const both = await request(shell.url, '/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    assert.equal(both.headers['content-encoding'], 'br');
    assert.equal(zlib.brotliDecompressSync(both.body).toString(), FILES['index.html']);
    const plain = await request(shell.url, '/main.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), FILES['main.js']);
  });

  test('hashed chunks are cached for ever; everything else is revalidated', async () => {
    const hashed = await request(remote.url, '/241.dc158371.js', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(hashed.headers['cache-control'], CACHE_FOREVER);
    for (const name of ['/', '/index.html', '/main.js', '/remoteEntry.js', '/mf-manifest.json', '/config.json']) {
      const answer = await request(shell.url, name, { headers: { 'Accept-Encoding': 'br' } });
      assert.equal(answer.status, 200, name);
      assert.equal(answer.headers['cache-control'], 'no-cache', name);
    }
    // A chunk asked for before its deploy finished must not be cached as missing.
    const missing = await request(remote.url, '/999.0123abcd.js');
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['cache-control'], undefined);
  });

  test('the shell serves index.html for deep links but 404 for missing files; remotes have no fallback', async () => {
    const deepLink = await request(shell.url, '/dashboard/x');
    assert.equal(deepLink.status, 200);
    assert.match(deepLink.headers['content-type'] ?? '', /^text\/html/);
    assert.equal(deepLink.body.toString(), FILES['index.html']);
    assert.equal((await request(shell.url, '/missing.js')).status, 404);
    assert.equal((await request(remote.url, '/dashboard/x')).status, 404);
  });

  test('given the pages it has, the shell answers 404 for any other path, still with index.html', async () => {
    const withPages = await startStaticServer({ root: dir, port: 0, spa: true, isPagePath: (pathname) => pathname === '/blogs' });
    try {
      assert.equal((await request(withPages.url, '/blogs')).status, 200);
      const unknown = await request(withPages.url, '/no-such-page?x=1');
      assert.equal(unknown.status, 404);
      assert.match(unknown.headers['content-type'] ?? '', /^text\/html/);
      assert.equal(unknown.body.toString(), FILES['index.html']);
      const head = await request(withPages.url, '/no-such-page', { method: 'HEAD' });
      assert.equal(head.status, 404);
      assert.equal(head.body.length, 0);
      // Files are not pages: served as before, and a missing one is a plain 404.
      assert.equal((await request(withPages.url, '/main.js')).status, 200);
      const missing = await request(withPages.url, '/missing.js');
      assert.equal(missing.status, 404);
      assert.equal(missing.body.toString(), 'Not found');
    } finally {
      await withPages.close();
    }
  });

  test('remotes send CORS headers, the shell does not', async () => {
    assert.equal((await request(remote.url, '/mf-manifest.json')).headers['access-control-allow-origin'], '*');
    assert.equal((await request(shell.url, '/main.js')).headers['access-control-allow-origin'], undefined);
  });

  test('/config.json is the runtime config as uncached JSON', async () => {
    const answer = await request(shell.url, '/config.json');
    assert.equal(answer.status, 200);
    assert.match(answer.headers['content-type'] ?? '', /^application\/json/);
    assert.equal(answer.headers['cache-control'], 'no-cache');
    assert.deepEqual(JSON.parse(answer.body.toString()), runtimeConfig);
  });

  test('a file written while the server runs (a rebuild) is served at once', async () => {
    const rebuilt = text('console.log("rebuilt chunk");');
    writeFileSync(path.join(dir, '327.29b36f7d.js'), rebuilt);
    const answer = await request(shell.url, '/327.29b36f7d.js', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], undefined);
    assert.equal(answer.body.toString(), rebuilt);
  });

  /** The policy's directives as a map of source lists. */
  const directivesOf = (/** @type {string} */ header) =>
    Object.fromEntries(header.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));

  test('every answer carries the security headers; the policy names exactly the runtime config origins', async () => {
    for (const [server, name] of [[shell, '/'], [shell, '/dashboard/x'], [shell, '/main.js'], [remote, '/remoteEntry.js'], [shell, '/config.json']]) {
      const answer = await request(server.url, name);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', name);
      assert.equal(answer.headers['referrer-policy'], 'strict-origin-when-cross-origin', name);
      assert.ok(answer.headers['content-security-policy'], name);
      // Plain http: no HSTS (it would be ignored, and would only confuse a proxy's cache).
      assert.equal(answer.headers['strict-transport-security'], undefined, name);
    }
    const policy = directivesOf(String((await request(shell.url, '/')).headers['content-security-policy']));
    assert.deepEqual(policy['script-src'], ["'self'", 'http://shop.test', 'http://admin.test:3003', 'http://127.0.0.1:12111']);
    assert.deepEqual(policy['connect-src'], ["'self'", 'http://api.test', 'http://shop.test', 'http://admin.test:3003', 'http://127.0.0.1:12111']);
    assert.ok(policy['img-src'].includes('http://api.test') && policy['img-src'].includes('data:'));
    assert.ok(policy['style-src'].includes("'unsafe-inline'"));
    assert.deepEqual(policy['object-src'], ["'none'"]);
    assert.deepEqual(policy['base-uri'], ["'none'"]);
    assert.deepEqual(policy['frame-ancestors'], ["'none'"]);
    assert.ok(!Object.values(policy).flat().some((source) => source === "'unsafe-eval'" || source === '*'));
  });

  test('HSTS never over plain http, whatever X-Forwarded-Proto a client sends', async () => {
    for (const name of ['/', '/main.js', '/config.json']) {
      const answer = await request(shell.url, name, { headers: { 'X-Forwarded-Proto': 'https' } });
      assert.equal(answer.headers['strict-transport-security'], undefined, name);
    }
  });

  test('HSTS behind a TLS proxy the deployment names (TRUST_PROXY), when the proxy says https', async () => {
    const proxied = await startStaticServer({ root: dir, port: 0, spa: true, runtimeConfig: () => runtimeConfig, trustProxy: true });
    try {
      const answer = await request(proxied.url, '/', { headers: { 'X-Forwarded-Proto': 'https' } });
      assert.match(answer.headers['strict-transport-security'] ?? '', /^max-age=\d{7,}/);
      const plain = await request(proxied.url, '/', { headers: { 'X-Forwarded-Proto': 'http' } });
      assert.equal(plain.headers['strict-transport-security'], undefined);
    } finally {
      await proxied.close();
    }
  });

  test('with the real identity provider and Stripe, the policy names them instead of the local stand-ins', () => {
    const policy = directivesOf(
      contentSecurityPolicy(
        {
          apiUrl: 'https://api.shop.example',
          remotes: { mf_shop: 'https://shop.cdn.example/mf-manifest.json' },
          releaseStoreUrl: 'https://releases.shop.example/store',
          firebase: { apiKey: 'key', authDomain: 'shop.firebaseapp.com', projectId: 'shop' },
          stripePublishableKey: 'pk_live_x',
        },
        { imageOrigins: ['https://images.shop.example/bucket'] },
      ),
    );
    // The release store serves promoted remote versions, so its code may run too.
    assert.deepEqual(policy['script-src'], ["'self'", 'https://shop.cdn.example', 'https://releases.shop.example', 'https://js.stripe.com', 'https://apis.google.com']);
    assert.ok(policy['connect-src'].includes('https://identitytoolkit.googleapis.com'));
    assert.ok(policy['connect-src'].includes('https://securetoken.googleapis.com'));
    assert.ok(policy['connect-src'].includes('https://api.stripe.com'));
    assert.ok(policy['frame-src'].includes('https://shop.firebaseapp.com'));
    assert.ok(policy['frame-src'].includes('https://js.stripe.com'));
    assert.ok(policy['img-src'].includes('https://images.shop.example'));
  });

  test('source maps are never served', async () => {
    for (const server of [shell, remote]) {
      for (const encoding of [undefined, 'br', 'gzip']) {
        const answer = await request(server.url, '/main.js.map', { headers: encoding ? { 'Accept-Encoding': encoding } : {} });
        assert.equal(answer.status, 404);
        assert.doesNotMatch(answer.body.toString(), /secret source/);
      }
    }
  });

  test('listens on loopback only by default', async () => {
    const { port } = new URL(shell.url);
    const reachable = (/** @type {string} */ host) =>
      new Promise((resolve) => {
        const socket = net.connect(Number(port), host);
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
    assert.equal(await reachable('127.0.0.1'), true);
    const otherAddresses = Object.values(os.networkInterfaces())
      .flat()
      .filter((address) => address && !address.internal)
      .map((address) => address?.address ?? '');
    for (const host of ['::1', ...otherAddresses]) assert.equal(await reachable(host), false, host);
  });
});

describe('the release store (--immutable)', () => {
  /** @type {string} */
  let store;
  /** @type {Awaited<ReturnType<typeof startStaticServer>>} */
  let server;
  before(async () => {
    store = mkdtempSync(path.join(os.tmpdir(), 'pcpp-store-'));
    mkdirSync(path.join(store, 'mf-admin', '0.1.0+abc'), { recursive: true });
    writeFileSync(path.join(store, 'mf-admin', '0.1.0+abc', 'mf-manifest.json'), FILES['mf-manifest.json']);
    // As `npm start` runs it (serve-static.mjs): with the runtime config, so it answers /config.json too.
    server = await startStaticServer({ root: store, port: 0, cors: true, immutable: true, runtimeConfig: () => runtimeConfig });
  });
  after(async () => {
    await server.close();
    rmSync(store, { recursive: true, force: true });
  });

  test('caches every file of a version forever, the manifest included, and never a missing one', async () => {
    const manifest = await request(server.url, '/mf-admin/0.1.0+abc/mf-manifest.json');
    assert.equal(manifest.status, 200);
    assert.equal(manifest.headers['cache-control'], CACHE_FOREVER);
    assert.equal(manifest.headers['access-control-allow-origin'], '*');
    const missing = await request(server.url, '/mf-admin/0.2.0+def/mf-manifest.json');
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['cache-control'], undefined);
  });

  test('never caches /config.json as immutable: it changes with every deploy and rollback', async () => {
    const config = await request(server.url, '/config.json');
    assert.equal(config.status, 200);
    assert.equal(config.headers['cache-control'], 'no-cache');
    assert.doesNotMatch(config.headers['cache-control'], /immutable|max-age=31536000/);
  });
});
