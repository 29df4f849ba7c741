import request from 'supertest';
import { createTestApi, signUpWithAccessToken, type TestApi } from '../../test/helpers';

// Tokens of deleted or disabled accounts (issue 20): the api's access token lives an hour, but the
// account behind it is checked at the identity provider, so it stops within ROLE_CACHE_TTL_MS.

const TTL_MS = 1_000;
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({}, { roleCacheTtlMs: TTL_MS });
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

/** Calls until refused; answers the refusal and how long after `since` it came. */
async function refusedWithin(session: { email: string; token: string }, since: number, limitMs: number) {
  for (;;) {
    const response = await myOrders(session);
    if (response.status !== 200) return { response, afterMs: Date.now() - since };
    if (Date.now() - since > limitMs) throw new Error(`still answered 200 ${Date.now() - since} ms after the change`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it.each([
  ['deleted', (uid: string) => adminCall('delete', { localId: uid }), 'This account no longer exists. Sign in again.'],
  ['disabled', (uid: string) => adminCall('update', { localId: uid, disableUser: true }), 'This account is disabled.'],
] as const)('refuses the access token of an account %s at the identity provider within ROLE_CACHE_TTL_MS', async (_what, change, message) => {
  const session = await signUpWithAccessToken(api);
  expect((await myOrders(session)).status).toBe(200);
  const changedAt = Date.now();
  await change(session.uid);
  const { response, afterMs } = await refusedWithin(session, changedAt, TTL_MS + 1_000);
  expect(response.status).toBe(401);
  expect(response.body).toEqual({ message });
  expect(afterMs).toBeLessThanOrEqual(TTL_MS + 500);
  // And it stays refused.
  expect((await myOrders(session)).status).toBe(401);
});

it('refuses a token whose email now belongs to a new account (the old one deleted)', async () => {
  const session = await signUpWithAccessToken(api);
  await adminCall('delete', { localId: session.uid });
  await signUpWithAccessToken(api, { email: session.email });
  const { response } = await refusedWithin(session, Date.now(), TTL_MS + 1_000);
  expect(response.status).toBe(401);
});
