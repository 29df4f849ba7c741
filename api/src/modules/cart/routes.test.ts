import { once } from 'node:events';
import type { Server } from 'node:http';
import { CART_MAX_LINES, cartText, validationMessages } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { createAccount, createPart, createTestApi, randomSuffix, type TestApi } from '../../../test/helpers';

let api: TestApi;
let server: Server;

beforeAll(async () => {
  api = await createTestApi();
  server = api.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

const customer = () => createAccount(api, 'customer');
const as = (token: string, call: request.Test) => call.set('Authorization', `Bearer ${token}`);
const getCart = (token: string) => as(token, request(server).get('/cart'));
const putCart = (token: string, body: unknown) => as(token, request(server).put('/cart').send(body as object));
const mergeCart = (token: string, body: unknown, key?: string) => {
  const call = as(token, request(server).post('/cart/merge').send(body as object));
  return key ? call.set('Idempotency-Key', key) : call;
};
const line = (part: { id: string }, quantity: number) => ({ productId: part.id, quantity });
const quantities = (body: { lines: { productId: string; quantity: number }[] }) =>
  Object.fromEntries(body.lines.map((l) => [l.productId, l.quantity]));

describe('GET and PUT /cart', () => {
  it('starts empty, stores the lines and prices them with the database’s parts', async () => {
    const { token } = await customer();
    const empty = await getCart(token);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ lines: [], subtotal: 0, ready: false });

    const [cooler, memory] = await Promise.all([createPart(api, { p_quantity: 10, price: 4999 }), createPart(api, { p_quantity: 5, price: 1250 })]);
    const put = await putCart(token, { lines: [line(cooler, 2), line(memory, 3)] });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ subtotal: 2 * 4999 + 3 * 1250, ready: true });
    expect(put.body.lines).toEqual([
      { productId: cooler.id, quantity: 2, part: expect.objectContaining({ _id: cooler.id, name: cooler.name, price: 4999 }), lineTotal: 9998 },
      { productId: memory.id, quantity: 3, part: expect.objectContaining({ _id: memory.id, price: 1250 }), lineTotal: 3750 },
    ]);
    // The same cart on another device: it lives in the api.
    expect((await getCart(token)).body).toEqual(put.body);

    // Prices are the database's now, not when the line was added.
    await api.database.collections.parts.updateOne({ _id: cooler._id }, { $set: { price: 5999 } });
    expect((await getCart(token)).body.subtotal).toBe(2 * 5999 + 3 * 1250);
    expect((await putCart(token, { lines: [] })).body).toEqual({ lines: [], subtotal: 0, ready: false });
  });

  it('keeps every customer’s cart apart', async () => {
    const [first, second] = await Promise.all([customer(), customer()]);
    const part = await createPart(api, { p_quantity: 10 });
    await putCart(first.token, { lines: [line(part, 1)] }).expect(200);
    expect((await getCart(second.token)).body.lines).toEqual([]);
  });

  it('ignores nothing it does not know: a client-sent price or total is a 400 and changes nothing', async () => {
    const { token } = await customer();
    const part = await createPart(api, { p_quantity: 10, price: 4999 });
    await putCart(token, { lines: [line(part, 1)] }).expect(200);
    for (const body of [
      { lines: [{ ...line(part, 1), price: 1 }] },
      { lines: [line(part, 1)], subtotal: 1 },
      { lines: [{ ...line(part, 1), per_product_price: 1 }] },
    ]) {
      const response = await putCart(token, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/Unrecognized key/);
    }
    expect((await getCart(token)).body.subtotal).toBe(4999);
  });

  it('refuses more than 50 lines, a part twice and quantities that are not whole and positive', async () => {
    const { token } = await customer();
    const many = Array.from({ length: CART_MAX_LINES + 1 }, () => ({ productId: new ObjectId().toHexString(), quantity: 1 }));
    expect((await putCart(token, { lines: many })).body).toMatchObject({ message: cartText.tooManyLines });
    const part = await createPart(api, { p_quantity: 10 });
    expect((await putCart(token, { lines: [line(part, 1), line(part, 2)] })).body).toMatchObject({ message: cartText.duplicateLine });
    for (const quantity of [0, -1, 1.5, '2', null, 1e9]) {
      const response = await putCart(token, { lines: [{ productId: part.id, quantity }] });
      expect({ quantity, status: response.status }).toEqual({ quantity, status: 400 });
    }
    expect((await putCart(token, { lines: [{ productId: 'nope', quantity: 1 }] })).status).toBe(400);
    expect((await putCart(token, {})).status).toBe(400);
    // Fifty lines are fine.
    expect((await putCart(token, { lines: many.slice(0, CART_MAX_LINES) })).status).toBe(200);
  });

  it('flags lines the stock no longer covers with the api’s sentence, and a part no longer sold', async () => {
    const { token } = await customer();
    const [scarce, minimum, soldOut] = await Promise.all([
      createPart(api, { p_quantity: 3 }),
      createPart(api, { p_quantity: 50, min_quantity: 4 }),
      createPart(api, { p_quantity: 0 }),
    ]);
    const gone = new ObjectId().toHexString();
    const response = await putCart(token, {
      lines: [line(scarce, 5), line(minimum, 2), line(soldOut, 1), { productId: gone, quantity: 1 }],
    });
    expect(response.status).toBe(200);
    expect(response.body.ready).toBe(false);
    expect(response.body.lines.map((l: { problem?: string }) => l.problem)).toEqual([
      'Only 3 left in stock.',
      validationMessages.quantityMin(4),
      'This part is sold out.',
      cartText.partGone,
    ]);
    expect(response.body.lines[3]).toEqual({ productId: gone, quantity: 1, part: null, lineTotal: 0, problem: cartText.partGone });
    // Fixed: the cart can be ordered.
    const fixed = await putCart(token, { lines: [line(scarce, 3), line(minimum, 4)] });
    expect(fixed.body.ready).toBe(true);
    expect(fixed.body.lines.every((l: { problem?: string }) => l.problem === undefined)).toBe(true);
  });

  it('asks for a token', async () => {
    expect((await request(server).get('/cart')).status).toBe(401);
    expect((await request(server).put('/cart').send({ lines: [] })).status).toBe(401);
  });
});

