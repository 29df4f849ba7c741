import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAccount, createPart, createTestApi, signUpWithAccessToken, type TestApi, uploadedImageUrl } from '../test/helpers';
import { type CatalogCache, createCatalogCache } from './catalog-cache';
import { type CatalogFastPath, createCatalogFastPath } from './catalog-fast-path';

// The fast path in front of the app (catalog-fast-path.ts), as server.ts wires it: a real HTTP
// server, the real app and database. A TTL far longer than the tests, so only invalidation refreshes.

let api: TestApi;
let cache: CatalogCache;
let fastPath: CatalogFastPath;
let server: http.Server;
let base: string;
let admin: { email: string; token: string };
let allowedOrigin: string;

beforeAll(async () => {
  cache = createCatalogCache({ ttlMs: 600_000 });
  api = await createTestApi({}, { catalogCache: cache });
  fastPath = createCatalogFastPath(cache, { corsOrigins: api.config.corsOrigins, app: api.app });
  server = http.createServer(fastPath.listener).listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  admin = await createAccount(api, 'admin');
  allowedOrigin = api.config.corsOrigins[0]!;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Answered by the fast path (true) or by Express (false). */
  fast: boolean;
}

/**
 * One request (node:http: fetch would add Cache-Control: no-cache to a conditional request); its
 * headers without Date (it differs from second to second) and Connection/Keep-Alive (Node's, per connection).
 */
async function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  fastPath.takeCounts();
  const headers = { ...init.headers, ...(init.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(init.body)) }) };
  const req = http.request(`${base}${path}`, { method: init.method ?? 'GET', headers });
  req.end(init.body);
  const [res] = (await once(req, 'response')) as [http.IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const counts = fastPath.takeCounts();
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...kept } = res.headers;
  return {
    status: res.statusCode!,
    headers: kept as Record<string, string>,
    body: Buffer.concat(chunks),
    fast: counts.ok + counts.notModified === 1,
  };
}

const PATHS = ['/tools', '/tools?category=Memory&sort=price-asc&page=1', '/reviews?sort=newest&limit=6'];

