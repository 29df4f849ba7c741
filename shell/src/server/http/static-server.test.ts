/** @jest-environment node */
// The static server `npm start` and the e2e tests use, over real HTTP on a throwaway build folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { contentSecurityPolicy } from './security-headers';
import { startStaticServer, type RunningServer } from './static-server';

const CACHE_FOREVER = 'public, max-age=31536000, immutable';
const runtimeConfig = {
  apiUrl: 'http://api.test',
  remotes: { mf_shop: 'http://shop.test/mf-manifest.json', mf_admin: 'http://admin.test:3003/mf-manifest.json' },
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-pcparts.firebaseapp.com', projectId: 'demo-pcparts', useAuthEmulator: true },
  stripeSandboxScriptUrl: 'http://127.0.0.1:12111/js/stripe-stand-in.js',
};

// Big enough to compress, like the real build's files.
const text = (line: string) => `${line}\n`.repeat(200);
const FILES = {
  'index.html': text('<!doctype html><title>shell</title>'),
  'main.js': text('console.log("entry");'),
  'main.js.map': JSON.stringify({ version: 3, sources: ['src/index.ts'], sourcesContent: ['secret source'] }),
  'remoteEntry.js': text('var remote = "entry";'),
  'mf-manifest.json': JSON.stringify({ exposes: Array.from({ length: 100 }, (_, i) => ({ name: `./m${i}` })) }),
  '241.dc158371.js': text('console.log("hashed chunk");'),
} as Record<string, string> & { 'index.html': string; 'main.js': string; 'remoteEntry.js': string; 'mf-manifest.json': string };

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
interface RawAnswer {
  status: number | undefined;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(baseUrl: string, requestPath: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/`, { method, path: requestPath, headers }, (res) => {
      const chunks: Buffer[] = [];
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
  let dir: string;
  let shell: RunningServer;
  let remote: RunningServer;

  beforeAll(async () => {
    dir = makeBuild();
    // Like the shell's server: the SPA fallback and /config.json.
    shell = await startStaticServer({
      root: dir,
      port: 0,
      spa: true,
      runtimeConfig: () => runtimeConfig,
    });
    remote = await startStaticServer({ root: dir, port: 0, cors: true });
  });

  afterAll(async () => {
    await Promise.all([shell.close(), remote.close()]);
    rmSync(dir, { recursive: true });
  });

  test('malformed, traversal and overlong URLs get 400 or 404 and the server keeps answering', async () => {
    for (const server of [shell, remote]) {
      for (const badPath of BAD_PATHS) {
        const answer = await request(server.url, badPath);
        expect([400, 404].includes(answer.status ?? 0)).toBeTruthy();
        expect(answer.body.toString()).not.toMatch(/root:/);
        const alive = await request(server.url, '/main.js');
        expect(alive.status).toBe(200);
      }
    }
  });

  test('a path starting with // is an ordinary deep link, not an error', async () => {
    const answer = await request(shell.url, '//');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(FILES['index.html']);
  });

  test('HEAD answers the headers of GET with no body', async () => {
    const answer = await request(remote.url, '/remoteEntry.js', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(FILES['remoteEntry.js']));
    expect(answer.headers['content-type'] ?? '').toMatch(/^text\/javascript/);
    expect(answer.body.length).toBe(0);
  });

  test('Range headers are ignored: the whole file comes back', async () => {
    for (const range of ['bytes=5-2', 'bytes=-5', 'bytes=0-4']) {
      const answer = await request(remote.url, '/main.js', { headers: { Range: range } });
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe(FILES['main.js']);
    }
  });

  test('other methods get 405', async () => {
    const answer = await request(remote.url, '/main.js', { method: 'POST' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  test('a request with the ETag it has gets 304 and no body', async () => {
    const first = await request(remote.url, '/mf-manifest.json');
    expect(first.headers.etag).toBeTruthy();
    const again = await request(remote.url, '/mf-manifest.json', { headers: { 'If-None-Match': first.headers.etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
    const changed = await request(remote.url, '/mf-manifest.json', { headers: { 'If-None-Match': 'W/"other"' } });
    expect(changed.status).toBe(200);
  });

  for (const [encoding, decompress] of <[string, (body: Buffer) => Buffer][]>[
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ]) {
    test(`Accept-Encoding: ${encoding} gets the ${encoding} file with the original type`, async () => {
      for (const [name, type] of <[string, RegExp][]>[
        ['remoteEntry.js', /^text\/javascript/],
        ['mf-manifest.json', /^application\/json/],
        ['241.dc158371.js', /^text\/javascript/],
      ]) {
        const answer = await request(remote.url, `/${name}`, { headers: { 'Accept-Encoding': encoding } });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers.vary).toBe('Accept-Encoding');
        expect(answer.headers['content-type'] ?? '').toMatch(type);
        expect(answer.body.length < Buffer.byteLength(FILES[name]!)).toBeTruthy();
        expect(decompress(answer.body).toString()).toBe(FILES[name]);
      }
    });
  }

  test('brotli wins when both are accepted; no Accept-Encoding gets the plain file', async () => {
    const both = await request(shell.url, '/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(both.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(both.body).toString()).toBe(FILES['index.html']);
    const plain = await request(shell.url, '/main.js');
    expect(plain.headers['content-encoding']).toBe(undefined);
    expect(plain.body.toString()).toBe(FILES['main.js']);
  });

  test('hashed chunks are cached for ever; everything else is revalidated', async () => {
    const hashed = await request(remote.url, '/241.dc158371.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(hashed.headers['cache-control']).toBe(CACHE_FOREVER);
    for (const name of ['/', '/index.html', '/main.js', '/remoteEntry.js', '/mf-manifest.json', '/config.json']) {
      const answer = await request(shell.url, name, { headers: { 'Accept-Encoding': 'br' } });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
    // A chunk asked for before its deploy finished must not be cached as missing.
    const missing = await request(remote.url, '/999.0123abcd.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe(undefined);
  });

  test('the shell serves index.html for deep links but 404 for missing files; remotes have no fallback', async () => {
    const deepLink = await request(shell.url, '/dashboard/x');
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers['content-type'] ?? '').toMatch(/^text\/html/);
    expect(deepLink.body.toString()).toBe(FILES['index.html']);
    expect((await request(shell.url, '/missing.js')).status).toBe(404);
    expect((await request(remote.url, '/dashboard/x')).status).toBe(404);
  });

  test('given the pages it has, the shell answers 404 for any other path, still with index.html', async () => {
    const withPages = await startStaticServer({ root: dir, port: 0, spa: true, isPagePath: (pathname) => pathname === '/blogs' });
    try {
      expect((await request(withPages.url, '/blogs')).status).toBe(200);
      const unknown = await request(withPages.url, '/no-such-page?x=1');
      expect(unknown.status).toBe(404);
      expect(unknown.headers['content-type'] ?? '').toMatch(/^text\/html/);
      expect(unknown.body.toString()).toBe(FILES['index.html']);
      const head = await request(withPages.url, '/no-such-page', { method: 'HEAD' });
      expect(head.status).toBe(404);
      expect(head.body.length).toBe(0);
      // Files are not pages: served as before, and a missing one is a plain 404.
      expect((await request(withPages.url, '/main.js')).status).toBe(200);
      const missing = await request(withPages.url, '/missing.js');
      expect(missing.status).toBe(404);
      expect(missing.body.toString()).toBe('Not found');
    } finally {
      await withPages.close();
    }
  });

  test('remotes send CORS headers, the shell does not', async () => {
    expect((await request(remote.url, '/mf-manifest.json')).headers['access-control-allow-origin']).toBe('*');
    expect((await request(shell.url, '/main.js')).headers['access-control-allow-origin']).toBe(undefined);
  });

  test('/config.json is the runtime config as uncached JSON', async () => {
    const answer = await request(shell.url, '/config.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type'] ?? '').toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(answer.body.toString())).toEqual(runtimeConfig);
  });

  test('a file written while the server runs (a rebuild) is served at once', async () => {
    const rebuilt = text('console.log("rebuilt chunk");');
    writeFileSync(path.join(dir, '327.29b36f7d.js'), rebuilt);
    const answer = await request(shell.url, '/327.29b36f7d.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(undefined);
    expect(answer.body.toString()).toBe(rebuilt);
  });

  /** The policy's directives as a map of source lists. */
  const directivesOf = (header: string): Record<string, string[]> =>
    Object.fromEntries(header.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));

  test('every answer carries the security headers; the policy names exactly the runtime config origins', async () => {
    for (const [server, name] of <[RunningServer, string][]>[[shell, '/'], [shell, '/dashboard/x'], [shell, '/main.js'], [remote, '/remoteEntry.js'], [shell, '/config.json']]) {
      const answer = await request(server.url, name);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['content-security-policy']).toBeTruthy();
      // Plain http: no HSTS (it would be ignored, and would only confuse a proxy's cache).
      expect(answer.headers['strict-transport-security']).toBe(undefined);
    }
    const policy = directivesOf(String((await request(shell.url, '/')).headers['content-security-policy']));
    expect(policy['script-src']).toEqual(["'self'", 'http://shop.test', 'http://admin.test:3003', 'http://127.0.0.1:12111']);
    expect(policy['connect-src']).toEqual(["'self'", 'http://api.test', 'http://shop.test', 'http://admin.test:3003', 'http://127.0.0.1:12111']);
    expect(policy['img-src']!.includes('http://api.test') && policy['img-src']!.includes('data:')).toBeTruthy();
    expect(policy['style-src']!.includes("'unsafe-inline'")).toBeTruthy();
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(!Object.values(policy).flat().some((source) => source === "'unsafe-eval'" || source === '*')).toBeTruthy();
  });

  test("refusals and the answers of `handle` carry them too; a handler's own policy wins", async () => {
    const handled = await startStaticServer({
      root: dir,
      port: 0,
      spa: true,
      runtimeConfig: () => runtimeConfig,
      handle: (req, res) => {
        if (req.url === '/robots.txt') res.writeHead(200, { 'Content-Type': 'text/plain' }).end('User-agent: *');
        else if (req.url === '/own-policy') res.writeHead(200, { 'Content-Security-Policy': "default-src 'none'" }).end('page');
        else return false;
        return true;
      },
    });
    try {
      for (const name of ['/robots.txt', '/%E0%A4%A', '/%2e%2e/%2e%2e/etc/passwd', '/own-policy']) {
        const answer = await request(handled.url, name);
        expect({ name, nosniff: answer.headers['x-content-type-options'] }).toEqual({ name, nosniff: 'nosniff' });
        expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(answer.headers['content-security-policy']).toMatch(name === '/own-policy' ? /^default-src 'none'$/ : /frame-ancestors 'none'/);
      }
    } finally {
      await handled.close();
    }
  });

  test('HSTS never over plain http, whatever X-Forwarded-Proto a client sends', async () => {
    for (const name of ['/', '/main.js', '/config.json']) {
      const answer = await request(shell.url, name, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(answer.headers['strict-transport-security']).toBe(undefined);
    }
  });

  test('HSTS behind a TLS proxy the deployment names (TRUST_PROXY), when the proxy says https', async () => {
    const proxied = await startStaticServer({ root: dir, port: 0, spa: true, runtimeConfig: () => runtimeConfig, trustProxy: true });
    try {
      const answer = await request(proxied.url, '/', { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(answer.headers['strict-transport-security'] ?? '').toMatch(/^max-age=\d{7,}/);
      const plain = await request(proxied.url, '/', { headers: { 'X-Forwarded-Proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBe(undefined);
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
    expect(policy['script-src']).toEqual(["'self'", 'https://shop.cdn.example', 'https://releases.shop.example', 'https://js.stripe.com', 'https://apis.google.com']);
    expect(policy['connect-src']!.includes('https://identitytoolkit.googleapis.com')).toBeTruthy();
    expect(policy['connect-src']!.includes('https://securetoken.googleapis.com')).toBeTruthy();
    expect(policy['connect-src']!.includes('https://api.stripe.com')).toBeTruthy();
    expect(policy['frame-src']!.includes('https://shop.firebaseapp.com')).toBeTruthy();
    expect(policy['frame-src']!.includes('https://js.stripe.com')).toBeTruthy();
    expect(policy['img-src']!.includes('https://images.shop.example')).toBeTruthy();
  });

  test('source maps are never served', async () => {
    for (const server of [shell, remote]) {
      for (const encoding of [undefined, 'br', 'gzip']) {
        const answer = await request(server.url, '/main.js.map', { headers: encoding ? { 'Accept-Encoding': encoding } : {} });
        expect(answer.status).toBe(404);
        expect(answer.body.toString()).not.toMatch(/secret source/);
      }
    }
  });

  test('listens on loopback only by default', async () => {
    const { port } = new URL(shell.url);
    const reachable = (host: string) =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(Number(port), host);
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
    expect(await reachable('127.0.0.1')).toBe(true);
    const otherAddresses = Object.values(os.networkInterfaces())
      .flat()
      .filter((address) => address && !address.internal)
      .map((address) => address?.address ?? '');
    for (const host of ['::1', ...otherAddresses]) expect(await reachable(host)).toBe(false);
  });
});

describe('the release store (--immutable)', () => {
  let store: string;
  let server: RunningServer;
  beforeAll(async () => {
    store = mkdtempSync(path.join(os.tmpdir(), 'pcpp-store-'));
    mkdirSync(path.join(store, 'mf-admin', '0.1.0+abc'), { recursive: true });
    writeFileSync(path.join(store, 'mf-admin', '0.1.0+abc', 'mf-manifest.json'), FILES['mf-manifest.json']);
    // As `npm start` runs it (serve-static.mjs): with the runtime config, so it answers /config.json too.
    server = await startStaticServer({ root: store, port: 0, cors: true, immutable: true, runtimeConfig: () => runtimeConfig });
  });
  afterAll(async () => {
    await server.close();
    rmSync(store, { recursive: true, force: true });
  });

  test('caches every file of a version forever, the manifest included, and never a missing one', async () => {
    const manifest = await request(server.url, '/mf-admin/0.1.0+abc/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe(CACHE_FOREVER);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const missing = await request(server.url, '/mf-admin/0.2.0+def/mf-manifest.json');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe(undefined);
  });

  test('never caches /config.json as immutable: it changes with every deploy and rollback', async () => {
    const config = await request(server.url, '/config.json');
    expect(config.status).toBe(200);
    expect(config.headers['cache-control']).toBe('no-cache');
    expect(config.headers['cache-control']).not.toMatch(/immutable|max-age=31536000/);
  });
});
