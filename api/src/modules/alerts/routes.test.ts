import request from 'supertest';
import { alertMessages, MAX_ALERTS_PER_ACCOUNT } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import { createPart, createTestApi, inboxOf, signUpWithAccessToken, type TestApi, uniqueEmail } from '../../../test/helpers';
import { createAlertsRepository } from './repository';
import { createAlertsService } from './service';
import { createUnsubscribeLinks } from './unsubscribe-links';
import { createLogger } from '../../logger';
import { createOutbox } from '../mail/outbox';
import { createPartsRepository } from '../parts/repository';
import { createPartsService } from '../parts/service';

const adminEmail = uniqueEmail('alerts-admin');
let api: TestApi;
let customer: { email: string; token: string };
let other: { email: string; token: string };
let admin: { email: string; token: string };
beforeAll(async () => {
  api = await createTestApi({ ADMIN_EMAILS: adminEmail });
  [customer, other, admin] = await Promise.all([
    signUpWithAccessToken(api),
    signUpWithAccessToken(api),
    signUpWithAccessToken(api, { email: adminEmail, emailVerified: true }),
  ]);
});
afterAll(() => api.close());

const as = (call: request.Test, who: { token: string }) => call.set('Authorization', `Bearer ${who.token}`);
const addAlert = (who: { token: string }, body: object) => as(request(api.app).post('/alerts').send(body), who);
async function edit(partId: string, body: object) {
  const current = await request(api.app).get(`/tools/${partId}`);
  const response = await as(request(api.app).patch(`/tools/${partId}`).send({ version: current.body.version, ...body }), admin);
  expect(response.status).toBe(200);
  await api.services.alerts.idle();
  await api.outbox.idle();
  return response;
}
/** The link's token from an email's text. */
const unsubscribeLink = (text: string) => /(http\S+\/alerts\/unsubscribe\/\S+)/.exec(text)?.[1];
const pathOf = (url: string) => new URL(url).pathname;

