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
  // Both instances judge rollouts every second; every test call comes from one address, so its
  // cohorts each weigh one, and 3 cohorts a side suffice for a verdict.
  RELEASE_VERDICT_INTERVAL_SECONDS: '1',
  RELEASE_VERDICT_MIN_ADDRESSES: '1',
  RELEASE_VERDICT_MIN_COHORTS: '3',
  RELEASE_VERDICT_COHORTS_PER_ADDRESS: '1000',
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

  expect(await database.collections.wholeOrders.countDocuments({ email: customer.email })).toBe(1);
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
  expect(await database.collections.wholeOrders.countDocuments({ email: customer.email })).toBe(ORDERS_PER_WINDOW);
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
  expect(await database.collections.wholeOrders.countDocuments({ 'lines.productId': part._id })).toBe(STOCK);
});

describe('a rollout', () => {
  const live = '4.0.0+live';
  const candidate = '4.1.0+candidate';
  const all = Array.from({ length: 200 }, (_, i) => `scale-cohort-${String(i).padStart(6, '0')}`);
  const inside = all.filter((cohort) => cohortBucket(cohort, 'mf_dashboard') < 50);
  const outside = all.filter((cohort) => cohortBucket(cohort, 'mf_dashboard') >= 50);

  /** A page load on one instance, its report on the other: a load failure, or a load that went well. */
  async function pageLoad(loadOn: string, reportTo: string, cohort: string, version: string, failed: boolean) {
    const loaded = await call(loadOn, 'GET', `/remotes?cohort=${cohort}`);
    const report = { remote: 'mf_dashboard', version, loadId: loaded.body!.loadId, cohort };
    return failed
      ? (await call(reportTo, 'POST', '/remotes/errors', undefined, { ...report, message: 'Error: broken on purpose' })).status
      : (await call(reportTo, 'POST', '/remotes/loads', undefined, report)).status;
  }
  const rolloutOn = async (base: string) => ((await call(base, 'GET', '/remotes')).body!.rollouts as Record<string, unknown>).mf_dashboard;
  const liveEntry = () => database.collections.liveRemotes.findOne({ remote: 'mf_dashboard' });

  it('is judged by one instance per tick on the reports both took, rolled back once, and both agree', async () => {
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
    const startedAt = new Date();
    const rollout = { id: randomUUID(), version: candidate, percent: 50, startedAt, startedBy: 'ci@example.com', stageStartedAt: startedAt, nextVerdictAt: startedAt };
    await database.collections.liveRemotes.insertOne({ remote: 'mf_dashboard', live, history: [], rollout, updatedAt: new Date() });

    for (const [i, cohort] of outside.slice(0, 3).entries()) expect(await pageLoad(i % 2 ? a : b, i % 2 ? b : a, cohort, live, false)).toBe(204);
    expect(await pageLoad(a, b, inside[0]!, candidate, true)).toBe(204);
    expect(await pageLoad(b, a, inside[1]!, candidate, true)).toBe(204);
    // Judged (each instance ticks twice a second), but 2 candidate cohorts are under the 3 a verdict needs.
    for (let i = 0; i < 50 && (await liveEntry())?.rollout?.verdict?.state !== 'insufficient'; i += 1) await wait(100);
    expect((await liveEntry())!.rollout).toMatchObject({ verdict: { state: 'insufficient' } });
    expect(await rolloutOn(a)).toMatchObject({ version: candidate, percent: 50 });
    expect(await rolloutOn(b)).toMatchObject({ version: candidate, percent: 50 });

    // The third: 3 of 3 failed against 0 of 3 is a regression.
    expect(await pageLoad(b, a, inside[2]!, candidate, true)).toBe(204);
    for (let i = 0; i < 100 && (await liveEntry())?.rollout; i += 1) await wait(100);
    expect(await rolloutOn(a)).toBeUndefined();
    expect(await rolloutOn(b)).toBeUndefined();
    const entries = await database.collections.activity.find({ action: 'release.rolledBackAutomatically', target: 'mf_dashboard' }).toArray();
    expect(entries).toHaveLength(1);
    const after = await liveEntry();
    expect(after).toMatchObject({
      live,
      rollout: null,
      lastRollout: { version: candidate, outcome: 'rolledBack', by: 'automatic rollback', failures: 3, verdict: { state: 'regression', regression: { metric: 'loadErrors', candidate: 1, live: 0 } } },
    });
    // Both instances answer the same outcome on the Releases page.
    const admin = await createAccount(api(), 'admin');
    const outcomes = await Promise.all(
      [a, b].map(async (base) => ((await call(base, 'GET', '/releases', admin.token)).body as unknown as { remote: string; lastRollout: unknown }[]).find((entry) => entry.remote === 'mf_dashboard')!.lastRollout),
    );
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[0]).toMatchObject({ reason: expect.stringContaining('Rolled back automatically: Load failures: 100.0 % of cohorts') });
  });
});
