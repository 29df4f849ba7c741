import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { createAccount, createPart, createTestApi, insertOrder, randomSuffix, storedLines, type TestApi } from '../../../../test/helpers';
import { ORDER_CSV_COLUMNS } from './orders-csv';

// GET /orders.csv (admin): one row per order line placed in [from, to), streamed.

let api: TestApi;
let admin: { token: string };

beforeAll(async () => {
  api = await createTestApi();
  admin = await createAccount(api, 'admin');
});
afterAll(() => api.close());

const exportCsv = (query: string) => request(api.app).get(`/orders.csv${query}`).set('Authorization', `Bearer ${admin.token}`);
const rowsOf = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];

describe('GET /orders.csv', () => {
  it('has one row per line placed in the range, with the customer, money in dollars, status and refunds', async () => {
    const part = await createPart(api, { p_quantity: 100, price: 12999 });
    const email = `csv-${randomSuffix()}@example.com`;
    const day = (date: string) => new Date(`${date}T10:00:00.000Z`);
    await insertOrder(api, part, { email, createdAt: day('2026-03-01'), number: 'PCP-AAAA01' });
    const paidAt = new Date('2026-03-02T11:00:00.000Z');
    await insertOrder(api, part, {
      email,
      createdAt: day('2026-03-02'),
      number: 'PCP-AAAA02',
      order_quantity: 3,
      totalAmount: 3 * 12999,
      // California's 7.25 % and the line's share of Express shipping (issue 32).
      taxAmount: 2827,
      shippingAmount: 2499,
      paid: true,
      status: 'paid',
      statusHistory: [{ status: 'placed', at: day('2026-03-02'), by: email }, { status: 'paid', at: paidAt, by: 'system' }],
      units: { refundedUnshipped: 1, refundedAmount: 12999 },
      // A name a spreadsheet would run as a formula.
      name: '=HYPERLINK("http://evil.example","Click")',
      address: '-2 Side Street, Springfield',
    });
    await insertOrder(api, part, { email, createdAt: day('2026-03-05'), number: 'PCP-AAAA03' });

    const response = await exportCsv('?from=2026-03-02T00:00:00.000Z&to=2026-03-05T00:00:00.000Z');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    // Sent as it is read (no length known ahead): streamed.
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.text.split('\r\n')[0]).toBe(`\ufeff${ORDER_CSV_COLUMNS.join(',')}`);
    expect(rowsOf(response.text)).toEqual([
      {
        'order number': 'PCP-AAAA02',
        'placed at': '2026-03-02T10:00:00.000Z',
        'paid at': '2026-03-02T11:00:00.000Z',
        'last delivered at': '',
        customer: `'=HYPERLINK("http://evil.example","Click")`,
        email,
        address: "'-2 Side Street, Springfield",
        phone: '555 0100',
        part: part.name,
        quantity: '3',
        'unit price': '129.99',
        total: '389.97',
        tax: '28.27',
        shipping: '24.99',
        charged: '443.23',
        status: 'paid',
        'refunded units': '1',
        refunded: '129.99',
      },
    ]);
  });

  it('without a range, lists every line oldest first', async () => {
    const response = await exportCsv('');
    const numbers = rowsOf(response.text).map((row) => row['order number']);
    expect(numbers.slice(0, 3)).toEqual(['PCP-AAAA01', 'PCP-AAAA02', 'PCP-AAAA03']);
    expect(numbers).toHaveLength((await storedLines(api)).length);
  });

  it.each([
    ['?from=yesterday', 'from must be an ISO date and time, like 2026-11-24T00:00:00.000Z'],
    ['?from=2026-03-05T00:00:00.000Z&to=2026-03-01T00:00:00.000Z', 'from must be before to'],
    ['?format=xlsx', expect.stringMatching(/^Unknown query parameter "format"/)],
  ])('refuses %s with a sentence', async (query, message) => {
    const response = await exportCsv(query);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(message);
  });
});
