import { checkReceivedAnswer } from '../test/answer-check';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type ApiProcess, killApiProcess, startApiProcess } from '../test/api-process';
import { createAccount, createPart, dropTestDatabase, markEmailVerified, randomSuffix, signUp } from '../test/helpers';
import { cohortBucket } from '@pcpp/contracts/core';
import { createAccessTokens } from './auth/access-token';
import { connectDatabase, type Database } from './db/mongo';

// Two api processes on one database, as behind a load balancer: whatever one instance accepts or
// writes, the other honours. Per-process caches (roles, the catalog) may lag by their bound only.

const ROLE_CACHE_TTL_MS = 1_000;
const CATALOG_CACHE_TTL_MS = 1_000;
/** Past both bounds, with room for a slow machine. */
const PAST_THE_BOUNDS_MS = Math.max(ROLE_CACHE_TTL_MS, CATALOG_CACHE_TTL_MS) + 500;
const ORDERS_PER_WINDOW = 4;

const dbName = `test_${randomSuffix()}`;
const jwtSecret = randomBytes(48).toString('base64url');
const env = {
  MONGODB_DB: dbName,
  JWT_SECRET: jwtSecret,
  ROLE_CACHE_TTL_MS: String(ROLE_CACHE_TTL_MS),
  // Honoured once the api caches the catalog; ignored before.
  CATALOG_CACHE_TTL_MS: String(CATALOG_CACHE_TTL_MS),
  RATE_LIMIT_WINDOW_SECONDS: '600',
  RATE_LIMIT_ORDERS: String(ORDERS_PER_WINDOW),
  // One customer's unpaid orders go past the hold caps here on purpose (orders/holds.test.ts and
  // orders/held-share.test.ts test those), the whole stock held by orders paid later included.
  MAX_UNPAID_ORDERS: '1000',
  MAX_HELD_UNITS_PER_PART: '100000',
  ORDER_HOLD_SHARE_PERCENT: '100',
  // One secret for both, as API_INSTANCES shares it: a page load on one, its report on the other.
  REMOTE_LOAD_ID_SECRET: randomBytes(32).toString('base64url'),
  RELEASE_ROLLBACK_FAILURES: '3',
};

let processes: ApiProcess[] = [];
let a: string;
let b: string;
let database: Database;
const accessTokens = createAccessTokens(jwtSecret);
const api = () => ({ database, accessTokens });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

beforeAll(async () => {
  processes = [startApiProcess(env), startApiProcess(env)];
  [a, b] = (await Promise.all(processes.map((instance) => instance.listening))) as [string, string];
  database = await connectDatabase(process.env.MONGODB_URI!, dbName);
}, 60_000);

afterAll(async () => {
  await Promise.all(
    processes.map(async (instance) => {
      const exited = once(instance.child, 'exit');
      instance.child.kill('SIGTERM');
      await Promise.race([exited, wait(15_000)]);
      killApiProcess(instance);
    }),
  );
  if (database) {
    await dropTestDatabase(database.db, Object.values(database.collections).map((collection) => collection.collectionName));
    await database.client.close();
  }
}, 30_000);

