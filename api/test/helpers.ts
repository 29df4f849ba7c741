import { checkAnswersOf } from './answer-check';
import { randomBytes, randomUUID } from 'node:crypto';
import { orderNumberFrom, type Role } from '@pcpp/contracts/core';
import type { Express } from 'express';
import { type Db, ObjectId } from 'mongodb';
import request from 'supertest';
import { createApp } from '../src/app';
import { type AccessTokens, createAccessTokens } from '../src/auth/access-token';
import { createFirebaseIdentity, type IdentityProvider } from '../src/auth/firebase';
import { standInGoogleSubject } from '../src/auth/google-stand-in';
import { type Config, DEFAULT_MAIL_FROM, loadConfig } from '../src/config';
import { connectDatabase, type Database, ensureIndexes } from '../src/db/mongo';
import type { OrderDocument, OrderLineDocument } from '../src/modules/orders/documents';
import { withDerivedState } from '../src/modules/orders/model/state';
import { NO_UNITS } from '../src/modules/orders/model/units';
import { seedParts } from '../src/db/seed-data';
import { indexedPart } from '../src/modules/parts/repository';
import { createLogger } from '../src/logger';
import { createOutbox, type Outbox } from '../src/modules/mail/outbox';
import { createMailTransport } from '../src/modules/mail/transport';
import { createServices, type Services, type ServicesDeps } from '../src/services';

export const randomSuffix = () => randomBytes(5).toString('hex');

