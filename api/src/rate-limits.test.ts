import request from 'supertest';
import { createAccount, createTestApi, randomSuffix, signUp, type TestApi } from '../test/helpers';
import { MongoRateLimitStore } from './rate-limits';

const WINDOW_SECONDS = 600;
const LIMITS = {
  RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  RATE_LIMIT_SIGN_IN: '3',
  RATE_LIMIT_REVIEWS: '2',
  RATE_LIMIT_ORDERS: '2',
  RATE_LIMIT_PAYMENT_INTENTS: '2',
  RATE_LIMIT_UPLOADS: '2',
  RATE_LIMIT_VERIFICATION_EMAILS_PER_ADDRESS: '3',
  RATE_LIMIT_BUILD_ADVICE: '2',
};

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(LIMITS);
});
afterAll(() => api.close());

function expectTooManyRequests(response: request.Response): void {
  expect(response.status).toBe(429);
  expect(response.type).toBe('application/json');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(response.body).toEqual({ message: `Too many requests. Please try again in ${retryAfter} seconds.` });
}

describe('rate limits', () => {
  it('throttle token exchanges per address, bad ones included', async () => {
    for (let call = 0; call < 3; call += 1) {
      const response = await request(api.app).put('/user/someone@example.com').set('Authorization', 'Bearer forged').send({ email: 'someone@example.com' });
      expect(response.status).toBe(401);
    }
    expectTooManyRequests(
      await request(api.app).put('/user/someone@example.com').set('Authorization', 'Bearer forged').send({ email: 'someone@example.com' }),
    );
  });

  it('throttle reviews per customer; another customer still posts', async () => {
    // Accounts the identity provider knows (a review carries the account's name), straight in the database.
    const customerOf = () => createAccount(api, 'customer');
    const [first, second] = await Promise.all([customerOf(), customerOf()]);
    const review = (token: string) =>
      request(api.app).post('/addReview').set('Authorization', `Bearer ${token}`).send({ ratings: '5', review: 'Solid part' });
    expect((await review(first.token)).status).toBe(201);
    expect((await review(first.token)).status).toBe(201);
    expectTooManyRequests(await review(first.token));
    expect(await api.database.collections.reviews.countDocuments({ authorEmail: first.email })).toBe(2);
    expect((await review(second.token)).status).toBe(201);
  });

  it.each([
    ['orders', '/order', 'customer'],
    ['payment intents', '/create-payment-intent', 'customer'],
    ['uploads', '/uploads', 'admin'],
  ] as const)('throttle %s per account, refused calls included', async (_name, path, role) => {
    const account = await createAccount(api, role);
    const call = () => request(api.app).post(path).set('Authorization', `Bearer ${account.token}`).send({});
    expect((await call()).status).toBe(400);
    expect((await call()).status).toBe(400);
    expectTooManyRequests(await call());
    // Not a 429 for someone else.
    const other = await createAccount(api, role);
    expect((await request(api.app).post(path).set('Authorization', `Bearer ${other.token}`).send({})).status).toBe(400);
  });

  it('throttle verification emails per address, whichever fresh accounts ask (one email each)', async () => {
    const fresh = await Promise.all(Array.from({ length: 4 }, () => signUp()));
    const ask = (idToken: string) => request(api.app).post('/user/verification-email').set('Authorization', `Bearer ${idToken}`);
    for (const session of fresh.slice(0, 3)) expect((await ask(session.idToken)).status).toBe(200);
    expectTooManyRequests(await ask(fresh[3]!.idToken));
    // Counted before the token is read: a forged one counts and is refused the same way.
    expectTooManyRequests(await ask('forged'));
  });

  it('throttle build advice per address, refused calls included', async () => {
    const ask = () => request(api.app).post('/builds/advise').send({ budget: 150_000, use: 'gaming', cpu: 'pentium-4' });
    expect((await ask()).status).toBe(400);
    expect((await ask()).status).toBe(400);
    expectTooManyRequests(await ask());
  });

  it('count calls to every api instance on one database together', async () => {
    // Another instance on the same database, trusting the same access tokens.
    const shared = await createTestApi({ ...LIMITS, MONGODB_DB: api.config.mongodbDb, JWT_SECRET: api.config.jwtSecret });
    try {
      const customer = await createAccount(api, 'customer');
      const review = (instance: TestApi) =>
        request(instance.app).post('/addReview').set('Authorization', `Bearer ${customer.token}`).send({ ratings: '4', review: 'Good' });
      expect((await review(api)).status).toBe(201);
      expect((await review(shared)).status).toBe(201);
      expectTooManyRequests(await review(api));
      expectTooManyRequests(await review(shared));
    } finally {
      // Leaves the database to `api`, which drops it.
      await shared.database.client.close();
      await shared.identity.close();
    }
  });
});

describe('the database store', () => {
  const store = () => {
    const created = new MongoRateLimitStore(api.database.collections.rateLimits, `test-${randomSuffix()}:`);
    created.init({ windowMs: 60_000 } as Parameters<MongoRateLimitStore['init']>[0]);
    return created;
  };

  it('counts concurrent calls exactly, and never tells more callers than the limit they are under it', async () => {
    const counter = store();
    const answers = await Promise.all(Array.from({ length: 30 }, () => counter.increment('key')));
    expect((await counter.get('key'))?.totalHits).toBe(30);
    expect(answers.filter(({ totalHits }) => totalHits <= 10).length).toBeLessThanOrEqual(10);
    expect(new Set(answers.map(({ resetTime }) => resetTime?.getTime())).size).toBe(1);
  });

  it('starts a new window once the last one ended', async () => {
    const counter = store();
    await counter.increment('key');
    await counter.increment('key');
    await api.database.collections.rateLimits.updateOne({ _id: `${counter.prefix}key` }, { $set: { resetAt: new Date(Date.now() - 1) } });
    expect(await counter.get('key')).toBeUndefined();
    const fresh = await counter.increment('key');
    expect(fresh.totalHits).toBe(1);
    expect(fresh.resetTime!.getTime()).toBeGreaterThan(Date.now());
  });

  it('gives a call back and forgets a key', async () => {
    const counter = store();
    await counter.increment('key');
    await counter.increment('key');
    await counter.decrement('key');
    expect((await counter.get('key'))?.totalHits).toBe(1);
    await counter.resetKey('key');
    expect(await counter.get('key')).toBeUndefined();
  });
});
