import { ADMIN_PAGE_SIZE, adminText } from '@pcpp/contracts/core';
import request from 'supertest';
import { createAccount, createTestApi, randomSuffix, type TestApi } from '../../../test/helpers';
import { createRoleAuthority } from '../../auth/role-authority';
import { createActivityRepository } from '../activity/repository';
import { createActivityLog } from '../activity/service';
import { createUsersRepository } from './repository';
import { createUsersService } from './service';

// GET /user, PUT and DELETE /user/admin/{email}, with the role cache on as in production: a promotion
// must reach the promoted account's next call without waiting for the cache or the token.

let api: TestApi;
let admin: { email: string; token: string };
/** Accounts made in this order (so newest last), all with this tag in their email. */
const tag = `tag${randomSuffix()}`;
let tagged: { email: string; token: string }[];

beforeAll(async () => {
  api = await createTestApi();
  admin = await createAccount(api, 'admin');
  tagged = [];
  for (let i = 0; i < 5; i += 1) tagged.push(await createAccount(api, 'customer', `${tag}-${i}+x@example.com`));
});
afterAll(() => api.close());

const asAdmin = (call: request.Test) => call.set('Authorization', `Bearer ${admin.token}`);
const getUsers = (query = '') => asAdmin(request(api.app).get(`/user${query}`));

describe('GET /user', () => {
  it('lists every account newest first as email, role and joined date, a plain array without parameters', async () => {
    const response = await getUsers();
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      ...[...tagged].reverse().map(({ email }) => ({ email, role: 'customer', createdAt: expect.any(String) })),
      { email: admin.email, role: 'admin', createdAt: expect.any(String) },
    ]);
    const stored = await api.database.collections.users.findOne({ email: admin.email });
    expect(response.body.at(-1).createdAt).toBe(stored!.createdAt.toISOString());
  });

  it('pages, the total counting every match', async () => {
    const first = await getUsers('?limit=2');
    expect(first.body).toEqual({ items: expect.any(Array), total: 6, page: 1, pages: 3 });
    expect(first.body.items.map((user: { email: string }) => user.email)).toEqual([tagged[4]!.email, tagged[3]!.email]);
    const last = await getUsers('?limit=2&page=3');
    expect(last.body.items.map((user: { email: string }) => user.email)).toEqual([tagged[0]!.email, admin.email]);
    expect((await getUsers('?page=1')).body).toMatchObject({ total: 6, pages: Math.ceil(6 / ADMIN_PAGE_SIZE) });
  });

  it('searches the email, whatever the case, metacharacters taken literally', async () => {
    const found = await getUsers(`?q=${tag.toUpperCase()}-3`);
    expect(found.body).toEqual({ items: [expect.objectContaining({ email: tagged[3]!.email })], total: 1, page: 1, pages: 1 });
    // "+" and "." are regex metacharacters: unescaped, "-1+x" would not match "-1+x@".
    const literal = await getUsers(`?q=${encodeURIComponent(`${tag}-1+x@example.com`)}`);
    expect(literal.body.total).toBe(1);
    expect((await getUsers(`?q=${encodeURIComponent('.*')}`)).body.total).toBe(0);
  });

  it.each([
    ['?limit=51', 'limit must be a whole number from 1 to 50'],
    ['?page=0', 'page must be a whole number from 1 to 1000000'],
    ['?role=admin', 'Unknown query parameter "role": use q, page, limit'],
    ['?q[$ne]=x', 'Unknown query parameter "q[$ne]": use q, page, limit'],
  ])('refuses %s with a 400', async (query, message) => {
    const response = await getUsers(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
  });
});