/** An order number as the api draws them (not reserved: a test's orders stored straight in the database). */
export const testOrderNumber = () => orderNumberFrom(randomBytes(6));

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomSuffix()}@example.com`;
}

function servicesEnv() {
  const { MONGODB_URI, FIREBASE_AUTH_EMULATOR_HOST, SMTP_URL, STRIPE_SECRET_KEY, STRIPE_API_URL, STRIPE_WEBHOOK_SECRET, AUTH_STAND_IN_SECRET } = process.env;
  if (!MONGODB_URI || !FIREBASE_AUTH_EMULATOR_HOST || !SMTP_URL || !STRIPE_API_URL || !AUTH_STAND_IN_SECRET) {
    throw new Error('Run the api tests through jest -c api/jest.config.js: its global setup starts the services');
  }
  return { MONGODB_URI, FIREBASE_AUTH_EMULATOR_HOST, SMTP_URL, STRIPE_SECRET_KEY, STRIPE_API_URL, STRIPE_WEBHOOK_SECRET, AUTH_STAND_IN_SECRET };
}

/**
 * The suites fire hundreds of calls a second from one address and one customer (the stock race
 * tests): far past the rate limits, which rate-limits.test.ts sets low on purpose.
 */
const UNREACHED_RATE_LIMITS = Object.fromEntries(
  [
    'SIGN_IN', 'REVIEWS', 'ORDERS', 'PAYMENT_INTENTS', 'UPLOADS', 'CART', 'VERIFICATION_EMAILS', 'VERIFICATION_EMAILS_PER_ADDRESS',
    'ACCOUNT_CHANGES', 'ACCOUNT_CHANGES_PER_ADDRESS', 'IDENTITY_CHANGES', 'DATA_EXPORTS',
  ].map((name) => [`RATE_LIMIT_${name}`, '100000']),
);
/**
 * Likewise the hold caps: the stock races place hundreds of unpaid orders as one customer. The
 * suites of the caps (orders/holds.test.ts) set the real defaults back.
 */
const UNREACHED_HOLD_LIMITS = { MAX_UNPAID_ORDERS: '100000', MAX_HELD_UNITS_PER_PART: '100000000', ORDER_HOLD_SHARE_PERCENT: '100' };

/** Configuration for a test: the run's database server and emulator, a database of its own. */
export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    ...servicesEnv(),
    MONGODB_DB: `test_${randomSuffix()}`,
    ...UNREACHED_RATE_LIMITS,
    ...UNREACHED_HOLD_LIMITS,
    // Most suites write parts and roles straight into the database; catalog-cache.test.ts sets its own.
    CATALOG_CACHE_TTL_MS: '0',
    ...overrides,
  });
}

/** jongodb has no dropDatabase (nor drop/listCollections): there, empty the named collections. */
export async function dropTestDatabase(db: Db, collections: readonly string[]): Promise<void> {
  try {
    await db.dropDatabase();
  } catch {
    await Promise.all(collections.map((name) => db.collection(name).deleteMany({})));
  }
}

export interface TestApi {
  app: Express;
  config: Config;
  database: Database;
  identity: IdentityProvider;
  accessTokens: AccessTokens;
  /** The app's email outbox, sending to SMTP_URL (the run's MailDev unless the test overrides it). */
  outbox: Outbox;
  /** The app's services and repositories, as server.ts shares them with the background jobs. */
  services: Services;
  /** Drops the test's database and closes what was opened. */
  close(): Promise<void>;
}

/** The app wired to real services, as server.ts does it, minus listening, seeding and the background jobs. */
export async function createTestApi(
  overrides: NodeJS.ProcessEnv = {},
  options: Pick<ServicesDeps, 'roleCacheTtlMs' | 'roleCacheClock' | 'onOrderPaid' | 'catalogCache' | 'releasesClock' | 'orderFaults' | 'ordersClock'> = {},
): Promise<TestApi> {
  const config = testConfig(overrides);
  const database = await connectDatabase(config.mongodbUri, config.mongodbDb);
  await ensureIndexes(database);
  const identity = createFirebaseIdentity(config);
  const accessTokens = createAccessTokens(config.jwtSecret);
  const logger = createLogger(config.logLevel);
  const outbox = createTestOutbox(database, config.smtpUrl);
  const services = createServices({ config, logger, database, identity, accessTokens, outbox, ...options });
  const app = checkAnswersOf(createApp({ config, logger, database, identity, accessTokens, services }));
  return {
    app,
    services,
    config,
    database,
    identity,
    accessTokens,
    outbox,
    async close() {
      await services.alerts.idle();
      await outbox.idle();
      await dropTestDatabase(database.db, Object.values(database.collections).map((collection) => collection.collectionName));
      await database.client.close();
      await identity.close();
    },
  };
}

/** An outbox over the test's database, as server.ts makes it, sending to `smtpUrl`. */
export function createTestOutbox(database: Database, smtpUrl: string | undefined): Outbox {
  return createOutbox({
    collection: database.collections.outbox,
    transport: createMailTransport(smtpUrl),
    from: DEFAULT_MAIL_FROM,
    logger: createLogger('silent'),
  });
}

/** A message as MailDev's REST api lists it (GET /api/email). */
export interface InboxEmail {
  id: string;
  subject: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  text: string;
  html: string;
}

/** The messages the run's MailDev received for `to`, oldest first. */
export async function inboxOf(to: string): Promise<InboxEmail[]> {
  const inbox = process.env.MAIL_INBOX_URL;
  if (!inbox) throw new Error('MAIL_INBOX_URL is unset: run the api tests through jest -c api/jest.config.js');
  const response = await fetch(`${inbox}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  const emails = (await response.json()) as InboxEmail[];
  return emails.filter((email) => email.to.some((recipient) => recipient.address === to));
}

/** An SMTP address where nothing listens (port 9 on loopback refuses connections). */
export const UNREACHABLE_SMTP_URL = 'smtp://127.0.0.1:9';

/** The emulator's REST api, as the browser SDK calls it. */
async function identityToolkit<T>(method: string, body: object): Promise<T> {
  const url = `http://${servicesEnv().FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=fake-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`accounts:${method} failed: ${json.error?.message ?? response.status}`);
  return json;
}

export interface EmulatorSession {
  uid: string;
  email: string;
  idToken: string;
}

export async function signUp(
  email = uniqueEmail(),
  password = 'secret123',
  displayName?: string,
): Promise<EmulatorSession> {
  const result = await identityToolkit<{ localId: string; idToken: string }>('signUp', { email, password, displayName });
  // The emulator's sign-up stamps the token's auth_time when the call starts and the account's
  // validSince after hashing the password: across a second's boundary (a busy machine) the api
  // rightly calls that token's session ended. A sign-in's token is stamped after both.
  const signedIn = await identityToolkit<{ idToken: string }>('signInWithPassword', { email, password });
  return { uid: result.localId, email, idToken: signedIn.idToken };
}

/**
 * Signs up in the emulator and exchanges the ID token for the api's access token, as the shell
 * does. emailVerified (default true): as if the emailed link was opened first (only a verified
 * account orders, and ADMIN_EMAILS promotes only then); false for an account that has not.
 */
export async function signUpWithAccessToken(
  api: Pick<TestApi, 'app'>,
  account: { email?: string; displayName?: string; emailVerified?: boolean } = {},
): Promise<EmulatorSession & { token: string }> {
  const session = await signUp(account.email, undefined, account.displayName);
  if (account.emailVerified ?? true) await markEmailVerified(session.uid);
  const response = await request(api.app)
    .put(`/user/${encodeURIComponent(session.email)}`)
    .set('Authorization', `Bearer ${session.idToken}`)
    .send({ email: session.email });
  if (response.status !== 200) throw new Error(`token exchange failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...session, token: response.body.token as string };
}

