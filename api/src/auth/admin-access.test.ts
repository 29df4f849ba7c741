import { once } from 'node:events';
import type { Server } from 'node:http';
import type { ObjectId } from 'mongodb';
import request from 'supertest';
import { createAccount, createPart, createTestApi, insertOrder, type TestApi } from '../../test/helpers';
import { SHELL_SHARED, startManifestServer } from '../../test/release-fixtures';

// Every admin endpoint: 401 without a token, 403 with a customer's token, the answer with an
// admin's. The role is the database's: a token that says admin does not help a demoted account.

let api: TestApi;
let server: Server;
let admin: { email: string; token: string };
let customer: { email: string; token: string };
/** A customer who owns nothing the calls touch (the review belongs to `customer`). */
let anotherCustomer: { email: string; token: string };
let part: Awaited<ReturnType<typeof createPart>>;
let unpaidOrder: { id: string };
let paidOrder: { id: string };
let customerToPromote: { email: string };
let review: { id: string };
let manifests: Awaited<ReturnType<typeof startManifestServer>>;
const RELEASE = { v1: '1.0.0+one', v2: '1.0.0+two' };

beforeAll(async () => {
  // No role cache: the demotion test reads the role on each request.
  manifests = await startManifestServer();
  manifests.set('/shell/mf-manifest.json', { name: 'shell', shared: Object.entries(SHELL_SHARED).map(([name, version]) => ({ name, version })) });
  api = await createTestApi({ SHELL_MANIFEST_URL: manifests.shellManifestUrl }, { roleCacheTtlMs: 0 });
  server = api.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  [admin, customer, customerToPromote, anotherCustomer] = await Promise.all([
    createAccount(api, 'admin'),
    createAccount(api, 'customer'),
    createAccount(api, 'customer'),
    createAccount(api, 'customer'),
  ]);
  part = await createPart(api, { p_quantity: 10 });
  unpaidOrder = await insertOrder(api, part, { email: customer.email });
  paidOrder = await insertOrder(api, part, { email: customer.email, paid: true, status: 'paid', transactionId: 'pi_1' });
  const { insertedId } = await api.database.collections.reviews.insertOne({
    name: 'Reviewed',
    review: 'Moderated by the access test.',
    ratings: 1,
    authorEmail: customer.email,
    createdAt: new Date(),
  });
  review = { id: insertedId.toHexString() };
  // mf_shop: v1 live (set up in the database), v2 published, to promote and roll back.
  const publishedAt = new Date();
  for (const version of [RELEASE.v1, RELEASE.v2]) {
    await api.database.collections.releases.insertOne({
      remote: 'mf_shop', version, manifestUrl: manifests.publish('mf_shop', version), shared: SHELL_SHARED, publishedAt, publishedBy: 'ci@example.com',
    });
  }
  await api.database.collections.liveRemotes.insertOne({ remote: 'mf_shop', live: RELEASE.v1, history: [], updatedAt: publishedAt });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
  await manifests.close();
});

const withToken = (call: request.Test, token: string | null) => (token ? call.set('Authorization', `Bearer ${token}`) : call);
const productBody = () => ({
  name: 'Access test part',
  category: 'Memory',
  p_quantity: 5,
  min_quantity: 1,
  price: 4999,
  description: 'A part added by the access test.',
  img: 'https://images.example.com/part.webp',
});

