import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiError,
  RENEW_BEFORE_EXPIRY_MS,
  SESSION_ENDED_MESSAGE,
  apiBaseUrl,
  api,
  apiClient,
  configureApiClient,
  errorMessage,
  exchangeIdToken,
  resolveImageUrl,
} from './api-client';
import { adminFlagAnswerSchema, deletedCountAnswerSchema } from './api-answers';
import { partImportAnswerSchema } from './product-admin-schemas';
import { authStore, type SessionHandlers } from './auth-store';

// A real HTTP server: the client is exercised over the wire, not against a mock adapter.
let server: http.Server;
let seen: { method: string; url: string; authorization: string | undefined }[] = [];
let validToken = 'fresh-token';
/** The bodies POST /report received. */
const reports: unknown[] = [];
/** The calls to /order/{id} and /tools/import, with their bodies as text. */
const bodies: { method: string; url: string; contentType: string | undefined; body: string }[] = [];
/** What the token exchange (PUT /user/:email) answers. */
let exchange: { status: number; body: object; delayMs: number };

const user = { uid: 'u1', email: 'customer@pcparts.dev', displayName: 'C', photoURL: null, emailVerified: true };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
    res.setHeader('Content-Type', 'application/json');
    if (req.method === 'PUT' && req.url?.startsWith('/user/')) {
      setTimeout(() => res.writeHead(exchange.status).end(JSON.stringify(exchange.body)), exchange.delayMs);
      return;
    }
    if (req.url === '/protected') {
      if (req.headers.authorization === `Bearer ${validToken}`) res.end(JSON.stringify({ ok: true }));
      else res.writeHead(401).end(JSON.stringify({ message: 'Your session has expired' }));
      return;
    }
    if (req.method === 'POST' && req.url === '/report') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        reports.push(JSON.parse(Buffer.concat(chunks).toString()));
        res.writeHead(202).end('{}');
      });
      return;
    }
    if (req.url?.startsWith('/admin/')) {
      // The admin flag's path: a fitting answer, but for misfit@… one of another shape.
      res.end(JSON.stringify(req.url.includes('misfit') ? { ok: true } : { admin: true }));
      return;
    }
    if (req.url?.startsWith('/order/') || req.url?.startsWith('/tools/import')) {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        bodies.push({ method: req.method!, url: req.url!, contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString() });
        res.end(JSON.stringify(req.url!.startsWith('/order/') ? { deletedCount: 1 } : { dryRun: true, rows: [], created: 0, updated: 0, errors: 0 }));
      });
      return;
    }
    if (req.url === '/busy') {
      res.writeHead(429, { 'Retry-After': '42' }).end(JSON.stringify({ message: 'Too many requests. Please try again in 42 seconds.' }));
      return;
    }
    if (req.url === '/broken') {
      res.writeHead(500).end('<html>stack trace</html>');
      return;
    }
    res.writeHead(404).end(JSON.stringify({ message: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function signInWith(token: string, expiresAt: number | null, handlers?: Partial<SessionHandlers>) {
  const endSession = jest.fn(async () => undefined);
  const currentIdentity = jest.fn(async () => ({ email: user.email, idToken: 'firebase-id-token' }));
  authStore.getState().signedIn(user, { token, expiresAt });
  const sendVerificationEmail = jest.fn(async () => undefined);
  authStore.getState().setHandlers({ currentIdentity, endSession, sendVerificationEmail, ...handlers });
  return { endSession, currentIdentity };
}

const exchanges = () => seen.filter((r) => r.method === 'PUT');
const protectedCalls = () => seen.filter((r) => r.url === '/protected');

beforeEach(() => {
  seen = [];
  validToken = 'fresh-token';
  exchange = { status: 200, body: { token: 'fresh-token', expiresIn: 3600 }, delayMs: 20 };
  authStore.getState().signedOut();
  authStore.setState({ handlers: null });
});

it('sends the stored access token as the bearer', async () => {
  signInWith('fresh-token', Date.now() + 3_600_000);
  await expect(apiClient.request({ url: '/protected' })).resolves.toMatchObject({ data: { ok: true } });
  expect(seen.map((r) => r.authorization)).toEqual(['Bearer fresh-token']);
});

it('on a 401 exchanges the ID token once, stores the new token and retries the call', async () => {
  const { endSession } = signInWith('stale-token', null);
  await expect(apiClient.request({ url: '/protected' })).resolves.toMatchObject({ data: { ok: true } });
  expect(seen.map((r) => `${r.method} ${r.url} ${r.authorization}`)).toEqual([
    'GET /protected Bearer stale-token',
    'PUT /user/customer%40pcparts.dev Bearer firebase-id-token',
    'GET /protected Bearer fresh-token',
  ]);
  expect(authStore.getState().accessToken).toBe('fresh-token');
  expect(endSession).not.toHaveBeenCalled();
});

it('10 concurrent 401s share exactly one exchange and each call is retried once', async () => {
  signInWith('stale-token', null);
  const results = await Promise.all(Array.from({ length: 10 }, () => apiClient.request({ url: '/protected' })));
  expect(results.map((r) => r.data)).toEqual(Array(10).fill({ ok: true }));
  expect(exchanges()).toHaveLength(1);
  const retried = protectedCalls().filter((r) => r.authorization === 'Bearer fresh-token');
  expect(retried).toHaveLength(10);
  expect(protectedCalls()).toHaveLength(20);
});

it('an exchange answering 401 is sent exactly once, then the session ends once with a sentence', async () => {
  exchange = { status: 401, body: { message: 'Sign in to continue' }, delayMs: 20 };
  const { endSession } = signInWith('stale-token', null);
  const errors = await Promise.all(Array.from({ length: 5 }, () => apiClient.request({ url: '/protected' }).catch((e: unknown) => e)));
  for (const error of errors) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  }
  expect(exchanges()).toHaveLength(1);
  expect(endSession).toHaveBeenCalledTimes(1);
  expect(authStore.getState()).toMatchObject({
    status: 'signedOut',
    accessToken: null,
    sessionError: SESSION_ENDED_MESSAGE,
    sessionExpired: true,
  });
});

it('a call still refused after the renewal is not retried again', async () => {
  validToken = 'never-valid';
  signInWith('stale-token', null);
  const error = await apiClient.request({ url: '/protected' }).catch((e: unknown) => e);
  expect(errorMessage(error)).toBe('Your session has expired');
  expect(exchanges()).toHaveLength(1);
  expect(protectedCalls()).toHaveLength(2);
});

it('renews the token before it expires, so the call is never refused', async () => {
  signInWith('stale-token', Date.now() + RENEW_BEFORE_EXPIRY_MS - 1_000);
  await expect(apiClient.request({ url: '/protected' })).resolves.toMatchObject({ data: { ok: true } });
  expect(seen.map((r) => `${r.method} ${r.authorization}`)).toEqual([
    'PUT Bearer firebase-id-token',
    'GET Bearer fresh-token',
  ]);
  const { accessTokenExpiresAt } = authStore.getState();
  expect(accessTokenExpiresAt).toBeGreaterThan(Date.now() + 3_500_000);
});

it('does not renew a token that is far from expiry', async () => {
  signInWith('fresh-token', Date.now() + RENEW_BEFORE_EXPIRY_MS + 60_000);
  await apiClient.request({ url: '/protected' });
  expect(exchanges()).toHaveLength(0);
});

it('a signed-out visitor gets the 401 as it is, without an exchange', async () => {
  authStore.getState().setHandlers({ currentIdentity: async () => null, endSession: jest.fn(), sendVerificationEmail: jest.fn() });
  const error = await apiClient.request({ url: '/protected' }).catch((e: unknown) => e);
  expect((error as ApiError).status).toBe(401);
  expect(exchanges()).toHaveLength(0);
});

it('never shows a raw server page to the user', async () => {
  const error = await apiClient.request({ url: '/broken' }).catch((e: unknown) => e);
  expect(errorMessage(error)).toBe('The server answered with an error (500).');
});

it('says the server is unreachable when nothing answers', async () => {
  const error = await apiClient.request({ url: 'http://127.0.0.1:1/anything' }).catch((e: unknown) => e);
  expect(errorMessage(error)).toBe('Cannot reach the server. Check your connection and try again.');
});

it('resolves stored image paths against the api host and keeps absolute URLs', () => {
  const base = apiBaseUrl();
  expect(resolveImageUrl('/images/parts/a.svg')).toBe(`${base}/images/parts/a.svg`);
  expect(resolveImageUrl('https://cdn.example.com/x.webp')).toBe('https://cdn.example.com/x.webp');
});

it('tells each answer listener the answer and its full address (the server renderer records its reads so)', async () => {
  const heard: { url: string; status: number }[] = [];
  apiClient.onAnswer((response, url) => heard.push({ url, status: response.status }));
  signInWith('fresh-token', Date.now() + RENEW_BEFORE_EXPIRY_MS + 60_000);
  await apiClient.request({ url: '/protected' });
  expect(heard).toEqual([{ url: `${apiBaseUrl()}/protected`, status: 200 }]);
});

it('sends a report by fetch, and says when the server refused it', async () => {
  await apiClient.report('/report', { remote: 'mf_shop' });
  expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/report' });
  expect(reports).toEqual([{ remote: 'mf_shop' }]);
  const refused = await apiClient.report('/broken', {}).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).status).toBe(500);
});