describe('PUT /user/admin/{email}', () => {
  const promote = (email: string) => asAdmin(request(api.app).put(`/user/admin/${encodeURIComponent(email)}`));

  it("lets the promoted account's very next admin call through, and logs who promoted whom", async () => {
    const customer = await createAccount(api, 'customer');
    const ownCall = () => request(api.app).get('/activity').set('Authorization', `Bearer ${customer.token}`);
    // The refusal puts "customer" in the role cache.
    expect((await ownCall()).status).toBe(403);

    const response = await promote(customer.email.toUpperCase());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ modifiedCount: 1 });

    const next = await ownCall();
    expect(next.status).toBe(200);
    expect(next.body.items[0]).toEqual({
      _id: expect.any(String),
      action: 'user.promoted',
      actor: admin.email,
      target: customer.email,
      subject: { kind: 'user', id: customer.email, exists: true },
      at: expect.any(String),
    });
  });

  it('answers modifiedCount 0 for an admin already, and logs nothing', async () => {
    const before = await api.database.collections.activity.countDocuments({});
    const response = await promote(admin.email);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ modifiedCount: 0 });
    expect(await api.database.collections.activity.countDocuments({})).toBe(before);
  });

  it('answers 404 for an email no account uses', async () => {
    const response = await promote(`nobody-${randomSuffix()}@example.com`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'No account uses this email' });
  });

  it('refuses a malformed email, a body and a query parameter with a 400', async () => {
    expect((await promote('not-an-email')).status).toBe(400);
    const withBody = await promote(tagged[0]!.email).send({ role: 'admin' });
    expect(withBody.status).toBe(400);
    expect(withBody.body).toMatchObject({ message: 'Unknown field "role": this call takes no body' });
    const withQuery = await asAdmin(request(api.app).put(`/user/admin/${encodeURIComponent(tagged[0]!.email)}?force=1`));
    expect(withQuery.status).toBe(400);
    expect(withQuery.body).toMatchObject({ message: 'Unknown query parameter "force": this call takes none' });
    expect((await api.database.collections.users.findOne({ email: tagged[0]!.email }))?.role).toBe('customer');
  });
});

