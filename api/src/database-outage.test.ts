import { checkReceivedAnswer } from '../test/answer-check';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { MongoClient, type ObjectId } from 'mongodb';
import { createAccessTokens } from './auth/access-token';
import { collectionsOf } from './db/mongo';
import { type RunningServer, startServer } from './server';
import { createPart, markEmailVerified, randomSuffix, signUp, uniqueEmail } from '../test/helpers';
import { startTcpRelay } from '../test/tcp-relay';

interface Answer {
  path: string;
  phase: Phase;
  status: number;
  /** The phase when the answer arrived. */
  answeredIn: Phase;
  retryAfter: string | null;
  body: { message?: string; order?: { _id: string } };
}
type Phase = 'up' | 'outage' | 'restored';

const EMBEDDED_MONGO = path.join(__dirname, '../../tooling/services/embedded-mongo.mjs');

/**
 * Another embedded database server, in a child process (jest cannot import the .mjs service):
 * it prints its URI and runs until the child is killed.
 */
async function startAnotherDatabase(): Promise<{ uri: string; stop(): Promise<void> }> {
  const script = `import(${JSON.stringify(EMBEDDED_MONGO)}).then((m) => m.startEmbeddedMongo({ log() {} })).then((db) => console.log(db.uri))`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return {
    uri: line.toString().trim(),
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a test waits for the api to find the database again: a correctness bound, not a speed target. */
const RECOVERY_WAIT_MS = 25_000;
const JWT_SECRET = 'database-outage-test-secret-0123456789abcdef';

let running: RunningServer;
let proxy: Awaited<ReturnType<typeof startTcpRelay>>;
let direct: MongoClient;
const dbName = `test_${randomSuffix()}`;

beforeAll(async () => {
  const uri = new URL(process.env.MONGODB_URI!);
  proxy = await startTcpRelay({ host: uri.hostname, port: Number(uri.port) });
  const proxied = new URL(uri);
  proxied.host = `127.0.0.1:${proxy.port}`;
  running = await startServer({
    ...process.env,
    NODE_ENV: 'test',
    MONGODB_URI: proxied.toString(),
    MONGODB_DB: dbName,
    API_PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'true',
    JWT_SECRET,
    RATE_LIMIT_ORDERS: '100000',
    // One customer orders in every phase, past the hold caps (orders/holds.test.ts tests those).
    MAX_UNPAID_ORDERS: '100000',
    MAX_HELD_UNITS_PER_PART: '100000000',
    ORDER_HOLD_SHARE_PERCENT: '100',
  });
  direct = new MongoClient(process.env.MONGODB_URI!);
});

afterAll(async () => {
  await running?.stop();
  await proxy?.close();
  await direct?.close();
});

it('answers 503 with Retry-After while the database is still unreachable, and recovers by itself', async () => {
  const db = direct.db(dbName);
  const part = await createPart({ database: { client: direct, db, collections: collectionsOf(db) } }, { p_quantity: 100_000 });
  const email = uniqueEmail('outage');
  // Orders look the account up at the identity provider (and need its email verified).
  const { uid } = await signUp(email);
  await markEmailVerified(uid);
  const { insertedId } = await db.collection('users').insertOne({ email, role: 'customer', createdAt: new Date() });
  const token = await createAccessTokens(JWT_SECRET).sign({ sub: insertedId.toHexString(), uid, email, role: 'customer' });

  let phase: Phase = 'up';
  let loading = true;
  /** While set, the load loops start no new request (the ones under way finish). */
  let holding = false;
  const answers: Answer[] = [];
  const underWay = new Set<Promise<Answer>>();
  const call = (path: string, init: RequestInit = {}) => {
    const at = phase;
    const answered = (async () => {
      const response = await fetch(new URL(path, running.url), init);
      const text = await response.text();
      checkReceivedAnswer(init.method ?? 'GET', path, response.status, response.headers.get('content-type') ?? undefined, Buffer.from(text));
      const body = JSON.parse(text) as Answer['body'];
      const answer = { path, phase: at, answeredIn: phase, status: response.status, retryAfter: response.headers.get('retry-after'), body };
      answers.push(answer);
      return answer;
    })();
    underWay.add(answered);
    void answered.finally(() => underWay.delete(answered)).catch(() => {});
    return answered;
  };
  const placeOrder = () =>
    call('/order', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productId: part.id, order_quantity: 1, address: '1 Main Street, Springfield', phone: '555 0100' }),
    });
  // Steady load: two readers and one customer ordering, until the end of the test.
  const loop = async (step: () => Promise<unknown>) => {
    while (loading) {
      if (!holding) await step();
      await sleep(20);
    }
  };
  const load = Promise.all([loop(() => call('/tools')), loop(() => call(`/tools/${part.id}`)), loop(placeOrder)]);

  try {
  // Up: until an order went through (its first one asks the identity provider twice, so allow seconds).
  for (const deadline = Date.now() + 10_000; Date.now() < deadline && !answers.some((a) => a.path === '/order' && a.status === 201); ) {
    await sleep(50);
  }
  await sleep(200);
  await proxy.cut();
  phase = 'outage';
  await sleep(1_000);
  expect((await call('/healthz')).status).toBe(200);
  const readiness = await call('/readyz');
  expect(readiness.status).toBe(503);
  expect(readiness.body).toEqual({ message: 'The database is unreachable' });
  // Until every reader and the customer were refused at least once while the database was away.
  const refusedDuringOutage = (path: string) =>
    answers.some((a) => a.phase === 'outage' && a.answeredIn === 'outage' && a.path === path && a.status === 503);
  for (const deadline = Date.now() + RECOVERY_WAIT_MS; Date.now() < deadline; ) {
    if (['/tools', `/tools/${part.id}`, '/order'].every(refusedDuringOutage)) break;
    await sleep(100);
  }
  // Every request under way is answered while the database is still away: none waits for it to
  // come back (each gives up after MONGODB_TIMEOUT_MS; how soon belongs in the bench).
  holding = true;
  await Promise.all(underWay);
  expect(answers.filter((answer) => answer.phase === 'outage' && answer.answeredIn !== 'outage')).toEqual([]);

  await proxy.restore();
  phase = 'restored';
  holding = false;
  // Back without a restart: wait for a read and an order to succeed again.
  // Generous: on a loaded machine (CI runs the suites two at a time) reconnecting can take seconds.
  for (const deadline = Date.now() + RECOVERY_WAIT_MS; Date.now() < deadline; ) {
    const restored = answers.filter((answer) => answer.phase === 'restored');
    if (restored.some((a) => a.path === '/tools' && a.status === 200) && restored.some((a) => a.path === '/order' && a.status === 201)) break;
    await sleep(100);
  }
  } finally {
    loading = false;
    await load;
  }
  expect((await call('/readyz')).status).toBe(200);

  const byPhase = (wanted: Phase) => answers.filter((answer) => answer.phase === wanted && answer.path !== '/healthz' && answer.path !== '/readyz');
  expect(byPhase('up').map((answer) => answer.status)).toContain(201);
  // During the outage: the data routes answer 503 in time, with Retry-After and a message.
  const outage = byPhase('outage');
  expect(outage.length).toBeGreaterThan(0);
  for (const answer of outage.filter((a) => a.status !== 200 && a.status !== 201)) {
    expect(answer).toMatchObject({ status: 503, retryAfter: '5', body: { message: 'The database is unreachable' } });
  }
  expect(outage.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
  expect(byPhase('restored').some((answer) => answer.path === '/order' && answer.status === 201)).toBe(true);
  // Never a 500, in any phase.
  expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);

  // Every order that got a 201 is in the database.
  const placed = answers.filter((answer) => answer.path === '/order' && answer.status === 201).map((answer) => answer.body.order?._id);
  expect(placed.every((id) => typeof id === 'string')).toBe(true);
  const stored = new Set((await db.collection<{ lines: { _id: ObjectId }[] }>('whole_orders').find({ email }).toArray()).flatMap((order) => order.lines.map((line) => line._id.toHexString())));
  expect(placed.filter((id) => !stored.has(id!))).toEqual([]);

}, 60_000);