describe('a cached catalog read', () => {
  it('is answered by the fast path with the body and headers Express sent for it', async () => {
    const part = await createPart(api, { p_quantity: 5 });
    for (const path of [...PATHS, `/tools/${part.id}`]) {
      const options = { headers: { Origin: allowedOrigin } };
      const fromExpress = await send(path, options);
      expect(fromExpress).toMatchObject({ status: 200, fast: false });
      const fromCache = await send(path, options);
      expect(fromCache.fast).toBe(true);
      expect(fromCache.body.equals(fromExpress.body)).toBe(true);
      expect(fromCache.headers).toEqual(fromExpress.headers);
      // Spot checks that the compared sets hold what they must.
      expect(fromCache.headers).toMatchObject({
        'access-control-allow-origin': allowedOrigin,
        vary: 'Origin',
        'cache-control': 'public, max-age=0, s-maxage=5',
        'cdn-cache-control': 'public, max-age=5, stale-while-revalidate=30',
        'content-type': 'application/json; charset=utf-8',
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        etag: expect.stringMatching(/^"[\w-]+"$/),
      });
      const head = await send(path, { ...options, method: 'HEAD' });
      expect(head).toMatchObject({ status: 200, fast: true, headers: fromExpress.headers });
      expect(head.body.length).toBe(0);
    }
  });

  it('answers a matching If-None-Match with the 304 Express sends, and a no-cache request with a 200', async () => {
    for (const path of PATHS) {
      const { headers } = await send(path);
      const revalidate = { headers: { 'If-None-Match': `"other", ${headers.etag}` } };
      cache.invalidate();
      const fromExpress = await send(path, revalidate);
      expect(fromExpress).toMatchObject({ status: 304, fast: false });
      const fromCache = await send(path, revalidate);
      expect(fromCache).toMatchObject({ status: 304, fast: true, headers: fromExpress.headers });
      expect(fromCache.body.length).toBe(0);
      expect(await send(path, { headers: { 'If-None-Match': '"other"' } })).toMatchObject({ status: 200, fast: true });
      const reload = await send(path, { headers: { 'If-None-Match': headers.etag!, 'Cache-Control': 'no-cache' } });
      expect(reload).toMatchObject({ status: 200, fast: true });
    }
  });

  it('gives an origin the app does not allow no Access-Control-Allow-Origin, as the cors middleware does', async () => {
    const evil = { headers: { Origin: 'https://evil.example.com' } };
    await send('/tools', evil);
    const answer = await send('/tools', evil);
    expect(answer.fast).toBe(true);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers.vary).toBe('Origin');
    const none = await send('/tools');
    expect(none.fast).toBe(true);
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves unknown query keys, other methods and requests with a body to Express', async () => {
    for (let i = 0; i < 2; i += 1) {
      const bogus = await send('/tools?page=1&bogus=1');
      expect(bogus).toMatchObject({ status: 400, fast: false });
      expect(JSON.parse(bogus.body.toString()).message).toEqual(expect.any(String));
    }
    await send('/tools');
    const post = await send('/tools', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(post).toMatchObject({ status: 401, fast: false });
    const preflight = await send('/tools', { method: 'OPTIONS', headers: { Origin: allowedOrigin, 'Access-Control-Request-Method': 'GET' } });
    expect(preflight).toMatchObject({ status: 204, fast: false });
    // Express ignores a GET's body, but the fast path leaves anything with one alone.
    const withBody = await send('/tools', { headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(withBody).toMatchObject({ status: 200, fast: false });
  });
});

describe('writes through the api show at once in the cached reads', () => {
  const json = (answer: Answer) => JSON.parse(answer.body.toString());
  const authorized = (token: string, method: string, body: object) => ({
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

  it('adding a part', async () => {
    await send('/tools');
    const added = await send('/tools', authorized(admin.token, 'POST', {
      name: 'Fast Path SSD',
      category: 'Storage',
      p_quantity: 4,
      min_quantity: 1,
      price: 4999,
      description: 'A drive the fast path test adds.',
      img: uploadedImageUrl(api),
    }));
    expect(added.status).toBe(201);
    const after = await send('/tools');
    expect(json(after).map((part: { name: string }) => part.name)).toContain('Fast Path SSD');
  });

  it('placing an order (the stock it takes)', async () => {
    const part = await createPart(api, { p_quantity: 9 });
    cache.invalidate(); // written straight into the database
    const stock = async () => {
      const detail = json(await send(`/tools/${part.id}`)).p_quantity as number;
      const listed = (json(await send('/tools')) as { _id: string; p_quantity: number }[]).find((listedPart) => listedPart._id === part.id);
      return [detail, listed?.p_quantity];
    };
    expect(await stock()).toEqual([9, 9]);
    expect((await send(`/tools/${part.id}`)).fast).toBe(true);
    const customer = await signUpWithAccessToken(api);
    const order = await send('/order', authorized(customer.token, 'POST', {
      productId: part.id,
      order_quantity: 2,
      address: '1 Main Street, Springfield',
      phone: '555 0100',
    }));
    expect(order.status).toBe(201);
    expect(await stock()).toEqual([7, 7]);
  });

  it('hiding a review', async () => {
    const { insertedId } = await api.database.collections.reviews.insertOne({
      name: 'Fast Path Reviewer',
      review: 'A review the fast path test hides.',
      ratings: 5,
      // The newest, so it is on the first page.
      createdAt: new Date(Date.now() + 86_400_000),
    });
    cache.invalidate(); // written straight into the database
    const reviewers = async (path: string) => {
      const answer = json(await send(path));
      return ((Array.isArray(answer) ? answer : answer.items) as { name: string }[]).map((review) => review.name);
    };
    expect(await reviewers('/reviews?sort=newest&limit=6')).toContain('Fast Path Reviewer');
    expect(await reviewers('/reviews')).toContain('Fast Path Reviewer');
    expect((await send('/reviews')).fast).toBe(true);
    const hidden = await send(`/reviews/${insertedId.toHexString()}`, authorized(admin.token, 'PATCH', { hidden: true }));
    expect(hidden.status).toBe(200);
    expect(await reviewers('/reviews?sort=newest&limit=6')).not.toContain('Fast Path Reviewer');
    expect(await reviewers('/reviews')).not.toContain('Fast Path Reviewer');
  });
});

describe('Strict-Transport-Security on a cached read', () => {
  it('is sent as this request deserves, not as the one that filled the cache', async () => {
    const part = await createPart(api, { p_quantity: 5 });
    // Filled over plain http, by Express: no HSTS.
    expect((await send(`/tools/${part.id}`)).headers['strict-transport-security']).toBeUndefined();
    const secure = createCatalogFastPath(cache, { corsOrigins: api.config.corsOrigins, app: api.app, trustProxy: true });
    const behindTls = http.createServer(secure.listener).listen(0, '127.0.0.1');
    await once(behindTls, 'listening');
    try {
      const url = `http://127.0.0.1:${(behindTls.address() as AddressInfo).port}/tools/${part.id}`;
      // Behind a trusted TLS proxy the cached answer gets HSTS; a client's X-Forwarded-Proto elsewhere does not.
      const viaTls = await fetch(url, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(secure.takeCounts().ok).toBe(1);
      expect(viaTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const claimed = await send(`/tools/${part.id}`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(claimed.fast).toBe(true);
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      behindTls.closeAllConnections();
      await new Promise((resolve) => behindTls.close(resolve));
    }
  });
});
