import { checkOrderQuantity } from './order-quantity';
import { holdTimeLeftText } from './orders';
import { orderFormSchema, orderInputSchema } from './orders-schemas';

const id = '0123456789abcdef01234567';
const valid = { productId: id, order_quantity: '5', address: '1 Main St', phone: '555 0100' };
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('the purchase form schema', () => {
  const form = orderFormSchema({ min_quantity: 3, p_quantity: 40 });

  it('gives the spec messages for quantity, address and phone', () => {
    expect(messagesOf(form.safeParse({ ...valid, order_quantity: '' }))).toEqual(['quantity is required']);
    expect(messagesOf(form.safeParse({ ...valid, order_quantity: '2' }))).toEqual(['Minimum order quantity at least 3']);
    expect(messagesOf(form.safeParse({ ...valid, order_quantity: '41' }))).toEqual(['Maximum order quantity 40']);
    expect(messagesOf(form.safeParse({ ...valid, address: '  ' }))).toEqual(['address is required']);
    expect(messagesOf(form.safeParse({ ...valid, phone: '' }))).toEqual(['phone number is required']);
  });

  it('turns the typed quantity into a whole number and refuses fractions and text', () => {
    expect(form.parse(valid).order_quantity).toBe(5);
    expect(form.safeParse({ ...valid, order_quantity: '4.5' }).success).toBe(false);
    expect(form.safeParse({ ...valid, order_quantity: 'ten' }).success).toBe(false);
  });
});

describe('the api schema of POST /order', () => {
  it('accepts the spec payload, whose price, email and name the server ignores', () => {
    const body = { ...valid, order_quantity: 5, productName: 'x', email: 'a@b.co', name: 'A', per_product_price: 1, totalAmount: 5 };
    expect(orderInputSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    ['an unknown key', { ...valid, discount: 50 }],
    ['an operator object as quantity', { ...valid, order_quantity: { $gt: 0 } }],
    ['a negative quantity', { ...valid, order_quantity: -1 }],
    ['zero', { ...valid, order_quantity: 0 }],
    ['a malformed product id', { ...valid, productId: 'abc' }],
    ['an operator object as id', { ...valid, productId: { $ne: null } }],
  ])('refuses %s', (_what, body) => {
    expect(orderInputSchema.safeParse(body).success).toBe(false);
  });
});

describe('holdTimeLeftText', () => {
  const now = Date.parse('2026-03-03T14:00:00Z');
  const at = (minutes: number) => new Date(now + minutes * 60_000 + 1_000).toISOString();
  it('says the real time left, in full or short', () => {
    expect(holdTimeLeftText(at(29), now)).toBe('29 minutes');
    expect(holdTimeLeftText(at(1), now)).toBe('1 minute');
    expect(holdTimeLeftText(at(0), now)).toBe('less than a minute');
    expect(holdTimeLeftText(at(180), now)).toBe('3 hours');
    expect(holdTimeLeftText(at(29), now, { short: true })).toBe('29 min');
    expect(holdTimeLeftText(at(0), now, { short: true })).toBe('< 1 min');
  });
});

describe('checkOrderQuantity, the quantity box of a part’s page (no zod)', () => {
  it.each([
    { min_quantity: 1, p_quantity: 10 },
    { min_quantity: 3, p_quantity: 5 },
    { min_quantity: 5, p_quantity: 2 },
  ])('reads a typed quantity as the purchase form’s schema does, limits %j', (limits) => {
    const schema = orderFormSchema(limits).shape.order_quantity;
    const typed = ['', '  ', '1', ' 2 ', '3', '5', '6', '10', '11', '0', '-1', '-0', '2.5', '2.0', '1e2', 'abc', '3a', '0x3', '+3', '1.', '.5', '9'.repeat(17), '9'.repeat(400)];
    for (const text of typed) {
      const parsed = schema.safeParse(text);
      const expected = parsed.success ? { quantity: parsed.data } : { error: parsed.error.issues[0]?.message };
      expect([text, checkOrderQuantity(text, limits)]).toEqual([text, expected]);
    }
  });
});
