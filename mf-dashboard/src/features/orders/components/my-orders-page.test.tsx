import { act, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@pcpp/contracts/router';
import { authStore, type Order } from '@pcpp/contracts';
import { renderWithQueryClient, startApiTestServer, type TestAnswer } from '@pcpp/contracts/testing';
import { MyOrdersPage } from './my-orders-page';

const user = { uid: 'u1', email: 'customer@pcparts.dev', displayName: 'Demo Customer', photoURL: null, emailVerified: true };
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