async function call(base: string, method: string, path: string, token?: string, body?: object, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, base), {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  checkReceivedAnswer(method, path, response.status, response.headers.get('content-type') ?? undefined, Buffer.from(text));
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

/** An emulator account, its email verified, exchanged for an access token through instance A (orders need a live identity). */
async function newCustomer(): Promise<{ email: string; token: string }> {
  const session = await signUp();
  await markEmailVerified(session.uid);
  const exchange = await call(a, 'PUT', `/user/${encodeURIComponent(session.email)}`, session.idToken, { email: session.email });
  expect(exchange.status).toBe(200);
  return { email: session.email, token: exchange.body!.token as string };
}

const orderBody = (productId: string) => ({
  productId,
  order_quantity: 1,
  address: '1 Main Street, Springfield',
  phone: '555 0100',
});

const postOrder = (base: string, token: string, productId: string, key = randomUUID()) =>
  call(base, 'POST', '/order', token, orderBody(productId), { 'idempotency-key': key });

it('runs two processes on one database', () => {
  expect(new URL(a).port).not.toBe(new URL(b).port);
  expect(processes[0]!.child.pid).not.toBe(processes[1]!.child.pid);
});

it('places one order for one Idempotency-Key sent to both instances', async () => {
  const part = await createPart(api(), { p_quantity: 50 });
  const customer = await newCustomer();
  const key = randomUUID();
  const [first, second] = await Promise.all([postOrder(a, customer.token, part.id, key), postOrder(b, customer.token, part.id, key)]);
  expect([first.status, second.status]).toEqual([201, 201]);
  expect(second.body!._id).toBe(first.body!._id);
  const retry = await postOrder(b, customer.token, part.id, key);
  expect(retry.body!._id).toBe(first.body!._id);

  expect(await database.collections.orders.countDocuments({ email: customer.email })).toBe(1);
  expect((await database.collections.parts.findOne({ _id: part._id }))!.p_quantity).toBe(49);
});

it('holds the order rate limit across both instances', async () => {
  const part = await createPart(api(), { p_quantity: 50 });
  const customer = await newCustomer();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < ORDERS_PER_WINDOW * 2; attempt += 1) {
    statuses.push((await postOrder(attempt % 2 ? b : a, customer.token, part.id)).status);
  }
  // Each instance alone would have let all eight through.
  expect(statuses).toEqual([...Array(ORDERS_PER_WINDOW).fill(201), ...Array(ORDERS_PER_WINDOW).fill(429)]);
  expect(await database.collections.orders.countDocuments({ email: customer.email })).toBe(ORDERS_PER_WINDOW);
});

describe('roles', () => {
  const adminOnly = (base: string, token: string) => call(base, 'GET', '/user', token);

  it('lets a customer promoted through A in on B within the role cache bound', async () => {
    const admin = await createAccount(api(), 'admin');
    const customer = await createAccount(api(), 'customer');
    expect((await adminOnly(b, customer.token)).status).toBe(403); // B now holds "customer"

    expect((await call(a, 'PUT', `/user/admin/${encodeURIComponent(customer.email)}`, admin.token)).status).toBe(200);
    await wait(PAST_THE_BOUNDS_MS);
    expect((await adminOnly(b, customer.token)).status).toBe(200);
  });

  it('shuts a demoted admin out of both instances within the role cache bound', async () => {
    const admin = await createAccount(api(), 'admin');
    expect((await adminOnly(a, admin.token)).status).toBe(200);
    expect((await adminOnly(b, admin.token)).status).toBe(200); // both hold "admin"

    // The api has no demotion endpoint: an operator changes the role in the database.
    await database.collections.users.updateOne({ email: admin.email }, { $set: { role: 'customer' } });
    await wait(PAST_THE_BOUNDS_MS);
    for (const base of [a, b]) {
      const response = await adminOnly(base, admin.token);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: expect.any(String) });
    }
  });
});

it('shows a product removed through A as gone on B within the catalog bound', async () => {
  const admin = await createAccount(api(), 'admin');
  const part = await createPart(api(), { p_quantity: 5 });
  const listed = async (base: string) =>
    ((await call(base, 'GET', '/tools')).body as unknown as { _id: string }[]).some((listedPart) => listedPart._id === part.id);
  // B reads (and may cache) the part first.
  expect((await call(b, 'GET', `/tools/${part.id}`)).status).toBe(200);
  expect(await listed(b)).toBe(true);

  expect((await call(a, 'DELETE', `/tools/${part.id}`, admin.token)).status).toBe(200);
  await wait(PAST_THE_BOUNDS_MS);
  expect((await call(b, 'GET', `/tools/${part.id}`)).status).toBe(404);
  expect(await listed(b)).toBe(false);
});