/**
 * Signs in with a Google identity as the shop's stand-in makes it (tooling/auth-emulator/proxy.cjs):
 * its subject for the email, the email unverified. `claims` replace any of them (a forged token).
 */
export async function signInWithGoogle(email = uniqueEmail('google'), claims: Record<string, unknown> = {}): Promise<EmulatorSession> {
  const standIn = { sub: standInGoogleSubject(servicesEnv().AUTH_STAND_IN_SECRET, email), email, email_verified: false, ...claims };
  const result = await identityToolkit<{ localId: string; idToken: string }>('signInWithIdp', {
    postBody: `id_token=${encodeURIComponent(JSON.stringify(standIn))}&providerId=google.com`,
    requestUri: 'http://localhost',
  });
  return { uid: result.localId, email, idToken: result.idToken };
}

/** Marks the account's email verified, as opening the emailed link does (the emulator's admin api). */
export async function markEmailVerified(uid: string): Promise<void> {
  const { FIREBASE_AUTH_EMULATOR_HOST: host } = servicesEnv();
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/demo-pcparts/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  if (!response.ok) throw new Error(`accounts:update failed: ${response.status} ${await response.text()}`);
}

export async function signIn(email: string, password: string): Promise<EmulatorSession> {
  const result = await identityToolkit<{ localId: string; idToken: string }>('signInWithPassword', {
    email,
    password,
  });
  return { uid: result.localId, email, idToken: result.idToken };
}

/** An unsigned (alg "none") JWT, the kind the emulator issues and anyone can write. */
export function unsignedJwt(payload: Record<string, unknown>): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

/** Claims shaped like an emulator ID token for the project. */
export function emulatorClaims(
  projectId: string,
  claims: { uid: string; email: string } & Record<string, unknown>,
): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  const { uid, email, ...rest } = claims;
  return {
    email,
    email_verified: false,
    auth_time: now,
    user_id: uid,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
    iat: now,
    exp: now + 3600,
    aud: projectId,
    iss: `https://securetoken.google.com/${projectId}`,
    sub: uid,
    ...rest,
  };
}

/**
 * An account with its role straight in the database and an access token for it, without the token
 * exchange: its identity (email verified) is made in the emulator, since the api refuses the token
 * of an account the identity provider does not have (deleted or disabled).
 */
export async function createAccount(
  api: Pick<TestApi, 'database' | 'accessTokens'>,
  role: Role,
  email = uniqueEmail(role),
): Promise<{ email: string; uid: string; token: string }> {
  const { uid } = await signUp(email, `pw-${randomSuffix()}`);
  await markEmailVerified(uid);
  const { insertedId } = await api.database.collections.users.insertOne({ email, role, createdAt: new Date() });
  return { email, uid, token: await api.accessTokens.sign({ sub: insertedId.toHexString(), uid, email, role }) };
}

/** An image address the api's upload storage gives out (its disk store): what a new part's `img` must be. */
export function uploadedImageUrl(api: { config: Pick<Config, 'publicApiUrl'> }): string {
  return `${api.config.publicApiUrl}/uploads/${randomUUID()}.webp`;
}

/** A part of its own for a test, straight into the database. Price in cents. */
export async function createPart(
  api: Pick<TestApi, 'database'>,
  fields: { p_quantity: number; min_quantity?: number; price?: number },
) {
  const part = indexedPart({
    ...seedParts[0]!,
    name: `Test part ${randomSuffix()}`,
    min_quantity: 1,
    price: 1999,
    ...fields,
    createdAt: new Date(),
  });
  const { insertedId } = await api.database.collections.parts.insertOne(part);
  return { ...part, _id: insertedId, id: insertedId.toHexString() };
}

