import { ADMIN_PAGE_SIZE } from '@pcpp/contracts/core';
import request from 'supertest';
import { createAccount, createTestApi, randomSuffix, type TestApi } from '../../../test/helpers';

// GET /user and PUT /user/admin/{email}, with the role cache on as in production: a promotion
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
