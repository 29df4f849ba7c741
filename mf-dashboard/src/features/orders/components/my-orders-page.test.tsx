import { act, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@pcpp/contracts/router';
import { authStore } from '@pcpp/contracts';
import { type Order } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer, type TestAnswer } from '@pcpp/contracts/testing';
import { MyOrdersPage } from './my-orders-page';

const user = testCustomer;
const at = '2026-11-20T10:00:00.000Z';

function order(overrides: Partial<Order>): Order {
  return {
    _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    number: 'PCP-7K3Q9D',
    productId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    productName: 'Quiet Tower Cooler',
    email: user.email,
    name: 'Demo Customer',
    per_product_price: 4_999,
    order_quantity: 3,
    totalAmount: 14_997,
    address: '1 Main St',
    phone: '555 0100',
    paid: false,
    status: 'placed',
    statusHistory: [{ status: 'placed', at, by: user.email }],
    createdAt: at,
    ...overrides,
  };
}

let answer: TestAnswer;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({ 'GET /myorder': () => answer });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  act(() => authStore.getState().signedIn(user, { token: 'token', expiresAt: null }));
});

const renderPage = () =>
  renderWithQueryClient(
    <MemoryRouter>
      <MyOrdersPage />
    </MemoryRouter>,
  );

it("lists the customer's own orders: paid ones with their transaction id, unpaid ones with Pay and Delete", async () => {
  answer = {
    body: [
      order({ _id: 'cccccccccccccccccccccccc', productName: 'B650 Board', paid: true, status: 'paid', transactionId: 'pi_123' }),
      order({}),
    ],
  };
  renderPage();
  expect(screen.getByRole('status')).toHaveTextContent('Loading your orders…');
  const table = await screen.findByRole('table');
  const [paidRow, unpaidRow] = within(table).getAllByRole('row').slice(1);
  expect(paidRow).toHaveTextContent('Paid');
  expect(paidRow).toHaveTextContent('Transaction id: pi_123');
  expect(within(paidRow!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  expect(within(paidRow!).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();

  expect(unpaidRow).toHaveTextContent('$49.99');
  expect(unpaidRow).toHaveTextContent('$149.97');
  expect(within(unpaidRow!).getByRole('link', { name: 'Pay for Quiet Tower Cooler' })).toHaveAttribute(
    'href',
    '/dashboard/payment/aaaaaaaaaaaaaaaaaaaaaaaa',
  );
  expect(within(unpaidRow!).getByRole('button', { name: 'Delete the order for Quiet Tower Cooler' })).toBeInTheDocument();
  expect(api.requests.map((r) => [r.url, r.authorization])).toEqual([['/myorder?email=customer%40pcparts.dev', 'Bearer token']]);
});

it('a cancelled order offers nothing to pay or delete, and shows its timeline', async () => {
  answer = {
    body: [
      order({
        status: 'cancelled',
        statusHistory: [
          { status: 'placed', at, by: user.email },
          { status: 'cancelled', at, by: 'system', reason: 'expired' },
        ],
      }),
    ],
  };
  renderPage();
  const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
  expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  expect(within(row).getByLabelText('Status timeline')).toHaveTextContent('cancelled');
  expect(within(row).getByLabelText('Status timeline')).toHaveTextContent('(not paid in time)');
});

it('shows each order by its number, a shipped one with its carrier, tracking number and tracking link', async () => {
  answer = {
    body: [
      order({
        _id: 'cccccccccccccccccccccccc',
        number: 'PCP-SH1PPD',
        paid: true,
        status: 'shipped',
        transactionId: 'pi_9',
        shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      }),
      order({ number: 'PCP-R0YAM1', paid: true, status: 'shipped', transactionId: 'pi_8', shipment: { carrier: 'Royal Mail', trackingNumber: 'AB123GB' } }),
    ],
  };
  renderPage();
  const [ups, royal] = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
  expect(ups).toHaveTextContent('PCP-SH1PPD');
  expect(ups).toHaveTextContent('UPS · 1Z999AA10123456784');
  expect(within(ups!).getByRole('link', { name: "Track 1Z999AA10123456784 on UPS's site" })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  // A carrier the shop has no tracking page for: the number, no link.
  expect(royal).toHaveTextContent('Royal Mail · AB123GB');
  expect(within(royal!).queryByRole('link', { name: /^Track/ })).not.toBeInTheDocument();
});

it('says why the shop cancelled an order', async () => {
  answer = {
    body: [
      order({
        status: 'cancelled',
        statusHistory: [
          { status: 'placed', at, by: user.email },
          { status: 'cancelled', at, by: 'admin@pcparts.dev', reason: 'shop', note: 'The supplier cannot deliver this batch.' },
        ],
      }),
    ],
  };
  renderPage();
  const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent('Cancelled by the shop: The supplier cannot deliver this batch.');
  expect(within(row).getByLabelText('Status timeline')).toHaveTextContent('(by the shop)');
});

it('an empty list says so and links to the catalog; orders the customer deleted are not listed', async () => {
  answer = {
    body: [
      order({
        status: 'cancelled',
        statusHistory: [
          { status: 'placed', at, by: user.email },
          { status: 'cancelled', at, by: user.email, reason: 'deleted' },
        ],
      }),
    ],
  };
  renderPage();
  expect(await screen.findByText('You have not ordered anything yet.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute('href', '/products');
});

it('groups a checkout’s orders under its one number: date, number, lines, total, status and one Pay for the whole checkout; each line keeps the spec’s columns and its Delete', async () => {
  const checkoutId = 'dddddddddddddddddddddddd';
  const holdExpiresAt = new Date(Date.now() + 20 * 60_000).toISOString();
  const line = (n: number, name: string, totalAmount: number) =>
    order({ _id: `${n}`.repeat(24), number: 'PCP-GRP123', checkoutId, productName: name, totalAmount, holdExpiresAt, createdAt: '2026-11-21T10:00:00.000Z' });
  answer = {
    body: [
      line(1, 'B650 Board', 19_999),
      line(2, 'DDR5 32GB Kit', 9_998),
      line(3, '750W Power Supply', 8_999),
      order({ _id: 'eeeeeeeeeeeeeeeeeeeeeeee', number: 'PCP-5010A1', checkoutId: 'ffffffffffffffffffffffff', productName: 'Quiet Tower Cooler' }),
    ],
  };
  renderPage();
  const table = await screen.findByRole('table');
  const [, group, ...rest] = within(table).getAllByRole('row');
  expect(group).toHaveTextContent('Order PCP-GRP123');
  expect(group).toHaveTextContent('Nov 21, 2026');
  expect(group).toHaveTextContent('3 lines');
  expect(group).toHaveTextContent('$389.96');
  expect(group).toHaveTextContent('placed');
  expect(within(group!).getByRole('link', { name: 'Pay for order PCP-GRP123' })).toHaveAttribute('href', `/checkout/${checkoutId}`);
  expect(within(group!).getByTestId('hold-time-left')).toBeInTheDocument();
  // One Pay for the checkout: its lines have none, but each keeps its columns and its Delete.
  const lines = rest.slice(0, 3);
  expect(lines.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['B650 Board', 'DDR5 32GB Kit', '750W Power Supply']);
  for (const row of lines) {
    expect(within(row).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Paid with the whole order');
    expect(row).toHaveTextContent('1 Main St');
    expect(within(row).getByRole('button', { name: /^Delete the order for/ })).toBeInTheDocument();
  }
  expect(within(table).getAllByRole('link', { name: /^Pay for/ })).toHaveLength(2);
  // A single order stays one row with its number and the spec's Pay.
  const solo = rest[3]!;
  expect(solo).toHaveTextContent('PCP-5010A1');
  expect(within(solo).getByRole('link', { name: 'Pay for Quiet Tower Cooler' })).toHaveAttribute('href', '/dashboard/payment/eeeeeeeeeeeeeeeeeeeeeeee');
});

it('a paid checkout shows Paid and its one transaction id on its order row', async () => {
  const paidLine = (n: number) =>
    order({ _id: `${n}`.repeat(24), number: 'PCP-PA1D00', checkoutId: 'dddddddddddddddddddddddd', paid: true, status: 'paid', transactionId: 'pi_checkout' });
  answer = { body: [paidLine(1), paidLine(2)] };
  renderPage();
  const group = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
  expect(group).toHaveTextContent('Order PCP-PA1D00');
  expect(group).toHaveTextContent('Paid');
  expect(group).toHaveTextContent('Transaction id: pi_checkout');
  expect(within(group).queryByRole('link')).not.toBeInTheDocument();
  expect(screen.queryAllByRole('button', { name: /^Delete/ })).toHaveLength(0);
});