describe('DELETE /user/admin/{email}', () => {
  const demote = (email: string, as = admin) => request(api.app).delete(`/user/admin/${encodeURIComponent(email)}`).set('Authorization', `Bearer ${as.token}`);
  const roleOf = async (email: string) => (await api.database.collections.users.findOne({ email }))?.role;

  it("makes a promoted admin a customer again: their very next admin call is refused, and it is logged", async () => {
    const promoted = await createAccount(api, 'customer');
    expect((await asAdmin(request(api.app).put(`/user/admin/${encodeURIComponent(promoted.email)}`))).body).toEqual({ modifiedCount: 1 });
    const adminCall = () => request(api.app).get('/user?limit=1').set('Authorization', `Bearer ${promoted.token}`);
    // Their admin role is in the role cache now.
    expect((await adminCall()).status).toBe(200);

    const response = await demote(promoted.email.toUpperCase());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ modifiedCount: 1 });
    const next = await adminCall();
    expect(next.status).toBe(403);
    expect(next.body).toEqual({ message: 'Admins only' });
    expect(await roleOf(promoted.email)).toBe('customer');

    const log = (await asAdmin(request(api.app).get('/activity?limit=1'))).body.items[0];
    expect(log).toMatchObject({ action: 'user.demoted', actor: admin.email, target: promoted.email, subject: { kind: 'user', id: promoted.email, exists: true } });
    // A customer already: nothing to do, nothing logged.
    expect((await demote(promoted.email)).body).toEqual({ modifiedCount: 0 });
  });

  it("refuses the caller's own account with a 409", async () => {
    const other = await createAccount(api, 'admin');
    const response = await demote(admin.email);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: adminText.demoteSelf });
    expect(await roleOf(admin.email)).toBe('admin');
    await demote(other.email);
  });

  it('refuses the last admin with a 409', async () => {
    // A database of its own. The caller's role was taken away by hand a moment ago, which the role
    // cache (5 s) does not know yet: the target is the shop's last admin.
    const solo = await createTestApi();
    try {
      const [caller, last] = [await createAccount(solo, 'admin'), await createAccount(solo, 'admin')];
      const call = (email: string) => request(solo.app).delete(`/user/admin/${encodeURIComponent(email)}`).set('Authorization', `Bearer ${caller.token}`);
      expect((await request(solo.app).get('/user?limit=1').set('Authorization', `Bearer ${caller.token}`)).status).toBe(200);
      await solo.database.collections.users.updateOne({ email: caller.email }, { $set: { role: 'customer' } });
      const response = await call(last.email);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: adminText.demoteLastAdmin(last.email) });
      expect(await solo.database.collections.users.countDocuments({ role: 'admin' })).toBe(1);
    } finally {
      await solo.close();
    }
  });

  it('never leaves the shop without an admin when the last two demote each other at once', async () => {
    for (let round = 0; round < 10; round += 1) {
      const pairApi = await createTestApi({}, { roleCacheTtlMs: 0 });
      try {
        const [a, b] = [await createAccount(pairApi, 'admin'), await createAccount(pairApi, 'admin')];
        const call = (email: string, as: { token: string }) =>
          request(pairApi.app).delete(`/user/admin/${encodeURIComponent(email)}`).set('Authorization', `Bearer ${as.token}`);
        const answers = await Promise.all([call(b.email, a), call(a.email, b)]);
        const statuses = answers.map((answer) => answer.status);
        // At most one wins; the other is refused (the last admin, or no admin any more).
        expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
        for (const status of statuses) expect([200, 403, 409]).toContain(status);
        expect(await pairApi.database.collections.users.countDocuments({ role: 'admin' })).toBe(2 - statuses.filter((status) => status === 200).length);
        expect(await pairApi.database.collections.users.countDocuments({ role: 'admin' })).toBeGreaterThanOrEqual(1);
      } finally {
        await pairApi.close();
      }
    }
  });

  it('undoes a demotion that left no admin (two demotions past the check at once), round after round', async () => {
    // Through the service: both callers pass the admin check, as on two api instances at once.
    const repository = createUsersRepository(api.database.collections.users);
    const users = createUsersService({
      users: repository,
      roles: createRoleAuthority(repository, { ttlMs: 0 }),
      accessTokens: api.accessTokens,
      activity: createActivityLog(createActivityRepository(api.database.collections.activity)),
      adminEmails: [],
      identity: api.identity,
      outbox: api.outbox,
      shopUrl: api.config.shopUrl,
      addressBook: api.services.addressBook,
    });
    await api.database.collections.users.updateMany({ role: 'admin' }, { $set: { role: 'customer' } });
    try {
      for (let round = 0; round < 20; round += 1) {
        const [a, b] = [await createAccount(api, 'admin'), await createAccount(api, 'admin')];
        const claims = (email: string) => ({ sub: 'a'.repeat(24), uid: 'uid', email, role: 'admin' as const });
        const results = await Promise.allSettled([users.demote(claims(a.email), b.email), users.demote(claims(b.email), a.email)]);
        const won = results.filter((result) => result.status === 'fulfilled').length;
        expect(won).toBeLessThanOrEqual(1);
        for (const result of results) {
          if (result.status === 'rejected') expect((result.reason as Error).message).toMatch(/is the last admin: make someone else an admin first\.$/);
        }
        // Both may be refused (each undid its own), never both done.
        expect(await api.database.collections.users.countDocuments({ role: 'admin' })).toBe(2 - won);
        await api.database.collections.users.updateMany({ email: { $in: [a.email, b.email] } }, { $set: { role: 'customer' } });
      }
    } finally {
      await api.database.collections.users.updateOne({ email: admin.email }, { $set: { role: 'admin' } });
    }
  });

  it('refuses an admin ADMIN_EMAILS would make an admin again at its next sign-in', async () => {
    const listed = `listed-${randomSuffix()}@example.com`;
    const configured = await createTestApi({ ADMIN_EMAILS: listed });
    try {
      const [caller] = [await createAccount(configured, 'admin'), await createAccount(configured, 'admin', listed)];
      const response = await request(configured.app).delete(`/user/admin/${encodeURIComponent(listed)}`).set('Authorization', `Bearer ${caller!.token}`);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: adminText.demoteConfigured(listed) });
    } finally {
      await configured.close();
    }
  });

  it('answers 404 for an email no account uses, 400 for a malformed one, a body or a query', async () => {
    expect((await demote(`nobody-${randomSuffix()}@example.com`)).status).toBe(404);
    expect((await demote('not-an-email')).status).toBe(400);
    const target = await createAccount(api, 'admin');
    expect((await demote(target.email).send({ role: 'customer' })).status).toBe(400);
    expect((await asAdmin(request(api.app).delete(`/user/admin/${encodeURIComponent(target.email)}?force=1`))).status).toBe(400);
    expect(await roleOf(target.email)).toBe('admin');
  });
});
