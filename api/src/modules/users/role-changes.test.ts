import request from 'supertest';
import { createTestApi, randomSuffix, signUpWithAccessToken, type TestApi } from '../../../test/helpers';

// The database, not the access token, decides who is an admin: a role changed in the database
// applies to the very next request, though the token (valid for an hour) still names the old one.

const adminEmail = `keeper-${randomSuffix()}@example.com`;
const goneEmail = `gone-${randomSuffix()}@example.com`;
let api: TestApi;
let other: { email: string; token: string };
beforeAll(async () => {
  // No role cache: every request reads the role from the database.
  api = await createTestApi({ ADMIN_EMAILS: `${adminEmail},${goneEmail}` }, { roleCacheTtlMs: 0 });
  other = await signUpWithAccessToken(api);
});
afterAll(() => api.close());

const setRole = (email: string, role: 'admin' | 'customer') =>
  api.database.collections.users.updateOne({ email }, { $set: { role } });

/** Admin-only calls: another user's profile and another user's role. */
const adminCalls = (token: string) => [
  request(api.app).get('/user/one').query({ email: other.email }).set('Authorization', `Bearer ${token}`),
  request(api.app).get(`/admin/${encodeURIComponent(other.email)}`).set('Authorization', `Bearer ${token}`),
];

it('refuses a demoted admin at once, though their token still says admin', async () => {
  const admin = await signUpWithAccessToken(api, { email: adminEmail, emailVerified: true });
  expect((await api.accessTokens.verify(admin.token)).role).toBe('admin');
  for (const response of await Promise.all(adminCalls(admin.token))) expect(response.status).toBe(200);

  await setRole(admin.email, 'customer');
  for (const response of await Promise.all(adminCalls(admin.token))) {
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: expect.any(String) });
  }
});

it('lets a promoted customer in at once, though their token still says customer', async () => {
  const customer = await signUpWithAccessToken(api);
  for (const response of await Promise.all(adminCalls(customer.token))) expect(response.status).toBe(403);

  await setRole(customer.email, 'admin');
  expect((await api.accessTokens.verify(customer.token)).role).toBe('customer');
  for (const response of await Promise.all(adminCalls(customer.token))) expect(response.status).toBe(200);
});

it('refuses an admin token whose account is gone from the database', async () => {
  const admin = await signUpWithAccessToken(api, { email: goneEmail, emailVerified: true });
  expect((await api.accessTokens.verify(admin.token)).role).toBe('admin');
  await api.database.collections.users.deleteOne({ email: admin.email });
  for (const response of await Promise.all(adminCalls(admin.token))) expect(response.status).toBe(403);
});

describe('with the role cache on (as in production)', () => {
  let cached: TestApi;
  const promoted = `promoted-${randomSuffix()}@example.com`;
  beforeAll(async () => {
    cached = await createTestApi({ ADMIN_EMAILS: promoted });
  });
  afterAll(() => cached.close());

  it('drops a cached role as soon as the api itself writes one', async () => {
    const session = await signUpWithAccessToken(cached, { email: promoted, emailVerified: true });
    const adminCall = async () =>
      (await request(cached.app).get(`/admin/${encodeURIComponent(other.email)}`).set('Authorization', `Bearer ${session.token}`))
        .status;
    // Demoted behind the api's back: the next call reads it, and the cache keeps it for a few seconds.
    await cached.database.collections.users.updateOne({ email: promoted }, { $set: { role: 'customer' } });
    expect(await adminCall()).toBe(403);
    // The token exchange promotes ADMIN_EMAILS again, and drops the cached role with it.
    const again = await request(cached.app)
      .put(`/user/${encodeURIComponent(promoted)}`)
      .set('Authorization', `Bearer ${session.idToken}`)
      .send({ email: promoted });
    expect(again.status).toBe(200);
    expect(await adminCall()).toBe(200);
  });
});
