import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, apiClient, configureApiClient, errorMessage, resolveImageUrl } from './api-client';
import { authStore } from './auth-store';

// A real HTTP server: the client is exercised over the wire, not against a mock adapter.
let server: http.Server;
let seenAuthorization: (string | undefined)[] = [];
let validToken = 'fresh-token';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenAuthorization.push(req.headers.authorization);
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/protected') {
      if (req.headers.authorization === `Bearer ${validToken}`) res.end(JSON.stringify({ ok: true }));
      else res.writeHead(401).end(JSON.stringify({ message: 'Your session has expired' }));
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

beforeEach(() => {
  seenAuthorization = [];
  validToken = 'fresh-token';
  authStore.setState({ accessToken: null, handlers: null });
});

it('sends the stored access token as the bearer', async () => {
  authStore.setState({ accessToken: 'fresh-token' });
  await expect(apiClient.get('/protected')).resolves.toMatchObject({ data: { ok: true } });
  expect(seenAuthorization).toEqual(['Bearer fresh-token']);
});

it('on a 401 exchanges the identity token once and retries the call', async () => {
  authStore.setState({ accessToken: 'stale-token' });
  const refreshAccessToken = jest.fn(async () => 'fresh-token');
  const signOut = jest.fn(async () => undefined);
  authStore.getState().setHandlers({ refreshAccessToken, signOut });
  await expect(apiClient.get('/protected')).resolves.toMatchObject({ data: { ok: true } });
  expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  expect(signOut).not.toHaveBeenCalled();
  expect(seenAuthorization).toEqual(['Bearer stale-token', 'Bearer fresh-token']);
});

it('signs out when the exchange fails, and surfaces the api message', async () => {
  authStore.setState({ accessToken: 'stale-token' });
  const signOut = jest.fn(async () => undefined);
  authStore.getState().setHandlers({ refreshAccessToken: async () => null, signOut });
  const error = await apiClient.get('/protected').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(401);
  expect(errorMessage(error)).toBe('Your session has expired');
  expect(signOut).toHaveBeenCalledTimes(1);
});

it('never shows a raw server page to the user', async () => {
  const error = await apiClient.get('/broken').catch((e: unknown) => e);
  expect(errorMessage(error)).toBe('The server answered with an error (500).');
});

it('says the server is unreachable when nothing answers', async () => {
  const error = await apiClient.get('http://127.0.0.1:1/anything').catch((e: unknown) => e);
  expect(errorMessage(error)).toBe('Cannot reach the server. Check your connection and try again.');
});

it('resolves stored image paths against the api host and keeps absolute URLs', () => {
  const base = apiClient.defaults.baseURL;
  expect(resolveImageUrl('/images/parts/a.svg')).toBe(`${base}/images/parts/a.svg`);
  expect(resolveImageUrl('https://cdn.example.com/x.webp')).toBe('https://cdn.example.com/x.webp');
});