/** Each endpoint, its call, and what an admin gets (after the refused calls changed nothing). */
const endpoints: [string, (token: string | null) => request.Test, number, (body: unknown) => void][] = [
  ['GET /user', (token) => withToken(request(server).get('/user'), token), 200, (body) => expect(body).toEqual(expect.arrayContaining([expect.objectContaining({ email: customer.email, role: 'customer' })]))],
  [
    'PUT /user/admin/{email}',
    (token) => withToken(request(server).put(`/user/admin/${encodeURIComponent(customerToPromote.email)}`), token),
    200,
    (body) => expect(body).toEqual({ modifiedCount: 1 }),
  ],
  ['GET /order', (token) => withToken(request(server).get('/order?limit=50'), token), 200, (body) => expect(body).toMatchObject({ total: 2 })],
  ['DELETE /order/{id}', (token) => withToken(request(server).delete(`/order/${unpaidOrder.id}`), token), 200, (body) => expect(body).toEqual({ deletedCount: 1 })],
  [
    'PATCH /order/{id}/status',
    (token) => withToken(request(server).patch(`/order/${paidOrder.id}/status`).send({ status: 'shipped' }), token),
    200,
    (body) => expect(body).toMatchObject({ _id: paidOrder.id, status: 'shipped' }),
  ],
  ['POST /tools', (token) => withToken(request(server).post('/tools').send(productBody()), token), 201, (body) => expect(body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) })],
  ['DELETE /tools/{id}', (token) => withToken(request(server).delete(`/tools/${part.id}`), token), 200, (body) => expect(body).toEqual({ deletedCount: 1 })],
  [
    'GET /reviews/all',
    (token) => withToken(request(server).get('/reviews/all'), token),
    200,
    (body) => expect(body).toMatchObject({ total: 1, items: [{ _id: review.id, hidden: false }] }),
  ],
  [
    'PATCH /reviews/{id}',
    (token) => withToken(request(server).patch(`/reviews/${review.id}`).send({ hidden: true }), token),
    200,
    (body) => expect(body).toMatchObject({ _id: review.id, hidden: true }),
  ],
  ['GET /releases', (token) => withToken(request(server).get('/releases'), token), 200, (body) => expect(body).toEqual(expect.arrayContaining([expect.objectContaining({ remote: 'mf_shop', live: RELEASE.v1 })]))],
  [
    'POST /releases/{remote}',
    (token) => withToken(request(server).post('/releases/mf_admin').send({ version: '1.0.0+new', manifestUrl: manifests.publish('mf_admin', '1.0.0+new') }), token),
    201,
    (body) => expect(body).toMatchObject({ version: '1.0.0+new' }),
  ],
  [
    'POST /releases/{remote}/promote',
    (token) => withToken(request(server).post('/releases/mf_shop/promote').send({ version: RELEASE.v2 }), token),
    200,
    (body) => expect(body).toMatchObject({ live: RELEASE.v2, previous: RELEASE.v1 }),
  ],
  ['POST /releases/{remote}/rollback', (token) => withToken(request(server).post('/releases/mf_shop/rollback'), token), 200, (body) => expect(body).toMatchObject({ live: RELEASE.v1, previous: null })],
  ['GET /activity', (token) => withToken(request(server).get('/activity'), token), 200, (body) => expect(body).toMatchObject({ page: 1, total: 9 })],
];

describe.each(endpoints)('%s', (_name, call, adminStatus, check) => {
  it('answers 401 without a token', async () => {
    const response = await call(null);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: expect.any(String) });
  });

  it('answers 403 to a customer', async () => {
    const response = await call(customer.token);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Admins only' });
  });

  it('answers 403 to another customer', async () => {
    const response = await call(anotherCustomer.token);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Admins only' });
  });

  it('answers an admin', async () => {
    const response = await call(admin.token);
    expect(response.status).toBe(adminStatus);
    check(response.body);
  });
});

describe('nothing the refused calls asked for happened', () => {
  const stockOf = async (id: ObjectId) => (await api.database.collections.tools.findOne({ _id: id }))?.p_quantity;

  it('kept the order history to the admin changes, and the stock given back once', async () => {
    const orders = await api.database.collections.orders.find({}).sort({ createdAt: 1 }).toArray();
    expect(orders.map((order) => order.statusHistory.map((change) => [change.status, change.by]))).toEqual(
      expect.arrayContaining([
        [['placed', customer.email], ['cancelled', admin.email]],
        [['placed', customer.email], ['shipped', admin.email]],
      ]),
    );
    // The part itself was deleted by the admin afterwards.
    expect(await stockOf(part._id)).toBeUndefined();
  });

  it('logged only the admin actions, newest first, with who', async () => {
    const response = await request(server).get('/activity?limit=50').set('Authorization', `Bearer ${admin.token}`);
    expect(response.body.items.map((entry: { action: string; actor: string }) => [entry.action, entry.actor])).toEqual([
      ['release.rolledBack', admin.email],
      ['release.promoted', admin.email],
      ['release.published', admin.email],
      ['review.hidden', admin.email],
      ['product.deleted', admin.email],
      ['product.added', admin.email],
      ['order.status', admin.email],
      ['order.deleted', admin.email],
      ['user.promoted', admin.email],
    ]);
  });
});

it('refuses an admin demoted in the database on the next call, though the token still says admin', async () => {
  const demoted = await createAccount(api, 'admin');
  const calls = () => [
    withToken(request(server).get('/user?limit=1'), demoted.token),
    withToken(request(server).get('/order?limit=1'), demoted.token),
    withToken(request(server).get('/activity?limit=1'), demoted.token),
    withToken(request(server).get('/reviews/all?limit=1'), demoted.token),
  ];
  for (const response of await Promise.all(calls())) expect(response.status).toBe(200);

  await api.database.collections.users.updateOne({ email: demoted.email }, { $set: { role: 'customer' } });
  expect((await api.accessTokens.verify(demoted.token)).role).toBe('admin');
  for (const response of await Promise.all(calls())) {
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Admins only' });
  }
  const promote = await withToken(request(server).put(`/user/admin/${encodeURIComponent(customer.email)}`), demoted.token);
  expect(promote.status).toBe(403);
  expect((await api.database.collections.users.findOne({ email: customer.email }))?.role).toBe('customer');
});