it('queues a beacon at the api address as text/plain JSON, and says when the browser has none', () => {
  expect(apiClient.beacon('/remotes/vitals', { inp: 320 })).toBe(false);
  const queued: { url: string; data: unknown }[] = [];
  // Node has no navigator (the browser's is driven by the e2e tests): one that records the beacon.
  Object.defineProperty(globalThis, 'navigator', {
    configurable: true,
    value: { sendBeacon: (url: string, data: unknown) => queued.push({ url, data }) > 0 },
  });
  try {
    expect(apiClient.beacon('/remotes/vitals', { inp: 320 })).toBe(true);
    // A string body: the browser sends it as text/plain, a request that needs no CORS preflight.
    expect(queued).toEqual([{ url: `${apiBaseUrl()}/remotes/vitals`, data: '{"inp":320}' }]);
  } finally {
    Reflect.deleteProperty(globalThis, 'navigator');
  }
});

it("passes on the exchange's notice with the token", async () => {
  exchange = { status: 200, body: { token: 'fresh-token', expiresIn: 3600, notice: 'Verify your email to get admin access.' }, delayMs: 0 };
  const answer = await exchangeIdToken({ email: user.email, idToken: 'firebase-id-token' });
  expect(answer).toMatchObject({ token: 'fresh-token', notice: 'Verify your email to get admin access.' });
});

