/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@pcpp/contracts/router';
import { orderGroupText } from '../order-tables';
import { testObjectId, testOrderDetail, testOrderLine } from '../testing';
import { OrderGroupHead, OrderGroupState } from './order-groups';
import { OrderMoney, OrderParcels, OrderRefunds, OrderReturns } from './order-sections';

// The order sections both order pages show (mf-dashboard's and mf-admin's), and the order tables' groups.

const at = '2026-11-23T10:00:00.000Z';

function shippedOrder() {
  return testOrderDetail('PCP-7K3Q9D', [testOrderLine(1, { productName: 'Quiet Tower Cooler', quantity: 2, total: 20_000 }), testOrderLine(2, { productName: 'B650 Board' })], {
    shipments: [
      {
        shipmentId: testObjectId(60),
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        lines: [
          { lineId: testObjectId(1), quantity: 2 },
          { lineId: testObjectId(2), quantity: 1 },
        ],
        shippedAt: at,
      },
      { shipmentId: testObjectId(61), carrier: 'Local courier', trackingNumber: 'LC-1', lines: [{ lineId: testObjectId(9), quantity: 1 }], shippedAt: at, deliveredAt: at },
    ],
    refunds: [{ refundId: 'r1', amount: 10_000, reason: 'One arrived scratched.', lines: [{ lineId: testObjectId(1), quantity: 1 }], restock: true, at }],
    returns: [
      {
        returnId: testObjectId(70),
        orderNumber: 'PCP-7K3Q9D',
        email: 'jane@example.com',
        status: 'received',
        lines: [{ lineId: testObjectId(2), quantity: 1, productName: 'B650 Board' }],
        reason: 'Wrong size',
        note: 'Thanks for sending it back.',
        requestedAt: at,
        refundedAmount: 10_000,
      },
    ],
    totals: { subtotal: 30_000, shipping: 0, tax: 2_400, total: 32_400, paid: 32_400, refunded: 20_000 },
    payment: 'partly-refunded',
    invoiceNumber: 'INV-000042',
  });
}

it('lists the parcels: carrier, tracking link, units by part, when they left and arrived, and the page’s own actions', () => {
  render(<OrderParcels order={shippedOrder()} actions={(shipment) => !shipment.deliveredAt && <button type="button">Mark delivered</button>} />);
  const section = screen.getByRole('region', { name: 'Parcels' });
  const ups = within(section).getByRole('listitem', { name: 'Parcel 1Z999AA10123456784' });
  expect(ups).toHaveTextContent('UPS · 1Z999AA10123456784');
  expect(within(ups).getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  expect(ups).toHaveTextContent('2 × Quiet Tower Cooler, 1 × B650 Board');
  expect(ups).toHaveTextContent('On its way');
  expect(within(ups).getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
  const courier = within(section).getByRole('listitem', { name: 'Parcel LC-1' });
  // No tracking page for a carrier the shop does not know; a line no longer in the order says so.
  expect(within(courier).queryByRole('link')).not.toBeInTheDocument();
  expect(courier).toHaveTextContent('1 × a part no longer in the order');
  expect(courier).toHaveTextContent(/^Local courier · LC-1Delivered Nov 23, 2026/);
  expect(within(courier).queryByRole('button')).not.toBeInTheDocument();
});

it('lists refunds and returns with their reasons, notes and amounts', () => {
  const order = shippedOrder();
  render(
    <>
      <OrderRefunds order={order} />
      <OrderReturns order={order} actions={() => null} />
    </>,
  );
  const refunds = screen.getByRole('region', { name: 'Refunds' });
  expect(refunds).toHaveTextContent('$100.00');
  expect(refunds).toHaveTextContent('One arrived scratched.');
  expect(refunds).toHaveTextContent('1 × Quiet Tower Cooler · back in stock');
  const returns = screen.getByRole('region', { name: 'Returns' });
  expect(returns).toHaveTextContent('Received and refunded');
  expect(returns).toHaveTextContent('1 × B650 Board');
  expect(returns).toHaveTextContent('Reason: Wrong size');
  expect(returns).toHaveTextContent('Our note: Thanks for sending it back.');
  expect(returns).toHaveTextContent('Refunded $100.00');
});

it('leaves an empty section out, or says so when the page gives the words', () => {
  const order = testOrderDetail('PCP-7K3Q9D', [testOrderLine(1)]);
  const { rerender } = render(
    <>
      <OrderParcels order={order} />
      <OrderRefunds order={order} />
      <OrderReturns order={order} />
    </>,
  );
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
  rerender(
    <>
      <OrderParcels order={order} empty="Nothing has shipped yet." />
      <OrderRefunds order={order} empty="Nothing has been refunded." />
      <OrderReturns order={order} empty="No return has been asked for." />
    </>,
  );
  expect(screen.getByRole('region', { name: 'Parcels' })).toHaveTextContent('Nothing has shipped yet.');
  expect(screen.getByRole('region', { name: 'Refunds' })).toHaveTextContent('Nothing has been refunded.');
  expect(screen.getByRole('region', { name: 'Returns' })).toHaveTextContent('No return has been asked for.');
});

it('shows the money: the four figures, paid, refunded, the payment’s state, transaction and invoice', () => {
  render(<OrderMoney order={shippedOrder()} />);
  const money = screen.getByRole('region', { name: 'Payment' });
  expect(money).toHaveTextContent('Subtotal$300.00ShippingFreeTax$24.00Total$324.00');
  expect(screen.getByTestId('order-total')).toHaveTextContent('$324.00');
  expect(money).toHaveTextContent('Paid$324.00Refunded$200.00PaymentPartly refundedTransactionpi_1InvoiceINV-000042');
});

it("an order's group: its header row over the table's columns, and a row while its parts load or fail", () => {
  const retry = jest.fn();
  const query = { isPending: true, isError: false, error: null, refetch: retry };
  const { rerender } = render(
    <MemoryRouter>
      <table>
        <tbody>
          <OrderGroupHead number="PCP-7K3Q9D" to="/dashboard/orders/PCP-7K3Q9D" columns={9} facts={[['Placed', 'Nov 20, 2026'], ['Total', '$324.00']]} actions={<button type="button">Delete</button>} />
          <OrderGroupState query={query} columns={9} />
        </tbody>
      </table>
    </MemoryRouter>,
  );
  const [head, state] = screen.getAllByRole('row');
  expect(within(head!).getByRole('rowheader')).toHaveAttribute('colspan', '2');
  expect(within(head!).getByRole('link', { name: 'PCP-7K3Q9D' })).toHaveAttribute('href', '/dashboard/orders/PCP-7K3Q9D');
  expect(within(head!).getByRole('cell')).toHaveAttribute('colspan', '7');
  expect(head).toHaveTextContent('OrderPCP-7K3Q9DPlacedNov 20, 2026Total$324.00Delete');
  expect(within(state!).getByRole('status')).toHaveTextContent(orderGroupText.loadingParts);
  expect(within(state!).getByRole('cell')).toHaveAttribute('colspan', '9');

  rerender(
    <MemoryRouter>
      <table>
        <tbody>
          <OrderGroupState query={{ ...query, isPending: false, isError: true, error: new Error('Network Error') }} columns={9} />
        </tbody>
      </table>
    </MemoryRouter>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent(`${orderGroupText.partsFailed} Network Error`);
  screen.getByRole('button', { name: orderGroupText.retry }).click();
  expect(retry).toHaveBeenCalledTimes(1);
});
