import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { SignJWT } from 'jose';
import { databaseSnapshot, routeTable } from '../../test/database-snapshot';
import {
  createAccount,
  createPart,
  createTestApi,
  insertOrder,
  insertReturn,
  randomSuffix,
  signUpWithAccessToken,
  type TestApi,
  unsignedJwt,
  uploadedImageUrl,
} from '../../test/helpers';
import { SHELL_SHARED, startManifestServer } from '../../test/release-fixtures';
import { pngImage } from '../../test/upload-fixtures';
import { createEmailRecoveryLinks } from '../modules/account/service';
import { createUnsubscribeLinks } from '../modules/alerts/unsubscribe-links';
import { createInvoiceLinks } from '../modules/orders';
import { createStripeClient } from '../modules/payments/stripe-client';

// Every route the app has × who calls it → the status, written down cell by cell. A route added
// to the app without a row here fails, and so does a row for a route that is gone. Each cell gets
// fresh data to act on, so a cell's answer depends on who asks and nothing else; a refused cell
// must leave the database exactly as it was.

type Persona = 'none' | 'customer' | 'anotherCustomer' | 'admin';
const PERSONAS: Persona[] = ['none', 'customer', 'anotherCustomer', 'admin'];

const adminEmail = `matrix-admin-${randomSuffix()}@example.com`;
let api: TestApi;
let uploadsDir: string;
let manifests: Awaited<ReturnType<typeof startManifestServer>>;
const accounts = {} as Record<Exclude<Persona, 'none'>, { email: string; token: string }>;
let part: Awaited<ReturnType<typeof createPart>>;
let image: Buffer;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'pcpp-matrix-'));
  manifests = await startManifestServer();
  manifests.set('/shell/mf-manifest.json', { name: 'shell', shared: Object.entries(SHELL_SHARED).map(([name, version]) => ({ name, version })) });
  // No role cache: the demotion test reads the role on each request.
  api = await createTestApi(
    { SHELL_MANIFEST_URL: manifests.shellManifestUrl, RELEASES_PUBLIC_URL: manifests.base, UPLOADS_DIR: uploadsDir, ADMIN_EMAILS: adminEmail },
    { roleCacheTtlMs: 0 },
  );
  // Signed up in the emulator: placing an order and writing a review read the account there.
  [accounts.customer, accounts.anotherCustomer, accounts.admin] = await Promise.all([
    signUpWithAccessToken(api),
    signUpWithAccessToken(api),
    signUpWithAccessToken(api, { email: adminEmail, emailVerified: true }),
  ]);
  part = await createPart(api, { p_quantity: 1000 });
  image = await pngImage(64, 64);
});
afterAll(async () => {
  await api.close();
  await manifests.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const as = (call: request.Test, persona: Persona) =>
  persona === 'none' ? call : call.set('Authorization', `Bearer ${accounts[persona].token}`);
const customerOrder = (fields: { paid?: boolean; status?: 'paid'; freeText?: boolean } = {}) => insertOrder(api, part, { email: accounts.customer.email, ...fields });
const newVersion = () => `1.0.0+${randomSuffix()}`;
async function publishedRelease(remote: 'mf_shop' | 'mf_dashboard' | 'mf_admin', version = newVersion()) {
  await api.database.collections.releases.insertOne({
    remote, version, manifestUrl: manifests.publish(remote, version), shared: SHELL_SHARED, publishedAt: new Date(), publishedBy: 'ci@example.com',
  });
  return version;
}

/** A live mf_shop version and a page load of a cohort of its own: a report's body (with `fields`), as JSON. */
async function liveShopPageLoad(fields: object): Promise<string> {
  const version = await publishedRelease('mf_shop');
  await api.database.collections.liveRemotes.updateOne({ remote: 'mf_shop' }, { $set: { live: version, history: [], updatedAt: new Date() } }, { upsert: true });
  const cohort = `matrix-cohort-${randomSuffix()}`;
  const { loadId } = (await server().get('/remotes').query({ cohort })).body;
  return JSON.stringify({ remote: 'mf_shop', version, loadId, cohort, ...fields });
}

interface Row {
  /** Statuses for no token, the customer, another customer (owns nothing touched), an admin. */
  expected: [none: number, customer: number, anotherCustomer: number, admin: number];
  /** Makes what the call acts on, afresh for each cell; answers what `send` needs. */
  setup?: () => Promise<string>;
  send: (persona: Persona, fixture: string) => request.Test;
}

const server = () => request(api.app);
const partBody = () => ({
  name: `Matrix part ${randomSuffix()}`,
  category: 'Memory',
  p_quantity: 5,
  min_quantity: 1,
  price: 4999,
  description: 'A part added by the authorization matrix.',
  img: uploadedImageUrl(api),
});
const profileBody = {
  Address: '12 Harbour Road, Portsmouth',
  phone: '+44 7700 900123',
  profession: 'Systems engineer',
  linkin: 'https://www.linkedin.com/in/sam-lee',
};
const shippingAddress = { fullName: 'Matrix Buyer', street: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US', region: 'IL', phone: '+1 555 010 0100' };
const checkoutBody = () => ({ lines: [{ productId: part.id, quantity: 1 }], address: shippingAddress });
/** A checkout of the customer's, placed through the api. */
async function customerCheckout(): Promise<string> {
  const response = await as(server().post('/checkout').set('Idempotency-Key', `matrix-${randomSuffix()}`).send(checkoutBody()), 'customer');
  if (response.status !== 201) throw new Error(`checkout fixture: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.checkoutId as string;
}
/** An order of the customer's straight into the database (one line, its checkout): its number. */
async function customerOrderNumber(fields: Parameters<typeof insertOrder>[2] extends infer F ? Omit<F & object, 'email'> : never = {}): Promise<string> {
  return (await insertOrder(api, part, { email: accounts.customer.email, ...fields })).number;
}
/** A payment that really went through at the Stripe sandbox (what a refund gives back). */
async function succeededPaymentIntent(amount: number): Promise<string> {
  const stripe = createStripeClient(api.config.stripe!);
  const intent = await stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
  return intent.id;
}
/** A paid order of the customer's, paid by a real sandbox payment. */
const paidOrderNumber = async () => customerOrderNumber({ paid: true, status: 'paid', transactionId: await succeededPaymentIntent(part.price) });
/** A delivered order of the customer's (one unit, delivered now): its number and line id. */
async function deliveredOrder(extra: Parameters<typeof insertOrder>[2] extends infer F ? Omit<F & object, 'email'> : never = {}) {
  const { _id, number, checkoutId } = await insertOrder(api, part, {
    email: accounts.customer.email, paid: true, status: 'delivered', transactionId: await succeededPaymentIntent(part.price), lastDeliveredAt: new Date(), ...extra,
  });
  return { number, lineId: _id, checkoutId };
}
/** A return of the customer's delivered unit, in `status`. */
async function customerReturn(status: 'requested' | 'approved'): Promise<string> {
  const order = await deliveredOrder();
  return (await insertReturn(api, order.lineId, status)).toHexString();
}
const buildBody = () => ({ name: 'Matrix build', parts: { motherboard: part.id }, cpu: 'ryzen-7-7700x' });
/** A build the customer saved, straight into the database. */
async function customerBuild(): Promise<string> {
  const { sub } = await api.accessTokens.verify(accounts.customer.token);
  const now = new Date();
  const { insertedId } = await api.database.collections.builds.insertOne({
    ownerId: sub, ownerEmail: accounts.customer.email, name: 'Customer build', cpu: null, parts: { motherboard: part._id }, createdAt: now, updatedAt: now,
  });
  return insertedId.toHexString();
}
/** A waiting back-in-stock alert of the customer's, straight into the database: its id. */
async function customerAlert(): Promise<string> {
  const { sub } = await api.accessTokens.verify(accounts.customer.token);
  const soldOut = await createPart(api, { p_quantity: 0 });
  const { insertedId } = await api.database.collections.alerts.insertOne({
    ownerId: sub, email: accounts.customer.email, productId: soldOut._id, productName: soldOut.name, kind: 'back-in-stock', status: 'active', createdAt: new Date(),
  });
  return insertedId.toHexString();
}
const orderBody = () => ({ productId: part.id, order_quantity: 1, address: '1 Main Street, Springfield', phone: '555 0100' });
/** A fresh part the customer paid for: its id (any other account has no paid order of it). */
async function partTheCustomerBought(): Promise<string> {
  const bought = await createPart(api, { p_quantity: 5 });
  await insertOrder(api, bought, { email: accounts.customer.email, paid: true, status: 'paid', transactionId: 'pi_matrix' });
  return bought.id;
}
/** The customer's review of a part of its own: `<partId>/reviews/<reviewId>`. */
async function customerPartReview(): Promise<string> {
  const productId = await partTheCustomerBought();
  const { sub } = await api.accessTokens.verify(accounts.customer.token);
  const now = new Date();
  const { insertedId } = await api.database.collections.partReviews.insertOne({
    productId: new ObjectId(productId), authorId: new ObjectId(sub), authorEmail: accounts.customer.email, name: 'Matrix',
    rating: 4, title: 'Solid', text: 'Reviewed by the matrix.', purchasedAt: now, helpful: 0, createdAt: now,
  });
  return `${productId}/reviews/${insertedId.toHexString()}`;
}

/**
 * The customer's address book reset to one saved address, straight into the database (each cell
 * adds none: the book stays under its ten): its id.
 */
async function customerAddress(): Promise<string> {
  const _id = new ObjectId();
  await api.database.collections.users.updateOne(
    { email: accounts.customer.email },
    { $set: { addresses: [{ _id, ...shippingAddress, label: 'Home', createdAt: new Date() }], defaultAddressId: _id, addressesVersion: 1 } },
  );
  return _id.toHexString();
}
/**
 * Calls that end sessions or take an account back act on fresh accounts, so the personas' own
 * tokens keep working: a customer and an admin of their own, as JSON.
 */
async function freshAccounts(): Promise<string> {
  const [customer, admin] = await Promise.all([signUpWithAccessToken(api), createAccount(api, 'admin')]);
  return JSON.stringify({ customer, admin });
}
const asFresh = (call: request.Test, persona: Persona, fixture: string) => {
  if (persona === 'none') return call;
  const fresh = JSON.parse(fixture) as Record<'customer' | 'admin', { token: string }>;
  return call.set('Authorization', `Bearer ${fresh[persona === 'admin' ? 'admin' : 'customer'].token}`);
};

/** The customer's own calls answer the customer and an admin; another customer gets 403. */
const MATRIX: Record<string, Row> = {
  'GET /healthz': { expected: [200, 200, 200, 200], send: (p) => as(server().get('/healthz'), p) },
  'GET /readyz': { expected: [200, 200, 200, 200], send: (p) => as(server().get('/readyz'), p) },
  // Whoever calls, from this machine (the test's loopback): no token is asked for unless METRICS_TOKEN is set.
  'GET /metrics': { expected: [200, 200, 200, 200], send: (p) => as(server().get('/metrics'), p) },
  'GET /openapi.json': { expected: [200, 200, 200, 200], send: (p) => as(server().get('/openapi.json'), p) },
  'GET /docs': { expected: [200, 200, 200, 200], send: (p) => as(server().get('/docs'), p) },
  'GET /tools': { expected: [200, 200, 200, 200], send: (p) => as(server().get('/tools'), p) },
  'GET /tools/:id': { expected: [200, 200, 200, 200], send: (p) => as(server().get(`/tools/${part.id}`), p) },
  'GET /tools/:id/price-history': { expected: [200, 200, 200, 200], send: (p) => as(server().get(`/tools/${part.id}/price-history`), p) },
  // Alerts: any signed-in account keeps its own; another's reads as missing (404, nothing revealed).
  'POST /alerts': {
    expected: [401, 201, 201, 201],
    setup: async () => (await createPart(api, { p_quantity: 0 })).id,
    send: (p, id) => as(server().post('/alerts').send({ productId: id, kind: 'back-in-stock' }), p),
  },
  'GET /alerts': { expected: [401, 200, 200, 200], send: (p) => as(server().get('/alerts'), p) },
  'DELETE /alerts/:id': { expected: [401, 200, 404, 404], setup: () => customerAlert(), send: (p, id) => as(server().delete(`/alerts/${id}`), p) },
  // The email's link works signed out, whoever opens it.
  'GET /alerts/unsubscribe/:token': {
    expected: [200, 200, 200, 200],
    setup: async () => new URL(await createUnsubscribeLinks(api.config.jwtSecret, api.config.publicApiUrl).url(await customerAlert())).pathname,
    send: (p, path) => as(server().get(path), p),
  },
  'POST /tools': { expected: [401, 403, 403, 201], send: (p) => as(server().post('/tools').send(partBody()), p) },
  'PATCH /tools/:id': {
    expected: [401, 403, 403, 200],
    setup: async () => (await createPart(api, { p_quantity: 3 })).id,
    send: (p, id) => as(server().patch(`/tools/${id}`).send({ version: 0, price: 2599, p_quantity: { from: 3, to: 5 } }), p),
  },
  'DELETE /tools/:id': {
    expected: [401, 403, 403, 200],
    setup: async () => (await createPart(api, { p_quantity: 3 })).id,
    send: (p, id) => as(server().delete(`/tools/${id}`), p),
  },
  'POST /tools/:id/put-back': {
    expected: [401, 403, 403, 200],
    setup: async () => {
      // An admin's edit, and the Activity entry that recorded it.
      const { id } = await createPart(api, { p_quantity: 3 });
      const edited = await as(server().patch(`/tools/${id}`).send({ version: 0, price: 2599 }), 'admin');
      expect(edited.status).toBe(200);
      const entry = await api.database.collections.activity.findOne({ action: 'product.edited', 'subject.id': id });
      return `${id}/${entry!._id.toHexString()}`;
    },
    send: (p, path) => {
      const [id, activityId] = path.split('/');
      return as(server().post(`/tools/${id}/put-back`).send({ activityId }), p);
    },
  },
  'GET /tools.csv': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/tools.csv'), p) },
  'POST /tools/bulk': {
    expected: [401, 403, 403, 200],
    setup: async () => (await createPart(api, { p_quantity: 3 })).id,
    send: (p, id) => as(server().post('/tools/bulk').send({ changes: [{ id, version: 0, price: 2599 }] }), p),
  },
  'POST /tools/import': {
    expected: [401, 403, 403, 200],
    send: (p) =>
      as(
        server()
          .post('/tools/import?dryRun=false')
          .set('Content-Type', 'text/csv')
          .send(`name,category,price,p_quantity,min_quantity,description,img\nMatrix import ${randomSuffix()},Memory,49.99,5,1,Imported by the matrix.,${uploadedImageUrl(api)}`),
        p,
      ),
  },
  // The builder: checking is for anyone; saving for any account; a saved build is public to read and its owner's to change.
  'POST /builds/check': { expected: [200, 200, 200, 200], send: (p) => as(server().post('/builds/check').send(buildBody()), p) },
  // Advice is for anyone: the catalog here holds no whole build, so everyone gets the same 422 that says why.
  'POST /builds/advise': {
    expected: [422, 422, 422, 422],
    send: (p) => as(server().post('/builds/advise').send({ budget: 150_000, use: 'gaming', cpu: 'ryzen-7-7700' }), p),
  },
  'POST /builds': { expected: [401, 201, 201, 201], send: (p) => as(server().post('/builds').send(buildBody()), p) },
  'GET /builds': { expected: [401, 200, 200, 200], send: (p) => as(server().get('/builds?mine=true'), p) },
  'GET /builds/:id': { expected: [200, 200, 200, 200], setup: () => customerBuild(), send: (p, id) => as(server().get(`/builds/${id}`), p) },
  'PUT /builds/:id': {
    expected: [401, 200, 403, 403],
    setup: () => customerBuild(),
    send: (p, id) => as(server().put(`/builds/${id}`).send({ ...buildBody(), name: 'Renamed by the matrix' }), p),
  },
  'DELETE /builds/:id': { expected: [401, 200, 403, 403], setup: () => customerBuild(), send: (p, id) => as(server().delete(`/builds/${id}`), p) },
  // Reviews of one part (issue 33): written by its buyers only (the customer bought the fixture's part), each by its author.
  'GET /tools/:id/reviews': { expected: [200, 200, 200, 200], send: (p) => as(server().get(`/tools/${part.id}/reviews`), p) },
  'GET /tools/:id/reviews/mine': { expected: [401, 200, 200, 200], send: (p) => as(server().get(`/tools/${part.id}/reviews/mine`), p) },
  'POST /tools/:id/reviews': {
    expected: [401, 201, 403, 403],
    setup: () => partTheCustomerBought(),
    send: (p, id) => as(server().post(`/tools/${id}/reviews`).send({ rating: 5, title: 'Great', text: 'Fast and quiet.' }), p),
  },
  'PUT /tools/:id/reviews/:reviewId': {
    expected: [401, 200, 403, 403],
    setup: () => customerPartReview(),
    send: (p, path) => as(server().put(`/tools/${path}`).send({ rating: 3, title: 'Edited', text: 'Edited by the matrix.' }), p),
  },
  'DELETE /tools/:id/reviews/:reviewId': { expected: [401, 200, 403, 403], setup: () => customerPartReview(), send: (p, path) => as(server().delete(`/tools/${path}`), p) },
  // Anyone signed in but the author.
  'POST /tools/:id/reviews/:reviewId/helpful': { expected: [401, 403, 200, 200], setup: () => customerPartReview(), send: (p, path) => as(server().post(`/tools/${path}/helpful`), p) },
  'GET /part-reviews': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/part-reviews'), p) },
  'PATCH /part-reviews/:id': {
    expected: [401, 403, 403, 200],
    setup: async () => (await customerPartReview()).split('/').at(-1)!,
    send: (p, id) => as(server().patch(`/part-reviews/${id}`).send({ hidden: true }), p),
  },
  'POST /part-reviews/:id/held-votes': {
    expected: [401, 403, 403, 200],
    setup: async () => (await customerPartReview()).split('/').at(-1)!,
    send: (p, id) => as(server().post(`/part-reviews/${id}/held-votes`).send({ decision: 'discard' }), p),
  },
  'GET /reviews': { expected: [200, 200, 200, 200], send: (p) => as(server().get('/reviews'), p) },
  'GET /reviews/all': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/reviews/all'), p) },
  'PATCH /reviews/:id': {
    expected: [401, 403, 403, 200],
    setup: async () => {
      const review = { name: 'Reviewed', review: 'Moderated by the matrix.', ratings: 4, authorEmail: accounts.customer.email, createdAt: new Date() };
      return (await api.database.collections.reviews.insertOne(review)).insertedId.toHexString();
    },
    send: (p, id) => as(server().patch(`/reviews/${id}`).send({ hidden: true }), p),
  },
  // Reviews come from customers only.
  'POST /addReview': { expected: [401, 201, 201, 403], send: (p) => as(server().post('/addReview').send({ ratings: '5', review: 'Fast and quiet.' }), p) },
  'PUT /user/admin/:email': {
    expected: [401, 403, 403, 200],
    setup: async () => (await createAccount(api, 'customer')).email,
    send: (p, email) => as(server().put(`/user/admin/${encodeURIComponent(email)}`), p),
  },
  // Another admin, made a customer again (the caller's own account is a 409, users/admin-routes.test.ts).
  'DELETE /user/admin/:email': {
    expected: [401, 403, 403, 200],
    setup: async () => (await createAccount(api, 'admin')).email,
    send: (p, email) => as(server().delete(`/user/admin/${encodeURIComponent(email)}`), p),
  },
  'GET /user': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/user'), p) },
  // The profile update (an access token); the token exchange on the same path takes Firebase ID
  // tokens, which the token tests below and users/routes.test.ts cover. Even an admin may not
  // change someone else's profile.
  'PUT /user/:email': {
    expected: [401, 200, 403, 403],
    send: (p) => as(server().put(`/user/${encodeURIComponent(accounts.customer.email)}`).send(profileBody), p),
  },
  'GET /user/one': { expected: [401, 200, 403, 200], send: (p) => as(server().get('/user/one').query({ email: accounts.customer.email }), p) },
  // Account settings (issue 46): each account its own; another's saved address reads as missing.
  'GET /me/addresses': { expected: [401, 200, 200, 200], send: (p) => as(server().get('/me/addresses'), p) },
  'POST /me/addresses': { expected: [401, 201, 201, 201], send: (p) => as(server().post('/me/addresses').send({ label: 'Office', address: shippingAddress }), p) },
  'PATCH /me/addresses/:id': {
    expected: [401, 200, 404, 404],
    setup: () => customerAddress(),
    send: (p, id) => as(server().patch(`/me/addresses/${id}`).send({ label: 'Renamed' }), p),
  },
  'DELETE /me/addresses/:id': { expected: [401, 200, 404, 404], setup: () => customerAddress(), send: (p, id) => as(server().delete(`/me/addresses/${id}`), p) },
  'GET /me/export': { expected: [401, 200, 200, 200], send: (p) => as(server().get('/me/export'), p) },
  // Every persona signs out its own fresh account (the matrix's own tokens must keep working).
  'POST /me/sign-out-everywhere': { expected: [401, 200, 200, 200], setup: () => freshAccounts(), send: (p, fresh) => asFresh(server().post('/me/sign-out-everywhere'), p, fresh) },
  // They take a Firebase ID token of a recent sign-in, never the api's access token: every persona
  // here gets 401. account/routes.test.ts covers the ID tokens.
  'POST /me/email-change': { expected: [401, 401, 401, 401], send: (p) => as(server().post('/me/email-change').send({ newEmail: `new-${randomSuffix()}@example.com` }), p) },
  'DELETE /me': { expected: [401, 401, 401, 401], send: (p) => as(server().delete('/me').send({ confirmEmail: accounts.customer.email }), p) },
  // The old address's "This was not me" link works signed out, whoever opens it (a fresh account's).
  'POST /account/email-recovery': {
    expected: [200, 200, 200, 200],
    setup: async () => {
      const fresh = await signUpWithAccessToken(api);
      const link = await createEmailRecoveryLinks(api.config.jwtSecret, api.config.shopUrl).url({ uid: fresh.uid, email: fresh.email });
      return new URL(link).searchParams.get('token')!;
    },
    send: (p, token) => as(server().post('/account/email-recovery').send({ token }), p),
  },
  'GET /admin/:email': { expected: [401, 200, 403, 200], send: (p) => as(server().get(`/admin/${encodeURIComponent(accounts.customer.email)}`), p) },
  // Someone else's order is answered as if it did not exist (no existence oracle).
  'POST /create-payment-intent': {
    expected: [401, 200, 404, 404],
    setup: async () => (await customerOrder()).id,
    send: (p, id) => as(server().post('/create-payment-intent').send({ orderId: id }), p),
  },
  // The owner gets past every check to the payment's: Stripe has no such payment (409).
  'PATCH /myorder/:id': {
    expected: [401, 409, 404, 404],
    setup: async () => (await customerOrder()).id,
    send: (p, id) => as(server().patch(`/myorder/${id}`).send({ transactionId: 'pi_matrixNoSuchPayment' }), p),
  },
  'POST /order': { expected: [401, 201, 201, 201], send: (p) => as(server().post('/order').send(orderBody()), p) },
  // An admin reads everyone's orders through GET /order, not the customer's own list.
  'GET /myorder': { expected: [401, 200, 403, 403], send: (p) => as(server().get('/myorder').query({ email: accounts.customer.email }), p) },
  // Someone else's order is answered as if it did not exist.
  'DELETE /myorder/:id': {
    expected: [401, 200, 404, 404],
    setup: async () => (await customerOrder()).id,
    send: (p, id) => as(server().delete(`/myorder/${id}`), p),
  },
  'GET /order/:id': {
    expected: [401, 200, 404, 200],
    setup: async () => (await customerOrder()).id,
    send: (p, id) => as(server().get(`/order/${id}`), p),
  },
  // Everyone signed in has a cart of their own: there is no one else's to reach.
  'GET /cart': { expected: [401, 200, 200, 200], send: (p) => as(server().get('/cart'), p) },
  'PUT /cart': { expected: [401, 200, 200, 200], send: (p) => as(server().put('/cart').send({ lines: [{ productId: part.id, quantity: 1 }] }), p) },
  'POST /cart/merge': {
    expected: [401, 200, 200, 200],
    send: (p) => as(server().post('/cart/merge').set('Idempotency-Key', `matrix-${randomSuffix()}`).send({ lines: [{ productId: part.id, quantity: 1 }] }), p),
  },
  'POST /checkout': {
    expected: [401, 201, 201, 201],
    send: (p) => as(server().post('/checkout').set('Idempotency-Key', `matrix-${randomSuffix()}`).send(checkoutBody()), p),
  },
  'POST /checkout/quote': { expected: [401, 200, 200, 200], send: (p) => as(server().post('/checkout/quote').send(checkoutBody()), p) },
  'GET /shipping-rates': { expected: [200, 200, 200, 200], send: (p) => as(server().get('/shipping-rates'), p) },
  // Someone else's checkout is answered as if it did not exist, admins included.
  'GET /checkout/:id': { expected: [401, 200, 404, 404], setup: customerCheckout, send: (p, id) => as(server().get(`/checkout/${id}`), p) },
  // A free-text order's structured address: its owner's only; anyone else's order does not exist.
  'PUT /checkout/:id/address': {
    expected: [401, 200, 404, 404],
    setup: async () => (await customerOrder({ freeText: true })).checkoutId.toHexString(),
    send: (p, id) => as(server().put(`/checkout/${id}/address`).send({ address: shippingAddress }), p),
  },
  'GET /order': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/order'), p) },
  // Orders as wholes: the owner and admins see one; anyone else is told it does not exist.
  'GET /orders': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/orders'), p) },
  'GET /orders.csv': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/orders.csv'), p) },
  'GET /orders/mine': { expected: [401, 200, 200, 200], send: (p) => as(server().get('/orders/mine'), p) },
  'GET /orders/:number': { expected: [401, 200, 404, 200], setup: () => customerOrderNumber(), send: (p, number) => as(server().get(`/orders/${number}`), p) },
  'GET /orders/:number/invoice.pdf': {
    expected: [401, 200, 404, 200],
    setup: () => customerOrderNumber({ paid: true, status: 'paid', transactionId: 'pi_matrixInvoice' }),
    send: (p, number) => as(server().get(`/orders/${number}/invoice.pdf`), p),
  },
  // The paid email's link: anyone holding it opens that invoice.
  'GET /invoices/:token': {
    expected: [200, 200, 200, 200],
    setup: async () => {
      const number = await customerOrderNumber({ paid: true, status: 'paid', transactionId: 'pi_matrixLink' });
      return new URL(await createInvoiceLinks(api.config.jwtSecret, api.config.publicApiUrl).url(number)).pathname;
    },
    send: (p, path) => as(server().get(path), p),
  },
  'POST /orders/:number/shipments': {
    expected: [401, 403, 403, 201],
    setup: () => customerOrderNumber({ paid: true, status: 'paid', transactionId: 'pi_matrixShip' }),
    send: (p, number) => as(server().post(`/orders/${number}/shipments`).send({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }), p),
  },
  'POST /orders/:number/shipments/:shipmentId/delivered': {
    expected: [401, 403, 403, 200],
    setup: async () => {
      const number = await customerOrderNumber({ paid: true, status: 'paid', transactionId: 'pi_matrixDeliver' });
      const shipped = await as(server().post(`/orders/${number}/shipments`).send({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }), 'admin');
      return `${number}/shipments/${shipped.body.shipments[0].shipmentId}`;
    },
    send: (p, path) => as(server().post(`/orders/${path}/delivered`), p),
  },
  'POST /orders/:number/cancel': {
    expected: [401, 403, 403, 200],
    setup: () => customerOrderNumber(),
    send: (p, number) => as(server().post(`/orders/${number}/cancel`).send({ reason: 'Out of stock at the supplier.' }), p),
  },
  'POST /orders/:number/refunds': {
    expected: [401, 403, 403, 201],
    setup: async () => {
      const number = await paidOrderNumber();
      const order = (await api.database.collections.wholeOrders.findOne({ number }))!;
      return `${number} ${order.lines[0]!._id.toHexString()}`;
    },
    send: (p, fixture) => {
      const [number, lineId] = fixture.split(' ');
      return as(server().post(`/orders/${number}/refunds`).set('Idempotency-Key', `matrix-${randomSuffix()}`).send({ lines: [{ lineId, quantity: 1 }], reason: 'Damaged in transit', restock: false }), p);
    },
  },
  // Only the order's owner asks for a return (an admin refunds instead).
  'POST /orders/:number/returns': {
    expected: [401, 201, 404, 404],
    setup: async () => {
      const order = await deliveredOrder();
      return `${order.number} ${order.lineId.toHexString()}`;
    },
    send: (p, fixture) => {
      const [number, lineId] = fixture.split(' ');
      return as(server().post(`/orders/${number}/returns`).send({ lines: [{ lineId, quantity: 1 }], reason: 'It rattles.' }), p);
    },
  },
  'GET /returns': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/returns'), p) },
  'POST /returns/:id/decision': {
    expected: [401, 403, 403, 200],
    setup: () => customerReturn('requested'),
    send: (p, id) => as(server().post(`/returns/${id}/decision`).send({ approve: true }), p),
  },
  'POST /returns/:id/received': {
    expected: [401, 403, 403, 200],
    setup: () => customerReturn('approved'),
    send: (p, id) => as(server().post(`/returns/${id}/received`), p),
  },
  'DELETE /order/:id': {
    expected: [401, 403, 403, 200],
    setup: async () => (await customerOrder()).id,
    send: (p, id) => as(server().delete(`/order/${id}`).send({ reason: 'Out of stock at the supplier.' }), p),
  },
  'PATCH /order/:id/status': {
    expected: [401, 403, 403, 200],
    setup: async () => (await customerOrder({ paid: true, status: 'paid' })).id,
    send: (p, id) => as(server().patch(`/order/${id}/status`).send({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }), p),
  },
  'GET /stock-holds': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/stock-holds').query({ ids: part.id }), p) },
  // It takes a Firebase ID token (sign-up asks before its token exchange), never the api's access
  // token: every persona here gets 401. users/verification-email.test.ts covers the ID tokens.
  'POST /user/verification-email': { expected: [401, 401, 401, 401], send: (p) => as(server().post('/user/verification-email'), p) },
  'GET /activity': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/activity'), p) },
  'GET /admin/overview': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/admin/overview').query({ days: '7' }), p) },
  'GET /admin/low-stock': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/admin/low-stock'), p) },
  'GET /remotes': { expected: [200, 200, 200, 200], send: (p) => as(server().get('/remotes'), p) },
  // Anyone may report a remote that would not load (the shell does, signed in or not), with the
  // load id GET /remotes gave the page: here a live version of mf_shop, for a new page load each.
  'POST /remotes/errors': {
    expected: [204, 204, 204, 204],
    setup: async () => {
      const version = await publishedRelease('mf_shop');
      await api.database.collections.liveRemotes.updateOne({ remote: 'mf_shop' }, { $set: { live: version, history: [], updatedAt: new Date() } }, { upsert: true });
      const { loadId } = (await server().get('/remotes')).body;
      return JSON.stringify({ remote: 'mf_shop', version, loadId, message: 'timeout', cohort: `matrix-cohort-${randomSuffix()}` });
    },
    send: (p, report) => as(server().post('/remotes/errors').send(JSON.parse(report)), p),
  },
  // A sampled successful load, and a page's Web Vitals, under the same rules; the page load asked GET /remotes with its cohort.
  'POST /remotes/loads': {
    expected: [204, 204, 204, 204],
    setup: () => liveShopPageLoad({}),
    send: (p, report) => as(server().post('/remotes/loads').send(JSON.parse(report)), p),
  },
  'POST /remotes/vitals': {
    expected: [204, 204, 204, 204],
    setup: () => liveShopPageLoad({ lcp: 1800, inp: 90, cls: 0.01 }),
    send: (p, report) => as(server().post('/remotes/vitals').send(JSON.parse(report)), p),
  },
  'POST /releases/:remote/rollout': {
    expected: [401, 403, 403, 200],
    setup: async () => {
      const [live, candidate] = [await publishedRelease('mf_admin'), await publishedRelease('mf_admin')];
      await api.database.collections.liveRemotes.updateOne(
        { remote: 'mf_admin' },
        { $set: { live, history: [], rollout: null, updatedAt: new Date() } },
        { upsert: true },
      );
      return candidate;
    },
    // The staged form (the share-by-hand one goes through the same checks).
    send: (p, version) => as(server().post('/releases/mf_admin/rollout').send({ version, stages: [25, 50, 100], stageMinutes: 30 }), p),
  },
  'POST /releases/:remote/rollout/abort': {
    expected: [401, 403, 403, 200],
    setup: async () => {
      const [live, candidate] = [await publishedRelease('mf_admin'), await publishedRelease('mf_admin')];
      const rollout = { id: randomSuffix(), version: candidate, percent: 25, startedAt: new Date(), startedBy: 'ci@example.com' };
      await api.database.collections.liveRemotes.updateOne({ remote: 'mf_admin' }, { $set: { live, history: [], rollout, updatedAt: new Date() } }, { upsert: true });
      return candidate;
    },
    send: (p) => as(server().post('/releases/mf_admin/rollout/abort'), p),
  },
  'GET /releases': { expected: [401, 403, 403, 200], send: (p) => as(server().get('/releases'), p) },
  'POST /releases/:remote': {
    expected: [401, 403, 403, 201],
    setup: async () => newVersion(),
    send: (p, version) => as(server().post('/releases/mf_admin').send({ version, manifestUrl: manifests.publish('mf_admin', version) }), p),
  },
  'POST /releases/:remote/promote': {
    expected: [401, 403, 403, 200],
    setup: () => publishedRelease('mf_shop'),
    send: (p, version) => as(server().post('/releases/mf_shop/promote').send({ version }), p),
  },
  'POST /releases/:remote/rollback': {
    expected: [401, 403, 403, 200],
    setup: async () => {
      const [before, live] = [await publishedRelease('mf_dashboard'), await publishedRelease('mf_dashboard')];
      await api.database.collections.liveRemotes.updateOne(
        { remote: 'mf_dashboard' },
        { $set: { live, history: [before], updatedAt: new Date() } },
        { upsert: true },
      );
      return before;
    },
    send: (p) => as(server().post('/releases/mf_dashboard/rollback'), p),
  },
  'POST /uploads': {
    expected: [401, 403, 403, 201],
    send: (p) => as(server().post('/uploads').attach('image', image, { filename: 'part.png', contentType: 'image/png' }), p),
  },
  // Stripe's calls carry its signature, never a bearer: without the signature everyone gets 400.
  'POST /webhooks/stripe': {
    expected: [400, 400, 400, 400],
    send: (p) => as(server().post('/webhooks/stripe').set('Content-Type', 'application/json').send('{"type":"payment_intent.succeeded"}'), p),
  },
};

// POST /create-payment-intent's checkout form (issue 21): someone else's checkout is not found, admins included.
describe.each(PERSONAS.map((persona, index) => [persona, [401, 200, 404, 404][index]!] as const))('POST /create-payment-intent {checkoutId} as %s', (persona, status) => {
  it(`answers ${status}${status >= 400 ? ' and changes nothing' : ''}`, async () => {
    const checkoutId = await customerCheckout();
    const before = status >= 400 ? await databaseSnapshot(api) : null;
    const response = await as(server().post('/create-payment-intent').send({ checkoutId }), persona);
    expect({ status: response.status, body: response.status >= 400 ? response.body : undefined }).toEqual({
      status,
      body: status >= 400 ? { message: expect.any(String) } : undefined,
    });
    if (before) expect(await databaseSnapshot(api)).toEqual(before);
  });
});

it('has a row for every route the app serves, and none for a route it does not', () => {
  expect(Object.keys(MATRIX).sort()).toEqual(routeTable(api.app));
});

const cells = Object.entries(MATRIX).flatMap(([route, row]) =>
  PERSONAS.map((persona, index) => [route, persona, row.expected[index]!, row] as const),
);

describe.each(cells)('%s as %s', (_route, persona, status, row) => {
  it(`answers ${status}${status >= 400 ? ' and changes nothing' : ''}`, async () => {
    const fixture = row.setup ? await row.setup() : '';
    const before = status >= 400 ? await databaseSnapshot(api) : null;
    const response = await row.send(persona, fixture);
    expect({ status: response.status, body: response.status >= 400 ? response.body : undefined }).toEqual({
      status,
      body: status >= 400 ? { message: expect.any(String) } : undefined,
    });
    if (before) expect(await databaseSnapshot(api)).toEqual(before);
  });
});

describe('tokens the api did not give out, or no longer honours', () => {
  // Every route that asks for an access token: the none column says 401.
  const signedInRoutes = Object.entries(MATRIX).filter(([, row]) => row.expected[0] === 401);
  const SECRET_CLAIMS = () => ({ email: accounts.admin.email, role: 'admin' });
  const sign = (secret: string, edit: (jwt: SignJWT) => SignJWT = (jwt) => jwt) =>
    edit(
      new SignJWT(SECRET_CLAIMS())
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(new ObjectId().toHexString())
        .setIssuer('pcpp-api')
        .setAudience('pcpp-web')
        .setIssuedAt()
        .setExpirationTime('10m'),
    ).sign(new TextEncoder().encode(secret));
  const forgeries: [string, () => Promise<string>][] = [
    ['an expired one', () => sign(api.config.jwtSecret, (jwt) => jwt.setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600))],
    ['one signed with another secret', () => sign(`${api.config.jwtSecret}-not`)],
    ['an unsigned one (alg none)', async () => {
      const now = Math.floor(Date.now() / 1000);
      return unsignedJwt({ ...SECRET_CLAIMS(), sub: new ObjectId().toHexString(), iss: 'pcpp-api', aud: 'pcpp-web', iat: now, exp: now + 600 });
    }],
    ['one for another audience', () => sign(api.config.jwtSecret, (jwt) => jwt.setAudience('someone-else'))],
    ['one from another issuer', () => sign(api.config.jwtSecret, (jwt) => jwt.setIssuer('someone-else'))],
  ];

  it.each(forgeries)('answers 401 to %s on every signed-in route, changing nothing', async (_label, forge) => {
    const token = await forge();
    const fixtures: string[] = [];
    for (const [, row] of signedInRoutes) fixtures.push(row.setup ? await row.setup() : '');
    const before = await databaseSnapshot(api);
    for (const [index, [route, row]] of signedInRoutes.entries()) {
      const response = await row.send('none', fixtures[index]!).set('Authorization', `Bearer ${token}`);
      expect({ route, status: response.status, body: response.body }).toEqual({ route, status: 401, body: { message: expect.any(String) } });
    }
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it('gives an ADMIN_EMAILS address whose email is unverified no admin access (403)', async () => {
    const email = `boss-${randomSuffix()}@example.com`;
    const unverifiedApi = await createTestApi({ ADMIN_EMAILS: email }, { roleCacheTtlMs: 0 });
    try {
      const session = await signUpWithAccessToken(unverifiedApi, { email, emailVerified: false });
      const response = await request(unverifiedApi.app).get('/user').set('Authorization', `Bearer ${session.token}`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Admins only' });
    } finally {
      await unverifiedApi.close();
    }
  });
});

it('refuses an admin made a customer through DELETE /user/admin on the very next call, with the role cache on', async () => {
  const cached = await createTestApi({}, {});
  try {
    const [boss, demoted] = [await createAccount(cached, 'admin'), await createAccount(cached, 'admin')];
    const adminCall = () => request(cached.app).get('/order?limit=1').set('Authorization', `Bearer ${demoted.token}`);
    expect((await adminCall()).status).toBe(200);
    const response = await request(cached.app).delete(`/user/admin/${encodeURIComponent(demoted.email)}`).set('Authorization', `Bearer ${boss.token}`);
    expect(response.body).toEqual({ modifiedCount: 1 });
    const refused = await adminCall();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Admins only' });
    const demoteBack = await request(cached.app).delete(`/user/admin/${encodeURIComponent(boss.email)}`).set('Authorization', `Bearer ${demoted.token}`);
    expect(demoteBack.status).toBe(403);
  } finally {
    await cached.close();
  }
});

it('refuses an admin demoted in the database on the next call, though the token still says admin', async () => {
  const demoted = await createAccount(api, 'admin');
  const adminReads = ['/user?limit=1', '/order?limit=1', '/activity?limit=1', '/reviews/all?limit=1', '/releases', '/admin/overview?days=7', '/admin/low-stock'];
  const calls = () => Promise.all(adminReads.map((url) => server().get(url).set('Authorization', `Bearer ${demoted.token}`)));
  for (const response of await calls()) expect(response.status).toBe(200);

  await api.database.collections.users.updateOne({ email: demoted.email }, { $set: { role: 'customer' } });
  expect((await api.accessTokens.verify(demoted.token)).role).toBe('admin');
  for (const response of await calls()) {
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Admins only' });
  }
  const promote = await server().put(`/user/admin/${encodeURIComponent(accounts.customer.email)}`).set('Authorization', `Bearer ${demoted.token}`);
  expect(promote.status).toBe(403);
  expect((await api.database.collections.users.findOne({ email: accounts.customer.email }))?.role).toBe('customer');
});