it('never sells more than the stock to customers split across both instances', async () => {
  const STOCK = 12;
  const part = await createPart(api(), { p_quantity: STOCK });
  const customers = await Promise.all(Array.from({ length: 6 }, newCustomer));
  const answers: number[] = [];
  // Each customer orders one at a time until refused; half of them through each instance.
  await Promise.all(
    customers.map(async (customer, index) => {
      for (;;) {
        const { status } = await postOrder(index % 2 ? b : a, customer.token, part.id);
        answers.push(status);
        if (status !== 201) return;
      }
    }),
  );
  const accepted = answers.filter((status) => status === 201).length;
  expect(accepted).toBe(STOCK);
  // Refusals: sold out (409), or a customer past the order rate limit (429).
  expect(answers.filter((status) => ![201, 409, 429].includes(status))).toEqual([]);
  expect((await database.collections.parts.findOne({ _id: part._id }))!.p_quantity).toBe(0);
  expect(await database.collections.orders.countDocuments({ productId: part._id })).toBe(STOCK);
});

describe('a rollout', () => {
  const live = '4.0.0+live';
  const candidate = '4.1.0+candidate';
  const cohorts = Array.from({ length: 200 }, (_, i) => `scale-cohort-${String(i).padStart(6, '0')}`).filter(
    (cohort) => cohortBucket(cohort, 'mf_dashboard') < 99,
  );

  /** A page load on one instance, its failure report on the other. */
  async function failedLoad(loadOn: string, reportTo: string, cohort: string) {
    const loaded = await call(loadOn, 'GET', `/remotes?cohort=${cohort}`);
    const report = { remote: 'mf_dashboard', version: candidate, loadId: loaded.body!.loadId, cohort, message: 'Error: broken on purpose' };
    return (await call(reportTo, 'POST', '/remotes/errors', undefined, report)).status;
  }
  const rolloutOn = async (base: string) => ((await call(base, 'GET', '/remotes')).body!.rollouts as Record<string, unknown>).mf_dashboard;

  it('is rolled back once, by the instance whose count passes the limit, and both agree', async () => {
    await database.collections.releases.insertMany(
      [live, candidate].map((version) => ({
        remote: 'mf_dashboard' as const,
        version,
        manifestUrl: `http://localhost:3004/releases/mf-dashboard/${version}/mf-manifest.json`,
        shared: {},
        publishedAt: new Date(),
        publishedBy: 'ci@example.com',
      })),
    );
    const rollout = { id: randomUUID(), version: candidate, percent: 99, startedAt: new Date(), startedBy: 'ci@example.com' };
    await database.collections.liveRemotes.insertOne({ remote: 'mf_dashboard', live, history: [], rollout, updatedAt: new Date() });

    expect(await failedLoad(a, b, cohorts[0]!)).toBe(204);
    expect(await failedLoad(b, a, cohorts[1]!)).toBe(204);
    // 2 failures, the limit is 3: both still serve the candidate.
    expect(await rolloutOn(a)).toMatchObject({ version: candidate, percent: 99 });
    expect(await rolloutOn(b)).toMatchObject({ version: candidate, percent: 99 });

    // The third and fourth at once, one on each instance: both may see the limit passed, one ends it.
    expect(await Promise.all([failedLoad(a, a, cohorts[2]!), failedLoad(b, b, cohorts[3]!)])).toEqual([204, 204]);
    expect(await rolloutOn(a)).toBeUndefined();
    expect(await rolloutOn(b)).toBeUndefined();
    const entries = await database.collections.activity.find({ action: 'release.rolledBackAutomatically', target: 'mf_dashboard' }).toArray();
    expect(entries).toHaveLength(1);
    const after = await database.collections.liveRemotes.findOne({ remote: 'mf_dashboard' });
    expect(after).toMatchObject({ live, rollout: null, lastRollout: { version: candidate, outcome: 'rolledBack', by: 'automatic rollback' } });
    expect(after!.lastRollout!.failures).toBeGreaterThanOrEqual(3);
  });
});