/** What a test says of an order line it stores: the spec's fields, as a line was stored before orders were whole. */
export interface TestLineFields {
  email: string;
  number?: string;
  /** The order to add the line to (created when there is none yet). */
  checkoutId?: ObjectId;
  order_quantity?: number;
  paid?: boolean;
  status?: 'placed' | 'paid' | 'shipped' | 'delivered' | 'cancelled';
  transactionId?: string;
  paymentIntentId?: string;
  createdAt?: Date;
  holdExpiresAt?: Date;
  taxAmount?: number;
  shippingAmount?: number;
  totalAmount?: number;
  per_product_price?: number;
  productName?: string;
  address?: string;
  /**
   * An order placed with the spec's free-text address and not given its structured one yet (no
   * shipping or tax): it cannot be paid. Otherwise the order ships to TEST_SHIP_TO, as a checkout's does.
   */
  freeText?: boolean;
  phone?: string;
  name?: string;
  lastDeliveredAt?: Date;
  statusHistory?: OrderLineDocument['statusHistory'];
  shipment?: OrderLineDocument['shipment'];
  /** Counters beyond what the status says (a refund made, units returned). */
  units?: Partial<OrderLineDocument['units']>;
}

/** Where a stored test order ships unless it is `freeText` (its shipping and tax are the line's own fields). */
export const TEST_SHIP_TO = {
  fullName: 'Test Customer',
  street: '1 Main Street',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '+1 217 555 0100',
} as const;

/**
 * An order line straight into the database, as POST /order stores one (its stock already taken):
 * placed and unpaid unless `fields` say otherwise; shipped and delivered lines count their units
 * so. With `checkoutId` of an order already stored, the line is added to that order.
 */
export async function insertOrder(
  api: Pick<TestApi, 'database'>,
  part: { _id: ObjectId; name: string; price: number },
  fields: TestLineFields,
): Promise<{ _id: ObjectId; id: string; number: string; checkoutId: ObjectId }> {
  const { wholeOrders } = api.database.collections;
  const createdAt = fields.createdAt ?? new Date();
  const quantity = fields.order_quantity ?? 1;
  const status = fields.status ?? (fields.paid ? 'paid' : 'placed');
  const paid = fields.paid ?? false;
  const shipped = status === 'shipped' || status === 'delivered' ? quantity : 0;
  const price = fields.per_product_price ?? part.price;
  const line: OrderLineDocument = {
    _id: new ObjectId(),
    productId: part._id,
    productName: fields.productName ?? part.name,
    per_product_price: price,
    order_quantity: quantity,
    totalAmount: fields.totalAmount ?? price * quantity,
    ...(fields.taxAmount !== undefined ? { taxAmount: fields.taxAmount } : {}),
    ...(fields.shippingAmount !== undefined ? { shippingAmount: fields.shippingAmount } : {}),
    paid,
    ...(fields.transactionId ? { transactionId: fields.transactionId } : {}),
    ...(fields.paymentIntentId ? { paymentIntentId: fields.paymentIntentId } : {}),
    status,
    statusHistory: fields.statusHistory ?? [{ status: 'placed', at: createdAt, by: fields.email }],
    ...(status === 'cancelled' && !paid ? { cancelled: { at: createdAt, by: fields.email, reason: 'deleted' } } : {}),
    holdExpiresAt: fields.holdExpiresAt ?? new Date(createdAt.getTime() + 30 * 60_000),
    ...(fields.shipment ? { shipment: fields.shipment } : {}),
    givenBack: [],
    units: { ...NO_UNITS, shipped, delivered: status === 'delivered' ? quantity : 0, ...fields.units },
    ...(fields.lastDeliveredAt ?? (status === 'delivered' ? createdAt : undefined) ? { lastDeliveredAt: fields.lastDeliveredAt ?? createdAt } : {}),
  };
  const context = { at: createdAt, by: 'system' };
  const existing = fields.checkoutId ? await wholeOrders.findOne({ _id: fields.checkoutId }) : null;
  if (existing) {
    const next = withDerivedState({ ...existing, lines: [...existing.lines, line] }, context);
    await wholeOrders.replaceOne({ _id: existing._id }, { ...next, version: existing.version + 1 });
    return { _id: line._id, id: line._id.toHexString(), number: existing.number, checkoutId: existing._id };
  }
  const order = withDerivedState(
    {
      _id: fields.checkoutId ?? new ObjectId(),
      number: fields.number ?? testOrderNumber(),
      email: fields.email,
      name: fields.name ?? 'Test Customer',
      address: fields.address ?? '1 Main Street, Springfield, IL 62701',
      ...(fields.freeText ? {} : { shipTo: { ...TEST_SHIP_TO } }),
      phone: fields.phone ?? '555 0100',
      createdAt,
      lines: [line],
      paid,
      ...(fields.transactionId ? { transactionId: fields.transactionId } : {}),
      parcels: [],
      refunds: [],
      returns: [],
      version: 0,
    } as unknown as OrderDocument,
    context,
  );
  await wholeOrders.insertOne(order);
  return { _id: line._id, id: line._id.toHexString(), number: order.number, checkoutId: order._id };
}