describe('POST /cart/merge (a visitor signs in)', () => {
  it('adds the visitor’s lines to the account’s: the same part’s quantities added, capped at the stock', async () => {
    const { token } = await customer();
    const [both, capped, visitorOnly, accountOnly] = await Promise.all([
      createPart(api, { p_quantity: 20 }),
      createPart(api, { p_quantity: 6 }),
      createPart(api, { p_quantity: 9 }),
      createPart(api, { p_quantity: 9 }),
    ]);
    await putCart(token, { lines: [line(both, 2), line(capped, 4), line(accountOnly, 1)] }).expect(200);
    const merged = await mergeCart(token, { lines: [line(both, 3), line(capped, 5), line(visitorOnly, 2)] }, `visitor-${randomSuffix()}`);
    expect(merged.status).toBe(200);
    expect(quantities(merged.body)).toEqual({ [both.id]: 5, [capped.id]: 6, [accountOnly.id]: 1, [visitorOnly.id]: 2 });
    // The account's lines first, in their order, then the visitor's new ones.
    expect(merged.body.lines.map((l: { productId: string }) => l.productId)).toEqual([both.id, capped.id, accountOnly.id, visitorOnly.id]);
    expect(merged.body.ready).toBe(true);
    expect((await getCart(token)).body).toEqual(merged.body);
  });

  it('merges into an account without a cart, and caps a visitor’s line above the stock', async () => {
    const { token } = await customer();
    const part = await createPart(api, { p_quantity: 4 });
    const merged = await mergeCart(token, { lines: [line(part, 10)] });
    expect(quantities(merged.body)).toEqual({ [part.id]: 4 });
  });

  it('adds one visitor cart once, however many times (and however concurrently) it is sent', async () => {
    const { token } = await customer();
    const part = await createPart(api, { p_quantity: 100 });
    await putCart(token, { lines: [line(part, 1)] }).expect(200);
    const key = `visitor-${randomSuffix()}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => mergeCart(token, { lines: [line(part, 2)] }, key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(quantities((await getCart(token)).body)).toEqual({ [part.id]: 3 });
    // Another browser's cart (another key) is added.
    await mergeCart(token, { lines: [line(part, 2)] }, `visitor-${randomSuffix()}`).expect(200);
    expect(quantities((await getCart(token)).body)).toEqual({ [part.id]: 5 });
  });

  it('never loses a concurrent merge of different visitor carts', async () => {
    const { token } = await customer();
    const parts = await Promise.all(Array.from({ length: 4 }, () => createPart(api, { p_quantity: 100 })));
    const answers = await Promise.all(parts.map((part) => mergeCart(token, { lines: [line(part, 1)] }, `visitor-${randomSuffix()}`)));
    // Each either merged or said to try again; none was lost silently.
    const merged = answers.filter((a) => a.status === 200).length;
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect((await getCart(token)).body.lines).toHaveLength(merged);
  });

  it('keeps at most 50 lines', async () => {
    const { token } = await customer();
    const ids = () => Array.from({ length: 30 }, () => ({ productId: new ObjectId().toHexString(), quantity: 1 }));
    await putCart(token, { lines: ids() }).expect(200);
    const merged = await mergeCart(token, { lines: ids() });
    expect(merged.body.lines).toHaveLength(CART_MAX_LINES);
  });

  it('refuses a bad key', async () => {
    const { token } = await customer();
    const response = await mergeCart(token, { lines: [] }, 'not a key!');
    expect(response.status).toBe(400);
  });
});
