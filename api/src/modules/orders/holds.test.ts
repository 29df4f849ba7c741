import { orderRuleText } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { DEFAULT_HELD_SHARE_PERCENT, DEFAULT_MAX_HELD_UNITS_PER_PART, DEFAULT_MAX_UNPAID_ORDERS } from '../../config';
import { createAccount, createPart, createTestApi, inboxOf, markEmailVerified, signUpWithAccessToken, storedLines, type TestApi, updateLine } from '../../../test/helpers';

// Holds that cannot be hoarded (issue 20): only a verified email orders, and one customer's unpaid
// orders are capped (MAX_UNPAID_ORDERS, MAX_HELD_UNITS_PER_PART, at their documented defaults
// here), with a short hold (ORDER_HOLD_MINUTES) whose end the order and its email say.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({
    MAX_UNPAID_ORDERS: String(DEFAULT_MAX_UNPAID_ORDERS),
    MAX_HELD_UNITS_PER_PART: String(DEFAULT_MAX_HELD_UNITS_PER_PART),
    ORDER_HOLD_SHARE_PERCENT: String(DEFAULT_HELD_SHARE_PERCENT),
  });
});
afterAll(() => api.close());

const body = (productId: string, quantity = 1) => ({ productId, order_quantity: quantity, address: '1 Main Street, Springfield', phone: '555 0100' });
const postOrder = (token: string, productId: string, quantity = 1) =>
  request(api.app).post('/order').set('Authorization', `Bearer ${token}`).send(body(productId, quantity));
const stockOf = async (id: ObjectId) => (await api.database.collections.parts.findOne({ _id: id }))!.p_quantity;
const unpaidOf = async (email: string) => (await storedLines(api, { email, status: 'placed', paid: false })).length;

it('has the documented defaults: 3 unpaid orders, 10 units of one part, half a part held by orders paid later, 10 minutes past it', () => {
  expect(api.config.orderHoldLimits).toEqual({ maxUnpaidOrders: 3, maxHeldUnitsPerPart: 10, heldSharePercent: 50, payNowHoldMinutes: 10 });
  expect(api.config.orderHoldMinutes).toBe(30);
});

describe('a verified email', () => {
  it('is needed to order: an unverified account gets 403 with what to do, and takes no stock', async () => {
    const part = await createPart(api, { p_quantity: 50 });
    const unverified = await signUpWithAccessToken(api, { emailVerified: false });
    const refused = await postOrder(unverified.token, part.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: orderRuleText.verifyEmailFirst });
    expect(await stockOf(part._id)).toBe(50);
    expect(await storedLines(api, { email: unverified.email })).toHaveLength(0);

    // The provider's state counts, not the token's: the link opened, the same token orders.
    await markEmailVerified(unverified.uid);
    expect((await postOrder(unverified.token, part.id)).status).toBe(201);
    expect(await stockOf(part._id)).toBe(49);
  });
});

describe('the caps on unpaid holds', () => {
  it('lets 3 unpaid orders through and answers the 4th with 409 and what to do; a paid or cancelled one frees a place', async () => {
    const part = await createPart(api, { p_quantity: 50 });
    const customer = await createAccount(api, 'customer');
    const placed = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await postOrder(customer.token, part.id);
      expect(response.status).toBe(201);
      placed.push(response.body.insertedId as string);
    }
    const fourth = await postOrder(customer.token, part.id);
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual({ message: orderRuleText.tooManyUnpaidOrders(3), limit: 'MAX_UNPAID_ORDERS', max: 3 });
    expect(fourth.body.message).toBe('You already have 3 unpaid orders. Pay for one or cancel it in My Orders before you place another.');
    expect(await stockOf(part._id)).toBe(47);
    expect(await unpaidOf(customer.email)).toBe(3);

    // Cancelling one makes room for exactly one more.
    const cancel = await request(api.app).delete(`/myorder/${placed[0]}`).set('Authorization', `Bearer ${customer.token}`);
    expect(cancel.body).toEqual({ deletedCount: 1 });
    expect((await postOrder(customer.token, part.id)).status).toBe(201);
    expect((await postOrder(customer.token, part.id)).status).toBe(409);
    // A paid order holds nothing.
    await updateLine(api, placed[1]!, { paid: true, transactionId: 'pi_1' });
    expect((await postOrder(customer.token, part.id)).status).toBe(201);
    // Another customer is not affected.
    const other = await createAccount(api, 'customer');
    expect((await postOrder(other.token, part.id)).status).toBe(201);
  });

  it('lets a customer hold 10 units of one part, not 11, in one order or several; other parts apart', async () => {
    const part = await createPart(api, { p_quantity: 100 });
    const otherPart = await createPart(api, { p_quantity: 100 });
    const customer = await createAccount(api, 'customer');
    expect((await postOrder(customer.token, part.id, 11)).status).toBe(409);
    expect((await postOrder(customer.token, part.id, 6)).status).toBe(201);
    const overByOne = await postOrder(customer.token, part.id, 5);
    expect(overByOne.status).toBe(409);
    expect(overByOne.body).toEqual({ message: orderRuleText.tooManyHeldUnits(10, part.name, 6), limit: 'MAX_HELD_UNITS_PER_PART', max: 10 });
    expect(overByOne.body.message).toBe(
      `You can hold at most 10 units of ${part.name} at once, and your unpaid orders already hold 6. Pay for or cancel one in My Orders, or order fewer.`,
    );
    expect((await postOrder(customer.token, part.id, 4)).status).toBe(201);
    // Units count per part: 10 of another part is fine (the third unpaid order).
    expect((await postOrder(customer.token, otherPart.id, 10)).status).toBe(201);
    expect(await stockOf(part._id)).toBe(90);
    expect(await stockOf(otherPart._id)).toBe(90);
  });

  it('allows a part’s minimum order when it is above the cap, and no more', async () => {
    const bulk = await createPart(api, { p_quantity: 100, min_quantity: 12 });
    const customer = await createAccount(api, 'customer');
    expect((await postOrder(customer.token, bulk.id, 13)).status).toBe(409);
    expect((await postOrder(customer.token, bulk.id, 12)).status).toBe(201);
    const second = await postOrder(customer.token, bulk.id, 12);
    expect(second.status).toBe(409);
    expect(second.body.max).toBe(12);
  });

  it('takes a burst of concurrent orders in turn: the first 3 stay, the rest get the 409, and the stock of each refused one is given back', async () => {
    const part = await createPart(api, { p_quantity: 100 });
    const customer = await createAccount(api, 'customer');
    const answers = await Promise.all(Array.from({ length: 12 }, () => postOrder(customer.token, part.id)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body.limit).toBe('MAX_UNPAID_ORDERS');
    expect(await unpaidOf(customer.email)).toBe(3);
    expect(await storedLines(api, { email: customer.email })).toHaveLength(3);
    expect(await api.database.collections.wholeOrders.countDocuments({ email: customer.email })).toBe(3);
    expect(await stockOf(part._id)).toBe(97);
  });

  it('takes an order and checkouts of one customer in the same turns: a burst of both leaves exactly 3 unpaid', async () => {
    const part = await createPart(api, { p_quantity: 100 });
    const customer = await createAccount(api, 'customer');
    const checkoutBody = {
      lines: [{ productId: part.id, quantity: 1 }],
      address: { fullName: 'Turn Taker', street: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US', region: 'IL', phone: '+1 202 555 0100' },
    };
    const postCheckout = (index: number) =>
      request(api.app).post('/checkout').set('Authorization', `Bearer ${customer.token}`).set('Idempotency-Key', `turns-${index}-${part.id}`).send(checkoutBody);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? postOrder(customer.token, part.id) : postCheckout(index))));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5);
    expect(await unpaidOf(customer.email)).toBe(3);
    expect(await stockOf(part._id)).toBe(97);
  });
});