describe('POST /alerts', () => {
  it('keeps a back-in-stock alert on a sold-out part and lists it in GET /alerts', async () => {
    const part = await createPart(api, { p_quantity: 0, price: 15999 });
    const response = await addAlert(customer, { productId: part.id, kind: 'back-in-stock' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      productId: part.id,
      productName: part.name,
      kind: 'back-in-stock',
      createdAt: expect.any(String),
    });
    const mine = await as(request(api.app).get('/alerts'), customer);
    expect(mine.status).toBe(200);
    expect(mine.body.map((alert: { _id: string }) => alert._id)).toContain(response.body._id);
    // Another account sees none of it.
    const theirs = await as(request(api.app).get('/alerts'), other);
    expect(theirs.body.map((alert: { _id: string }) => alert._id)).not.toContain(response.body._id);
  });

  it('refuses with a sentence: back-in-stock on a part in stock, a target at or above the price, the same alert twice', async () => {
    const part = await createPart(api, { p_quantity: 4, price: 20000 });
    const inStock = await addAlert(customer, { productId: part.id, kind: 'back-in-stock' });
    expect(inStock.status).toBe(409);
    expect(inStock.body.message).toBe(alertMessages.notSoldOut);
    const notBelow = await addAlert(customer, { productId: part.id, kind: 'price-below', priceBelow: 20000 });
    expect(notBelow.status).toBe(409);
    expect(notBelow.body.message).toBe(alertMessages.alreadyBelow(20000));
    expect((await addAlert(customer, { productId: part.id, kind: 'price-below', priceBelow: 15000 })).status).toBe(201);
    const twice = await addAlert(customer, { productId: part.id, kind: 'price-below', priceBelow: 14000 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(alertMessages.duplicate);
  });

  it('answers 400 for a price alert without a price, a stock alert with one, cents that are not whole, unknown keys', async () => {
    const part = await createPart(api, { p_quantity: 0, price: 20000 });
    for (const body of [
      { productId: part.id, kind: 'price-below' },
      { productId: part.id, kind: 'back-in-stock', priceBelow: 100 },
      { productId: part.id, kind: 'price-below', priceBelow: 99.5 },
      { productId: part.id, kind: 'back-in-stock', extra: 1 },
      { productId: 'nope', kind: 'back-in-stock' },
    ]) {
      const response = await addAlert(customer, body);
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
    const missing = await addAlert(customer, { productId: new ObjectId().toHexString(), kind: 'back-in-stock' });
    expect(missing.status).toBe(404);
    expect(await api.database.collections.alerts.countDocuments({ productId: part._id })).toBe(0);
  });

  it(`keeps at most ${MAX_ALERTS_PER_ACCOUNT} waiting alerts per account`, async () => {
    const busy = await signUpWithAccessToken(api);
    const { sub } = await api.accessTokens.verify(busy.token);
    const part = await createPart(api, { p_quantity: 0, price: 100000 });
    await api.database.collections.alerts.insertMany(
      Array.from({ length: MAX_ALERTS_PER_ACCOUNT }, () => ({
        ownerId: sub, email: busy.email, productId: new ObjectId(), productName: 'Filler', kind: 'back-in-stock' as const, status: 'active' as const, createdAt: new Date(),
      })),
    );
    const response = await addAlert(busy, { productId: part.id, kind: 'back-in-stock' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(alertMessages.tooMany);
  });
});

describe('DELETE /alerts/{id}', () => {
  it("removes the owner's alert; another account's call is a 404 and changes nothing", async () => {
    const part = await createPart(api, { p_quantity: 0 });
    const { body: alert } = await addAlert(customer, { productId: part.id, kind: 'back-in-stock' });
    const theirs = await as(request(api.app).delete(`/alerts/${alert._id}`), other);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(alertMessages.notFound);
    expect(await api.database.collections.alerts.countDocuments({ _id: ObjectId.createFromHexString(alert._id) })).toBe(1);
    const mine = await as(request(api.app).delete(`/alerts/${alert._id}`), customer);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ deletedCount: 1 });
    const list = await as(request(api.app).get('/alerts'), customer);
    expect(list.body.map((found: { _id: string }) => found._id)).not.toContain(alert._id);
  });
});

describe('alerts firing', () => {
  it('emails a back-in-stock alert once when an admin restocks the part, with an unsubscribe link that works signed out', async () => {
    const buyer = await signUpWithAccessToken(api);
    const part = await createPart(api, { p_quantity: 0, price: 15999 });
    const { body: alert } = await addAlert(buyer, { productId: part.id, kind: 'back-in-stock' });
    await edit(part.id, { p_quantity: { from: 0, to: 3 } });
    // A second restock sends nothing more: the alert ended.
    await edit(part.id, { p_quantity: { from: 3, to: 5 } });
    const emails = (await inboxOf(buyer.email)).filter((email) => email.subject.includes(part.name));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`${part.name} is back in stock`);
    expect(emails[0]!.text).toContain(`/products/${part.id}`);
    const stored = await api.database.collections.alerts.findOne({ _id: ObjectId.createFromHexString(alert._id) });
    expect(stored).toMatchObject({ status: 'fired', firedAt: expect.any(Date) });
    expect((await as(request(api.app).get('/alerts'), buyer)).body).toEqual([]);

    const link = unsubscribeLink(emails[0]!.text);
    expect(link).toBeDefined();
    const page = await request(api.app).get(pathOf(link!));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(alertMessages.unsubscribed);
  });

  it('emails a price alert when the price falls to its target, not before, and the link ends a waiting alert', async () => {
    const buyer = await signUpWithAccessToken(api);
    const part = await createPart(api, { p_quantity: 5, price: 30000 });
    const { body: alert } = await addAlert(buyer, { productId: part.id, kind: 'price-below', priceBelow: 25000 });
    await edit(part.id, { price: 26000 });
    expect((await inboxOf(buyer.email)).filter((email) => email.subject.includes(part.name))).toHaveLength(0);
    await edit(part.id, { price: 25000 });
    await edit(part.id, { price: 24000 });
    const emails = (await inboxOf(buyer.email)).filter((email) => email.subject.includes(part.name));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`${part.name} is now $250.00`);
    expect(await api.database.collections.alerts.countDocuments({ _id: ObjectId.createFromHexString(alert._id), status: 'fired' })).toBe(1);

    // A link for an alert still waiting ends it.
    const waiting = await addAlert(buyer, { productId: part.id, kind: 'price-below', priceBelow: 20000 });
    const links = createUnsubscribeLinks(api.config.jwtSecret, api.config.publicApiUrl);
    const response = await request(api.app).get(pathOf(await links.url(waiting.body._id)));
    expect(response.status).toBe(200);
    expect(await api.database.collections.alerts.countDocuments({ _id: ObjectId.createFromHexString(waiting.body._id) })).toBe(0);
  });

  it('answers 404 with a sentence for a link the api did not sign', async () => {
    const other = createUnsubscribeLinks('another-secret-entirely', api.config.publicApiUrl);
    const response = await request(api.app).get(pathOf(await other.url(new ObjectId().toHexString())));
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(alertMessages.badLink);
    expect((await request(api.app).get('/alerts/unsubscribe/not-a-token')).status).toBe(400);
  });

  it("the sweep fires a back-in-stock alert when a cancelled order's units come back", async () => {
    const buyer = await signUpWithAccessToken(api);
    const part = await createPart(api, { p_quantity: 0, price: 9999 });
    await addAlert(buyer, { productId: part.id, kind: 'back-in-stock' });
    // Units come back outside an admin's edit (as a cancelled order gives them back).
    await api.database.collections.parts.updateOne({ _id: part._id }, { $inc: { p_quantity: 2 } });
    expect(await api.services.alerts.sweep()).toBeGreaterThanOrEqual(1);
    await api.outbox.idle();
    expect((await inboxOf(buyer.email)).filter((email) => email.subject === `${part.name} is back in stock`)).toHaveLength(1);
  });

  it('two fan-outs of one part at once (two api instances) send each alert once, in batches', async () => {
    const part = await createPart(api, { p_quantity: 0, price: 5000 });
    const count = 450;
    await api.database.collections.alerts.insertMany(
      Array.from({ length: count }, (_, index) => ({
        ownerId: `owner-${index}`, email: `nobody-${index}@example.com`, productId: part._id, productName: part.name,
        kind: 'back-in-stock' as const, status: 'active' as const, createdAt: new Date(),
      })),
    );
    await api.database.collections.parts.updateOne({ _id: part._id }, { $set: { p_quantity: 1 } });
    // Two instances: each its own service and outbox over the same database. No SMTP: the emails stay in the outbox, counted.
    const outbox = createOutbox({ collection: api.database.collections.outbox, transport: null, from: 'shop@example.com', logger: createLogger('silent') });
    const instance = () =>
      createAlertsService({
        alerts: createAlertsRepository(api.database.collections.alerts),
        parts: api.services.repositories.parts,
        outbox,
        links: createUnsubscribeLinks(api.config.jwtSecret, api.config.publicApiUrl),
        shopUrl: api.config.shopUrl,
        logger: createLogger('silent'),
      });
    const [first, second] = await Promise.all([instance().fanOut(part._id), instance().fanOut(part._id)]);
    expect(first + second).toBe(count);
    const sent = (await api.database.collections.outbox.find({ subject: `${part.name} is back in stock` }).toArray()).map((email) => email.to);
    expect(sent).toHaveLength(count);
    expect(new Set(sent).size).toBe(count);
  });

  it("an admin's edit answers without waiting for the fan-out, which then fires every alert", async () => {
    const part = await createPart(api, { p_quantity: 0, price: 5000 });
    await api.database.collections.alerts.insertMany(
      Array.from({ length: 120 }, (_, index) => ({
        ownerId: `late-${index}`, email: `late-${index}@example.com`, productId: part._id, productName: part.name,
        kind: 'back-in-stock' as const, status: 'active' as const, createdAt: new Date(),
      })),
    );
    // The fan-out's first read waits for the gate: the edit must answer while it is shut.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const repository = createPartsRepository(api.database.collections.parts);
    const outbox = createOutbox({ collection: api.database.collections.outbox, transport: null, from: 'shop@example.com', logger: createLogger('silent') });
    const alerts = createAlertsService({
      alerts: createAlertsRepository(api.database.collections.alerts),
      parts: { findById: async (id) => (await gate, repository.findById(id)) },
      outbox,
      links: createUnsubscribeLinks(api.config.jwtSecret, api.config.publicApiUrl),
      shopUrl: api.config.shopUrl,
      logger: createLogger('silent'),
    });
    const parts = createPartsService(repository, { activity: api.services.activity, onPriceOrStockChange: alerts.partChanged });
    const edited = await parts.edit({ sub: 'admin', uid: 'admin', email: adminEmail, role: 'admin' }, part._id, { version: 0, p_quantity: { from: 0, to: 1 } });
    expect(edited.p_quantity).toBe(1);
    expect(await api.database.collections.alerts.countDocuments({ productId: part._id, status: 'active' })).toBe(120);
    open();
    await alerts.idle();
    expect(await api.database.collections.alerts.countDocuments({ productId: part._id, status: 'active' })).toBe(0);
  });
});

describe('GET /tools/{id}/price-history', () => {
  it('records every price change (old, new, when, by whom) and answers them newest first, public, without the admin', async () => {
    const part = await createPart(api, { p_quantity: 5, price: 40000 });
    await edit(part.id, { price: 38000 });
    await edit(part.id, { name: `${part.name} renamed` });
    await edit(part.id, { price: 35000 });
    const response = await request(api.app).get(`/tools/${part.id}/price-history`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { from: 38000, to: 35000, changedAt: expect.any(String) },
      { from: 40000, to: 38000, changedAt: expect.any(String) },
    ]);
    // Staff identity stays inside: the answer does not name the admin, the database does.
    expect(JSON.stringify(response.body)).not.toContain(adminEmail);
    expect(await api.database.collections.priceChanges.countDocuments({ productId: part._id, changedBy: adminEmail })).toBe(2);
    expect(Date.parse(response.body[0].changedAt)).toBeGreaterThanOrEqual(Date.parse(response.body[1].changedAt));
  });

  it('answers [] for a part never repriced and 404 for no such part', async () => {
    const part = await createPart(api, { p_quantity: 5 });
    expect((await request(api.app).get(`/tools/${part.id}/price-history`)).body).toEqual([]);
    const missing = await request(api.app).get(`/tools/${new ObjectId().toHexString()}/price-history`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Part not found');
  });
});