/** An order line as stored, with its order (tests read what a route wrote). */
export async function storedLine(api: Pick<TestApi, 'database'>, lineId: ObjectId | string): Promise<{ order: OrderDocument; line: OrderLineDocument } | null> {
  const id = typeof lineId === 'string' ? ObjectId.createFromHexString(lineId) : lineId;
  const order = await api.database.collections.wholeOrders.findOne({ 'lines._id': id });
  const line = order?.lines.find((candidate) => candidate._id.equals(id));
  return order && line ? { order, line } : null;
}

/**
 * Changes a stored line straight in the database (a test setting up a state: paid, an ended hold,
 * an old delivery), its order's derived state written with it. `order` sets fields of its order.
 */
export async function updateLine(
  api: Pick<TestApi, 'database'>,
  lineId: ObjectId | string,
  line: Partial<OrderLineDocument>,
  order: Partial<Pick<OrderDocument, 'createdAt' | 'paid' | 'transactionId'>> = {},
): Promise<void> {
  const found = await storedLine(api, lineId);
  if (!found) throw new Error(`no line ${String(lineId)}`);
  const lines = found.order.lines.map((entry) => (entry._id.equals(found.line._id) ? { ...entry, ...line } : entry));
  const next = withDerivedState({ ...found.order, ...order, lines }, { at: new Date(), by: 'system' });
  await api.database.collections.wholeOrders.replaceOne({ _id: found.order._id }, { ...next, version: found.order.version + 1 });
}

/** The stored lines matching `match` (each line with its order's number and email), for counting in tests. */
export async function storedLines(
  api: Pick<TestApi, 'database'>,
  match: { productId?: ObjectId; email?: string; status?: string; paid?: boolean; checkoutId?: ObjectId } = {},
): Promise<(OrderLineDocument & { number: string; email: string; checkoutId: ObjectId; createdAt: Date })[]> {
  const filter: Record<string, unknown> = {};
  if (match.email) filter.email = match.email;
  if (match.checkoutId) filter._id = match.checkoutId;
  if (match.productId) filter['lines.productId'] = match.productId;
  const orders = await api.database.collections.wholeOrders.find(filter).toArray();
  return orders
    .flatMap((order) => order.lines.map((line) => ({ ...line, number: order.number, email: order.email, checkoutId: order._id, createdAt: order.createdAt })))
    .filter((line) => (!match.productId || line.productId.equals(match.productId)) && (match.status === undefined || line.status === match.status) && (match.paid === undefined || line.paid === match.paid));
}

/** A return of a stored line's units straight into its order (in `status`; the units count as returning): its id. */
export async function insertReturn(api: Pick<TestApi, 'database'>, lineId: ObjectId, status: 'requested' | 'approved', quantity = 1): Promise<ObjectId> {
  const found = await storedLine(api, lineId);
  if (!found) throw new Error(`no line ${lineId.toHexString()}`);
  const ret = { _id: new ObjectId(), status, lines: [{ lineId, quantity, productName: found.line.productName }], reason: 'A test return', requestedAt: new Date() };
  const lines = found.order.lines.map((line) => (line._id.equals(lineId) ? { ...line, units: { ...line.units, returning: line.units.returning + quantity } } : line));
  const next = withDerivedState({ ...found.order, lines, returns: [...found.order.returns, ret] }, { at: new Date(), by: 'system' });
  await api.database.collections.wholeOrders.replaceOne({ _id: found.order._id }, { ...next, version: found.order.version + 1 });
  return ret._id;
}