describe('the hold', () => {
  it('ends ORDER_HOLD_MINUTES after the order, and the order and its email say when', async () => {
    const part = await createPart(api, { p_quantity: 5 });
    const customer = await createAccount(api, 'customer');
    const response = await postOrder(customer.token, part.id);
    const { order } = response.body;
    expect(Date.parse(order.holdExpiresAt) - Date.parse(order.createdAt)).toBe(30 * 60_000);
    const mine = await request(api.app).get(`/myorder?email=${customer.email}`).set('Authorization', `Bearer ${customer.token}`);
    expect(mine.body[0].holdExpiresAt).toBe(order.holdExpiresAt);
    await api.outbox.idle();
    const [email] = await inboxOf(customer.email);
    const end = new Date(order.holdExpiresAt);
    const time = `${String(end.getUTCHours()).padStart(2, '0')}:${String(end.getUTCMinutes()).padStart(2, '0')} UTC`;
    expect(email!.text).toContain(`We hold the parts for you for 30 minutes, until ${time} on `);
    expect(email!.text).toContain(`Pay by: ${time} on `);
  });
});

describe('GET /stock-holds (admin)', () => {
  it('answers per part the units unpaid orders hold and how many orders, beside the stock left', async () => {
    const [held, free] = await Promise.all([createPart(api, { p_quantity: 40 }), createPart(api, { p_quantity: 7 })]);
    const [first, second] = await Promise.all([createAccount(api, 'customer'), createAccount(api, 'customer')]);
    expect((await postOrder(first.token, held.id, 4)).status).toBe(201);
    expect((await postOrder(second.token, held.id, 3)).status).toBe(201);
    const paid = await postOrder(second.token, held.id, 2);
    await updateLine(api, paid.body.insertedId as string, { paid: true, transactionId: 'pi_2' });
    const admin = await createAccount(api, 'admin');
    const answer = await request(api.app).get('/stock-holds').query({ ids: `${held.id},${free.id}` }).set('Authorization', `Bearer ${admin.token}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      holds: [
        { productId: held.id, held: 7, unpaidOrders: 2 },
        { productId: free.id, held: 0, unpaidOrders: 0 },
      ],
    });
    expect(await stockOf(held._id)).toBe(31);
  });

  it('refuses more than 50 ids, a malformed id and any other parameter with 400', async () => {
    const admin = await createAccount(api, 'admin');
    const ask = (query: Record<string, string>) => request(api.app).get('/stock-holds').query(query).set('Authorization', `Bearer ${admin.token}`);
    const many = Array.from({ length: 51 }, () => new ObjectId().toHexString()).join(',');
    expect((await ask({ ids: many })).body).toEqual({ message: 'ids names at most 50 parts', issues: expect.any(Array) });
    expect((await ask({ ids: 'nope' })).status).toBe(400);
    expect((await ask({})).status).toBe(400);
    expect((await ask({ ids: new ObjectId().toHexString(), page: '2' })).status).toBe(400);
  });
});