it("shows a rate limit's sentence as the error", async () => {
  const error = await apiClient.request({ url: '/busy' }).catch((e: unknown) => e);
  expect((error as ApiError).status).toBe(429);
  expect(errorMessage(error)).toBe('Too many requests. Please try again in 42 seconds.');
});

it('checks an answer with a schema it loads beside the call, only when the call is made', async () => {
  signInWith('fresh-token', Date.now() + RENEW_BEFORE_EXPIRY_MS + 60_000);
  const load = jest.fn(async () => adminFlagAnswerSchema);
  // The api answers misfit@… with {ok: true}: not the admin flag's shape.
  const misfit = await api.get('/admin/{email}', { params: { email: 'misfit@pcparts.dev' }, answer: load }).catch((e: unknown) => e);
  expect(load).toHaveBeenCalledTimes(1);
  expect(misfit).toBeInstanceOf(Error);
  expect(errorMessage(misfit)).toBe('The server sent an answer this page does not understand.');
  await expect(api.get('/admin/{email}', { params: { email: 'boss@pcparts.dev' }, answer: adminFlagAnswerSchema })).resolves.toEqual({ admin: true });
  expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/admin/boss%40pcparts.dev', authorization: 'Bearer fresh-token' });
});

it("sends a typed call's path params, query, body and headers as it names them", async () => {
  bodies.length = 0;
  await expect(api.delete('/order/{id}', { params: { id: 'line 1/2' }, body: { reason: 'Wrong part' }, answer: deletedCountAnswerSchema })).resolves.toEqual({
    deletedCount: 1,
  });
  await expect(
    api.post('/tools/import', { query: { dryRun: 'true' }, body: 'name,price\n', headers: { 'Content-Type': 'text/csv' }, answer: partImportAnswerSchema }),
  ).resolves.toMatchObject({ dryRun: true, created: 0 });
  expect(bodies).toEqual([
    { method: 'DELETE', url: '/order/line%201%2F2', contentType: expect.stringContaining('application/json'), body: '{"reason":"Wrong part"}' },
    { method: 'POST', url: '/tools/import?dryRun=true', contentType: 'text/csv', body: 'name,price\n' },
  ]);
});

// What the typecheck refuses (`npm run typecheck` fails when one of these compiles): never run.
export function refusedAtCompileTime() {
  // @ts-expect-error a path the api does not have
  void api.get('/tool/{id}', { params: { id: 'x' }, answer: adminFlagAnswerSchema });
  // @ts-expect-error a path param the path does not name
  void api.delete('/order/{id}', { params: { lineId: 'x' }, body: { reason: 'r' }, answer: deletedCountAnswerSchema });
  // @ts-expect-error an answer schema of another shape than the operation's answer
  void api.delete('/order/{id}', { params: { id: 'x' }, body: { reason: 'r' }, answer: adminFlagAnswerSchema });
  // @ts-expect-error a query the api requires, left out
  void api.post('/tools/import', { body: 'csv', answer: partImportAnswerSchema });
  // @ts-expect-error a query value the api refuses
  void api.post('/tools/import', { query: { dryRun: 'yes' }, body: 'csv', answer: partImportAnswerSchema });
  // @ts-expect-error a body on a call that takes none
  void api.get('/admin/{email}', { params: { email: 'a@b.c' }, body: { admin: true }, answer: adminFlagAnswerSchema });
}

it("refuses an exchange's answer without the token's lifetime (the api's own answer schema)", async () => {
  exchange = { status: 200, body: { token: 'fresh-token' }, delayMs: 0 };
  const error = await exchangeIdToken({ email: user.email, idToken: 'firebase-id-token' }).catch((e: unknown) => e);
  expect(errorMessage(error)).toBe('The server sent an answer this page does not understand.');
});

