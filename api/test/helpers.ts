import { refreshOrderState } from '../src/modules/fulfilment/order-state';
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
import type { OrderDocument } from '../src/modules/orders/documents';
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
  options: Pick<ServicesDeps, 'roleCacheTtlMs' | 'roleCacheClock' | 'onOrderPaid' | 'catalogCache' | 'releasesClock'> = {},
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
  return { uid: result.localId, email, idToken: result.idToken };
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

/**
 * An order straight into the database, as POST /order stores one (its stock already taken):
 * placed and unpaid unless `fields` say otherwise.
 */
export async function insertOrder(
  api: Pick<TestApi, 'database'>,
  part: { _id: ObjectId; name: string; price: number },
  fields: Partial<OrderDocument> & { email: string },
): Promise<{ _id: ObjectId; id: string }> {
  const createdAt = fields.createdAt ?? new Date();
  const quantity = fields.order_quantity ?? 1;
  const number = fields.number ?? testOrderNumber();
  // Every placed order belongs to a checkout (an order of one line), as POST /order stores it.
  const checkoutId = fields.checkoutId ?? new ObjectId();
  const { insertedId } = await api.database.collections.orders.insertOne({
    number,
    checkoutId,
    productId: part._id,
    productName: part.name,
    name: 'Test Customer',
    per_product_price: part.price,
    order_quantity: quantity,
    totalAmount: part.price * quantity,
    address: '1 Main Street, Springfield',
    phone: '555 0100',
    paid: false,
    status: 'placed',
    statusHistory: [{ status: 'placed', at: createdAt, by: fields.email }],
    createdAt,
    ...fields,
  });
  if (!fields.checkoutId) {
    await api.database.collections.checkouts.insertOne({
      _id: checkoutId,
      email: fields.email,
      number,
      orderIds: [insertedId],
      totalAmount: part.price * quantity,
      paid: fields.paid ?? false,
      ...(fields.transactionId ? { transactionId: fields.transactionId } : {}),
      createdAt,
    });
    await refreshOrderState(api.database.collections, checkoutId);
  }
  return { _id: insertedId, id: insertedId.toHexString() };
}
