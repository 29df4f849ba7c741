import request from 'supertest';
import { createTestApi, signUpWithAccessToken, type TestApi } from '../../test/helpers';

// Tokens of deleted or disabled accounts (issue 20): the api's access token lives an hour, but the
// account behind it is checked at the identity provider, so it stops within ROLE_CACHE_TTL_MS.
// The role cache runs on a clock the tests move by hand: what happens within the TTL and after it
// does not depend on how fast this machine is.

const TTL_MS = 60_000;
let now = 1_800_000_000_000;
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({}, { roleCacheTtlMs: TTL_MS, roleCacheClock: () => now });
});
afterAll(() => api.close());

/** The emulator's admin api, as the Firebase console or the Admin SDK would change an account. */
async function adminCall(call: 'delete' | 'update', body: object): Promise<void> {
  const response = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/demo-pcparts/accounts:${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`accounts:${call}: ${response.status} ${await response.text()}`);
}

const myOrders = (session: { email: string; token: string }) =>
  request(api.app).get('/myorder').query({ email: session.email }).set('Authorization', `Bearer ${session.token}`);

it.each([
  ['deleted', (uid: string) => adminCall('delete', { localId: uid }), 'This account no longer exists. Sign in again.'],
  ['disabled', (uid: string) => adminCall('update', { localId: uid, disableUser: true }), 'This account is disabled.'],
] as const)('refuses the access token of an account %s at the identity provider once ROLE_CACHE_TTL_MS passed', async (_what, change, message) => {
  const session = await signUpWithAccessToken(api);
  expect((await myOrders(session)).status).toBe(200);
  await change(session.uid);
  // Within the TTL the kept verdict stands (that is what the cache is for)...
  now += TTL_MS - 1;
  expect((await myOrders(session)).status).toBe(200);
  // ...and once it ran out the identity provider is asked again.
  now += 1;
  const response = await myOrders(session);
  expect(response.status).toBe(401);
  expect(response.body).toEqual({ message });
  // And it stays refused, even after the refusal's own TTL.
  now += TTL_MS;
  expect((await myOrders(session)).status).toBe(401);
});

it('refuses a token whose email now belongs to a new account (the old one deleted)', async () => {
  const session = await signUpWithAccessToken(api);
  expect((await myOrders(session)).status).toBe(200);
  await adminCall('delete', { localId: session.uid });
  await signUpWithAccessToken(api, { email: session.email });
  now += TTL_MS;
  expect((await myOrders(session)).status).toBe(401);
});