it('ensures the indexes and reseeds when the server behind the address comes back empty (the embedded one restarted)', async () => {
  const fresh = await startAnotherDatabase();
  const freshClient = new MongoClient(fresh.uri);
  try {
    await proxy.cut();
    // As when the embedded server dies: the api notices before the new one is up.
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; ) {
      if ((await fetch(new URL('/readyz', running.url))).status === 503) break;
      await sleep(100);
    }
    expect((await fetch(new URL('/readyz', running.url))).status).toBe(503);
    await sleep(2_500); // a restart takes a few seconds
    const freshUri = new URL(fresh.uri);
    await proxy.restore({ host: freshUri.hostname, port: Number(freshUri.port) });
    const indexNames = async () =>
      (await freshClient.db(dbName).collection('users').listIndexes().toArray().catch(() => [])).map((index) => index.name as string);
    for (const deadline = Date.now() + RECOVERY_WAIT_MS; Date.now() < deadline; ) {
      // Requests make the driver look for the server again at once.
      await fetch(new URL('/tools', running.url)).then((response) => response.arrayBuffer());
      if ((await indexNames()).includes('email_unique')) break;
      await sleep(100);
    }
    expect(await indexNames()).toContain('email_unique');
    // And the demo catalog again (the seed is idempotent: it fills empty collections only).
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; ) {
      if ((await freshClient.db(dbName).collection('tools').countDocuments()) > 0) break;
      await sleep(100);
    }
    expect(await freshClient.db(dbName).collection('tools').countDocuments()).toBeGreaterThan(0);
    expect((await fetch(new URL('/readyz', running.url))).status).toBe(200);
  } finally {
    await freshClient.close();
    await fresh.stop();
  }
}, 60_000);
