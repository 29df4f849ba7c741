import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { databaseSnapshot, routeTable } from '../test/database-snapshot';
import { createAccount, createPart, createTestApi, insertOrder, randomSuffix, signUp, signUpWithAccessToken, type TestApi, uploadedImageUrl } from '../test/helpers';
import { SHELL_SHARED, startManifestServer } from '../test/release-fixtures';

// Bad requests, generated from a fixed seed, at every route that writes: each must get a JSON 4xx
// with a message, never a 5xx, and leave the database as it was (activity log included; only the
// rate-limit counters may move, they count refused calls on purpose).

const SEED = 0x5eed_14;
const CASES_PER_ROUTE = 48;
/** POST /remotes/errors and /remotes/loads allow 10 reports a minute per address: more would only test the limit. */
const PUBLIC_REPORTS = 10;
/** The cohort the page load of the reports asked with (none here: any cohort is the page's). */
const FUZZ_COHORT = 'fuzz-cohort-0123456789';

/** mulberry32: small, deterministic, good enough to pick cases. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const adminEmail = `fuzz-admin-${randomSuffix()}@example.com`;
let api: TestApi;
let uploadsDir: string;
let manifests: Awaited<ReturnType<typeof startManifestServer>>;
let customer: { email: string; token: string };
let admin: { email: string; token: string };
/** A second admin, the target of the demotion fuzzing (a valid call would make it a customer). */
let otherAdmin: { email: string; token: string };
/** A Firebase ID token of an unverified account: what POST /user/verification-email takes. */
let idToken: string;
const ids = { part: '', order: '', paidOrder: '', shippedOrder: '', review: '', build: '', loadId: '', checkout: '', orderNumber: '', shippedOrderNumber: '', noSuchId: '0123456789abcdef01234567' };

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'pcpp-fuzz-'));
  manifests = await startManifestServer();
  api = await createTestApi({ SHELL_MANIFEST_URL: manifests.shellManifestUrl, RELEASES_PUBLIC_URL: manifests.base, UPLOADS_DIR: uploadsDir, ADMIN_EMAILS: adminEmail });
  [customer, admin] = await Promise.all([signUpWithAccessToken(api), signUpWithAccessToken(api, { email: adminEmail, emailVerified: true })]);
  otherAdmin = await createAccount(api, 'admin');
  ({ idToken } = await signUp());
  const part = await createPart(api, { p_quantity: 50 });
  await api.database.collections.parts.updateOne({ _id: part._id }, { $set: { version: 5 } });
  ids.part = part.id;
  ids.order = (await insertOrder(api, part, { email: customer.email })).id;
  ids.orderNumber = (await api.database.collections.orders.findOne({ _id: ObjectId.createFromHexString(ids.order) }))!.number;
  ids.paidOrder = (await insertOrder(api, part, { email: customer.email, paid: true, status: 'paid', transactionId: 'pi_1' })).id;
  ids.shippedOrder = (
    await insertOrder(api, part, { email: customer.email, paid: true, status: 'shipped', transactionId: 'pi_2', shipment: { carrier: 'UPS', trackingNumber: '1Z1' } })
  ).id;
  ids.shippedOrderNumber = (await api.database.collections.orders.findOne({ _id: ObjectId.createFromHexString(ids.shippedOrder) }))!.number;
  const { sub } = await api.accessTokens.verify(customer.token);
  const now = new Date();
  ids.build = (
    await api.database.collections.builds.insertOne({ ownerId: sub, ownerEmail: customer.email, name: 'Fuzzed build', cpu: null, parts: { motherboard: part._id }, createdAt: now, updatedAt: now })
  ).insertedId.toHexString();
  const review = { name: 'Fuzzed', review: 'Moderated by the fuzz test.', ratings: 3, authorEmail: customer.email, createdAt: new Date() };
  ids.review = (await api.database.collections.reviews.insertOne(review)).insertedId.toHexString();
  await api.database.collections.releases.insertOne({
    remote: 'mf_shop', version: '1.0.0+one', manifestUrl: manifests.publish('mf_shop', '1.0.0+one'), shared: SHELL_SHARED, publishedAt: new Date(), publishedBy: 'ci@example.com',
  });
  // mf_dashboard 1.0.0+one live, and a page load's id for it: a failure report's valid body.
  await api.database.collections.liveRemotes.insertOne({ remote: 'mf_dashboard', live: '1.0.0+one', history: [], updatedAt: new Date() });
  await api.database.collections.releases.insertOne({
    remote: 'mf_dashboard', version: '1.0.0+one', manifestUrl: manifests.publish('mf_dashboard', '1.0.0+one'), shared: SHELL_SHARED, publishedAt: new Date(), publishedBy: 'ci@example.com',
  });
  ids.loadId = (await request(api.app).get('/remotes')).body.loadId;
  const checkout = await request(api.app)
    .post('/checkout')
    .set('Authorization', `Bearer ${customer.token}`)
    .set('Idempotency-Key', 'fuzz-checkout')
    .send({ lines: [{ productId: ids.part, quantity: 1 }], address: { fullName: 'Fuzz Buyer', street: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US', region: 'IL', phone: '+1 555 010 0100' } });
  if (checkout.status !== 201) throw new Error(`checkout fixture: ${checkout.status} ${JSON.stringify(checkout.body)}`);
  ids.checkout = checkout.body.checkoutId;
});
afterAll(async () => {
  await api.close();
  await manifests.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

type Caller = 'customer' | 'admin' | 'firebase';
interface Target {
  caller: Caller;
  /** The path with its parameters as a valid call would have them; `:x` marks each, for bad values. */
  path: () => string;
  params?: Record<string, () => string>;
  /** A valid body (the required fields only), or null when the route reads none. */
  body: Record<string, unknown> | null;
  /** The route reads no body at all (anything sent is ignored): only the path and encoding are fuzzed. */
  ignoresBody?: boolean;
  /** Values of a field the route rightly accepts although they look bad (an empty cart's `[]`). */
  validValues?: Record<string, unknown[]>;
}

/** Every route that writes, as a valid call would make it; the test fails when a new one is missing. */
const TARGETS: Record<string, Target> = {
  'POST /tools': {
    caller: 'admin',
    path: () => '/tools',
    get body() {
      return { name: 'Fuzz part', category: 'Memory', p_quantity: 5, min_quantity: 1, price: 4999, description: 'A part.', img: uploadedImageUrl(api) };
    },
  },
  'PATCH /tools/:id': {
    caller: 'admin',
    path: () => `/tools/${ids.part}`,
    params: { id: () => ids.part },
    // Stored at version 5 (beforeAll): any version a case sends, 0 included, is stale, so nothing changes.
    body: { version: 7, price: 2599, p_quantity: { from: 50, to: 60 }, specs: null },
  },
  'DELETE /tools/:id': { caller: 'admin', path: () => `/tools/${ids.part}`, params: { id: () => ids.part }, body: null },
  'POST /builds/check': { caller: 'customer', path: () => '/builds/check', body: { parts: { motherboard: ids.part } } },
  'POST /builds': { caller: 'customer', path: () => '/builds', body: { name: 'Fuzz build', parts: { motherboard: ids.part } } },
  'PUT /builds/:id': { caller: 'customer', path: () => `/builds/${ids.build}`, params: { id: () => ids.build }, body: { name: 'Fuzz build', parts: { motherboard: ids.part } } },
  'DELETE /builds/:id': { caller: 'customer', path: () => `/builds/${ids.build}`, params: { id: () => ids.build }, body: null },
  'PATCH /reviews/:id': { caller: 'admin', path: () => `/reviews/${ids.review}`, params: { id: () => ids.review }, body: { hidden: true } },
  'POST /addReview': { caller: 'customer', path: () => '/addReview', body: { ratings: '5', review: 'Fast and quiet.' } },
  'PUT /user/admin/:email': { caller: 'admin', path: () => `/user/admin/${customer.email}`, params: { email: () => customer.email }, body: null },
  'DELETE /user/admin/:email': { caller: 'admin', path: () => `/user/admin/${otherAdmin.email}`, params: { email: () => otherAdmin.email }, body: null },
  'PUT /user/:email': {
    caller: 'customer',
    path: () => `/user/${customer.email}`,
    params: { email: () => customer.email },
    body: { Address: '12 Harbour Road', phone: '+44 7700 900123', profession: 'Engineer', linkin: 'https://www.linkedin.com/in/sam' },
  },
  'POST /create-payment-intent': { caller: 'customer', path: () => '/create-payment-intent', body: { orderId: ids.order } },
  // The same route's checkout form (issue 21): one payment for a whole checkout.
  'POST /create-payment-intent (checkoutId)': { caller: 'customer', path: () => '/create-payment-intent', get body() { return { checkoutId: ids.checkout }; } },
  'PATCH /myorder/:id': { caller: 'customer', path: () => `/myorder/${ids.order}`, params: { id: () => ids.order }, body: { transactionId: 'pi_123' } },
  'POST /order': { caller: 'customer', path: () => '/order', body: { productId: ids.part, order_quantity: 1, address: '1 Main Street', phone: '555 0100' } },
  'PUT /cart': { caller: 'customer', path: () => '/cart', body: { lines: [{ productId: ids.part, quantity: 1 }] }, validValues: { lines: [[]] } },
  'POST /cart/merge': {
    caller: 'customer',
    path: () => '/cart/merge',
    body: { lines: [{ productId: ids.part, quantity: 1 }] },
    validValues: { lines: [[]] },
  },
  'POST /checkout': {
    caller: 'customer',
    path: () => '/checkout',
    body: {
      lines: [{ productId: ids.part, quantity: 1 }],
      address: { fullName: 'Fuzz Buyer', street: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US', region: 'IL', phone: '+1 555 010 0100' },
    },
  },
  'POST /checkout/quote': {
    caller: 'customer',
    path: () => '/checkout/quote',
    body: {
      lines: [{ productId: ids.part, quantity: 1 }],
      address: { fullName: 'Fuzz Buyer', street: '1 Market Street', city: 'San Francisco', postalCode: '94103', country: 'US', region: 'CA', phone: '+1 555 010 0100' },
      shippingMethod: 'express',
    },
  },
  'DELETE /myorder/:id': { caller: 'customer', path: () => `/myorder/${ids.order}`, params: { id: () => ids.order }, body: null, ignoresBody: true },
  // The paid order: a case that is a valid call (no reason) gets the 409 and cancels nothing.
  'DELETE /order/:id': { caller: 'admin', path: () => `/order/${ids.paidOrder}`, params: { id: () => ids.paidOrder }, body: { reason: 'Out of stock.' } },
  // A shipped order: a case that happens to be a valid shipment (any tracking number is one) gets the 409.
  'PATCH /order/:id/status': {
    caller: 'admin',
    path: () => `/order/${ids.shippedOrder}/status`,
    params: { id: () => ids.shippedOrder },
    body: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  },
  // Orders as wholes. The unpaid order: a valid shipment, refund or return gets the 409 and changes nothing.
  'POST /orders/:number/shipments': {
    caller: 'admin',
    path: () => `/orders/${ids.orderNumber}/shipments`,
    params: { number: () => ids.orderNumber },
    body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  },
  'POST /orders/:number/shipments/:shipmentId/delivered': {
    caller: 'admin',
    path: () => `/orders/${ids.orderNumber}/shipments/${ids.noSuchId}/delivered`,
    params: { number: () => ids.orderNumber, shipmentId: () => ids.noSuchId },
    body: null,
  },
  // The shipped order cannot be cancelled: a valid call is the 409.
  'POST /orders/:number/cancel': { caller: 'admin', path: () => `/orders/${ids.shippedOrderNumber}/cancel`, params: { number: () => ids.shippedOrderNumber }, body: { reason: 'Out of stock.' } },
  'POST /orders/:number/refunds': {
    caller: 'admin',
    path: () => `/orders/${ids.orderNumber}/refunds`,
    params: { number: () => ids.orderNumber },
    get body() {
      return { lines: [{ lineId: ids.order, quantity: 1 }], reason: 'Damaged', restock: true };
    },
  },
  'POST /orders/:number/returns': {
    caller: 'customer',
    path: () => `/orders/${ids.orderNumber}/returns`,
    params: { number: () => ids.orderNumber },
    get body() {
      return { lines: [{ lineId: ids.order, quantity: 1 }], reason: 'It rattles.' };
    },
  },
  'POST /returns/:id/decision': { caller: 'admin', path: () => `/returns/${ids.noSuchId}/decision`, params: { id: () => ids.noSuchId }, body: { approve: true } },
  'POST /returns/:id/received': { caller: 'admin', path: () => `/returns/${ids.noSuchId}/received`, params: { id: () => ids.noSuchId }, body: null },
  'POST /remotes/errors': {
    caller: 'customer',
    path: () => '/remotes/errors',
    get body() {
      return { remote: 'mf_dashboard', version: '1.0.0+one', loadId: ids.loadId, message: 'timeout', cohort: FUZZ_COHORT };
    },
  },
  'POST /remotes/loads': {
    caller: 'customer',
    path: () => '/remotes/loads',
    get body() {
      return { remote: 'mf_dashboard', version: '1.0.0+one', loadId: ids.loadId, cohort: FUZZ_COHORT };
    },
  },
  'POST /releases/:remote': {
    caller: 'admin',
    path: () => '/releases/mf_admin',
    params: { remote: () => 'mf_admin' },
    get body() {
      return { version: '1.0.0+fuzz', manifestUrl: manifests.publish('mf_admin', '1.0.0+fuzz') };
    },
  },
  'POST /releases/:remote/promote': { caller: 'admin', path: () => '/releases/mf_shop/promote', params: { remote: () => 'mf_shop' }, body: { version: '1.0.0+one' } },
  'POST /releases/:remote/rollback': { caller: 'admin', path: () => '/releases/mf_shop/rollback', params: { remote: () => 'mf_shop' }, body: null },
  // mf_shop has nothing live: a valid rollout gets the 409 and starts nothing; nothing rolls out to abort.
  'POST /releases/:remote/rollout': { caller: 'admin', path: () => '/releases/mf_shop/rollout', params: { remote: () => 'mf_shop' }, body: { version: '1.0.0+one', percent: 50 } },
  'POST /releases/:remote/rollout/abort': { caller: 'admin', path: () => '/releases/mf_shop/rollout/abort', params: { remote: () => 'mf_shop' }, body: null },
  'POST /uploads': { caller: 'admin', path: () => '/uploads', body: null },
  'POST /webhooks/stripe': { caller: 'customer', path: () => '/webhooks/stripe', body: { type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } } },
  // Takes no body: only the encodings and the path are fuzzed (and any body it is sent is refused).
  'POST /user/verification-email': { caller: 'firebase', path: () => '/user/verification-email', body: null },
};

const HUGE = 'x'.repeat(100 * 1024);
/** Wrong for any field: operators, other types, empty or far too long. */
const BAD_VALUES: unknown[] = [
  { $gt: '' }, { $ne: null }, { $where: 'sleep(1000)' }, ['a'], [], {}, null, true, 0, -1, -0.5, 1.5, 1e308, -1e308, '', ' ',
  'x'.repeat(20_000), { toString: 'x' },
];
/** Wrong for a field that is not free text (ids, enums, URLs, versions, counts); fine words in a review. */
const BAD_WORDS: unknown[] = ['-1', '1.5', 'NaN', '<script>alert(1)</script>', '../../etc/passwd', '\u0000'];
const BAD_QUANTITIES: unknown[] = [-1, -100, 0.5, 1.5, 2.0000001, 1e9, '1', '2.5', Number.MAX_SAFE_INTEGER + 2];
const FREE_TEXT = new Set(['name', 'description', 'review', 'Address', 'address', 'phone', 'profession', 'message', 'carrier', 'reason']);
/**
 * Wrong for free text (issue 20): NUL, other controls, halves of an emoji, and values that show
 * nothing (zero-width and format characters, fillers, a lone combining mark).
 */
const BAD_TEXT: unknown[] = [
  '\u0000', 'a\u0000b', 'line\u0007bell', '\ud800', 'x\udfffy', '\ud83d', '\u200b', ' \u200b\u200c\u200d ', '\ufeff', '\u2060\u180e',
  '\u3164', '\u2800', '\u0301', '\u00a0\u2003',
];
const BAD_IDS = ['x', '0'.repeat(23), '0'.repeat(25), 'z'.repeat(24), '%ZZ', '%E0%A4%A', '%', '..%2F..%2Fadmin', '%00', '%24gt', 'null', `${'f'.repeat(24)}%20`];
const EXTRA_KEYS = ['"role":"admin"', '"__proto__":{"role":"admin"}', '"constructor":{"prototype":{"role":"admin"}}', '"$where":"1"', '"paid":true', '"_id":"000000000000000000000000"'];

interface Case {
  label: string;
  method: string;
  path: string;
  withToken: boolean;
  headers: Record<string, string>;
  body?: string | Buffer;
}

const json = (body: unknown) => JSON.stringify(body);
/** JSON text of `body` with raw `"key":value` text added (how __proto__ gets in as a key). */
const withRawKey = (body: Record<string, unknown>, raw: string) => {
  const rest = json(body).slice(1);
  return `{${raw}${rest === '}' ? '' : ','}${rest}`;
};

function casesFor(route: string, target: Target): Case[] {
  const [method, pattern] = route.split(' ') as [string, string];
  const jsonHeaders = { 'Content-Type': 'application/json' };
  const base = (label: string, over: Partial<Case>): Case => ({ label, method, path: target.path(), withToken: true, headers: jsonHeaders, ...over });
  const validBody = target.body ? json(target.body) : undefined;
  const all: Case[] = [];

  // Bad values in the path's parameters.
  for (const param of Object.keys(target.params ?? {})) {
    for (const bad of BAD_IDS) {
      const badPath = pattern.replace(`:${param}`, bad).replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(target.params![name]!()));
      all.push(base(`${param}=${bad}`, { path: badPath, body: validBody }));
    }
  }
  // Bodies that cannot be read: wrong encodings and content types, broken JSON, too big.
  const readable = validBody ?? '{"a":1}';
  all.push(
    base('gzip that is not gzip', { headers: { ...jsonHeaders, 'Content-Encoding': 'gzip' }, body: readable }),
    base('deflate that is not deflate', { headers: { ...jsonHeaders, 'Content-Encoding': 'deflate' }, body: readable }),
    base('an unknown encoding', { headers: { ...jsonHeaders, 'Content-Encoding': 'br2' }, body: readable }),
    base('broken JSON', { body: '{"a":' }),
    base('a 100 KB JSON string field', { body: json({ ...(target.body ?? {}), a: HUGE }) }),
    base('UTF-16 charset', { headers: { 'Content-Type': 'application/json; charset=utf-16' }, body: readable }),
  );
  if (target.ignoresBody) return all;

  // Whole bodies of the wrong kind. (A route that takes no body does not read one it cannot parse.)
  if (target.body) {
    all.push(
      base('text/plain', { headers: { 'Content-Type': 'text/plain' }, body: readable }),
      base('form-urlencoded', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1&role=admin' }),
    );
  }
  all.push(
    base('an array body', { body: json([target.body ?? {}]) }),
    base('a string body', { body: '"x"' }),
    base('a number body', { body: '5' }),
    base('a null body', { body: 'null' }),
  );
  for (const raw of EXTRA_KEYS) all.push(base(`extra ${raw}`, { body: withRawKey(target.body ?? {}, raw) }));
  for (const [field, value] of Object.entries(target.body ?? {})) {
    const { [field]: _dropped, ...missing } = target.body!;
    all.push(base(`no ${field}`, { body: json(missing) }));
    const bads = [...BAD_VALUES, ...(FREE_TEXT.has(field) ? BAD_TEXT : BAD_WORDS), ...(/quantity|price/.test(field) ? BAD_QUANTITIES : [])];
    for (const bad of bads) {
      if (typeof bad === typeof value && bad === value) continue;
      if (target.validValues?.[field]?.some((valid) => json(valid) === json(bad))) continue;
      all.push(base(`${field}=${json(bad)}`, { body: json({ ...target.body, [field]: bad }) }));
    }
    all.push(base(`${field} inside an array`, { body: json([{ ...target.body }]) }));
  }
  return all;
}

/** A deterministic sample of each route's cases; one in eight goes without a token. */
function sample(route: string, cases: Case[], count: number, random: () => number): Case[] {
  const pool = [...cases];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).map((c) => (random() < 0.125 ? { ...c, label: `${c.label}, no token`, withToken: false } : c));
}

it('fuzzes every route that writes', () => {
  const writing = routeTable(api.app).filter((route) => !route.startsWith('GET '));
  // A route fuzzed in two forms is one route ('POST /x (variant)').
  expect([...new Set(Object.keys(TARGETS).map((key) => key.replace(/ \(.+\)$/, '')))].sort()).toEqual(writing);
});

it('answers every generated bad request with a JSON 4xx and a message, changing nothing', async () => {
  const random = prng(SEED);
  const tokens: Record<Caller, string> = { customer: customer.token, admin: admin.token, firebase: idToken };
  const failures: string[] = [];
  let sent = 0;
  for (const [route, target] of Object.entries(TARGETS)) {
    const count = route.startsWith('POST /remotes/') ? PUBLIC_REPORTS : CASES_PER_ROUTE;
    for (const c of sample(route, casesFor(route, target), count, random)) {
      const before = await databaseSnapshot(api);
      let call = request(api.app)[c.method.toLowerCase() as 'post'](c.path);
      for (const [name, value] of Object.entries(c.headers)) call = call.set(name, value);
      if (c.withToken) call = call.set('Authorization', `Bearer ${tokens[target.caller]}`);
      const response = await (c.body === undefined ? call : call.send(c.body));
      sent += 1;
      const problems = [
        response.status >= 400 && response.status < 500 ? null : `status ${response.status}`,
        /^application\/json/.test(response.get('content-type') ?? '') ? null : `content-type ${response.get('content-type')}`,
        typeof response.body?.message === 'string' && response.body.message.length > 0 ? null : 'no message',
      ].filter(Boolean);
      const after = await databaseSnapshot(api);
      const changed = Object.keys(before).filter((name) => before[name] !== after[name]);
      if (changed.length > 0) problems.push(`changed ${changed.join(', ')}`);
      if (problems.length > 0) failures.push(`${route} [${c.label}] → ${response.status} ${JSON.stringify(response.body).slice(0, 200)}: ${problems.join('; ')}`);
    }
  }
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThanOrEqual(500);
}, 120_000);
