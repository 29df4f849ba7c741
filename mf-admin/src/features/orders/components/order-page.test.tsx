import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@pcpp/contracts/router';
import { authStore } from '@pcpp/contracts';
import { adminText, allOrdersTableText, checkoutPageText, type OrderDetail, orderGroupText, type OrderReturn, orderText } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer, testObjectId, testOrderDetail, testOrderLine } from '@pcpp/contracts/testing';
import { OrderPage } from './order-page';

const NUMBER = 'PCP-7K3Q9D';
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;

const line = testOrderLine;

/** A paid build of two lines: 4 coolers and 2 memory kits, nothing shipped. */
function paidOrder(): OrderDetail {
  const lines = [
    line(1, { productName: 'Quiet Tower Cooler', quantity: 4, unitPrice: 4_999, total: 19_996 }),
    line(2, { productName: 'Kingston Fury 32 GB', quantity: 2, unitPrice: 9_999, total: 19_998 }),
  ];
  return testOrderDetail(NUMBER, lines, {
    checkoutId: testObjectId(50),
    placedAt: at(20),
    totals: { subtotal: 39_994, shipping: 0, tax: 3_300, total: 43_294, paid: 43_294, refunded: 0 },
    delivery: { method: 'express', amount: 0, deliveryFrom: '2026-11-30', deliveryTo: '2026-12-01' },
  });
}

/** The same order after a parcel of both coolers' first two units was delivered and one is asked back. */
function deliveredWithReturn(status: OrderReturn['status']): OrderDetail {
  const order = paidOrder();
  order.status = 'partly-shipped';
  order.returnUnderWay = status === 'requested' || status === 'approved';
  order.lines[0] = { ...order.lines[0]!, shippedQuantity: 2, deliveredQuantity: 2, returningQuantity: 1, returnableQuantity: 1 };
  order.shipments = [
    {
      shipmentId: testObjectId(60),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      lines: [{ lineId: testObjectId(1), quantity: 2 }],
      shippedAt: at(21),
      deliveredAt: at(23),
    },
  ];
  order.returns = [
    {
      returnId: testObjectId(70),
      orderNumber: NUMBER,
      email: 'jane@example.com',
      status,
      lines: [{ lineId: testObjectId(1), quantity: 1, productName: 'Quiet Tower Cooler' }],
      reason: 'It rattles.',
      requestedAt: at(24),
      // What receiving it would refund: the api works it out while it is open.
      ...(status === 'requested' || status === 'approved' ? { refundDue: 4_999 } : {}),
    },
  ];
  return order;
}

let order: OrderDetail;
let refundAnswers: { status: number; body: unknown }[];
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    [`GET /orders/${NUMBER}`]: () => ({ body: order }),
    // The invoice is not reached in jsdom (it cannot save a file): its refusal is.
    [`GET /orders/${NUMBER}/invoice.pdf`]: () => ({ status: 409, body: { message: orderText.invoiceOnlyPaid } }),
    [`DELETE /order/${testObjectId(2)}`]: () => {
      order = { ...order, lines: order.lines.map((entry) => (entry.lineId === testObjectId(2) ? { ...entry, status: 'cancelled' } : entry)) };
      return { body: { deletedCount: 1 } };
    },
    [`POST /orders/${NUMBER}/shipments`]: ({ body }) => {
      const { carrier, trackingNumber, lines } = body as { carrier: string; trackingNumber: string; lines: { lineId: string; quantity: number }[] };
      order = {
        ...order,
        status: 'partly-shipped',
        lines: order.lines.map((entry) => ({ ...entry, shippedQuantity: entry.shippedQuantity + (lines.find((l) => l.lineId === entry.lineId)?.quantity ?? 0) })),
        shipments: [...order.shipments, { shipmentId: testObjectId(61), carrier, trackingNumber, lines, shippedAt: at(22) }],
      };
      return { status: 201, body: order };
    },
    [`POST /orders/${NUMBER}/shipments/${testObjectId(61)}/delivered`]: () => {
      order = { ...order, shipments: order.shipments.map((parcel) => ({ ...parcel, deliveredAt: at(24) })) };
      return { body: order };
    },
    [`POST /orders/${NUMBER}/cancel`]: () => {
      order = { ...order, status: 'refunded', payment: 'refunded', cancellation: { at: at(21), reason: 'Out of stock at the supplier.' } };
      return { body: order };
    },
    [`POST /orders/${NUMBER}/refunds`]: () => {
      const answer = refundAnswers.shift();
      if (answer) return answer;
      order = { ...order, payment: 'partly-refunded', totals: { ...order.totals, refunded: 9_998 } };
      return { status: 201, body: order };
    },
    [`POST /returns/${testObjectId(70)}/decision`]: ({ body }) => {
      const { approve, note } = body as { approve: boolean; note?: string };
      const decided: OrderReturn = { ...order.returns[0]!, status: approve ? 'approved' : 'rejected', decidedAt: at(25), ...(note ? { note } : {}) };
      order = { ...order, returns: [decided] };
      return { body: decided };
    },
    [`POST /returns/${testObjectId(70)}/received`]: () => {
      const received: OrderReturn = { ...order.returns[0]!, status: 'received', receivedAt: at(26), refundedAmount: 4_999 };
      order = { ...order, returns: [received] };
      return { body: received };
    },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  order = paidOrder();
  refundAnswers = [];
});

const renderPage = () =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/dashboard/allOrder/${NUMBER}`]}>
      <Routes>
        <Route path="/dashboard/allOrder/:number" element={<OrderPage />} />
      </Routes>
    </MemoryRouter>,
  );
const posts = () => api.requests.filter((r) => r.method === 'POST');
const reads = () => api.requests.filter((r) => r.method === 'GET').length;

it('shows the order: state, customer, address, phone, its parts with their units, parcels, returns and totals', async () => {
  order = deliveredWithReturn('requested');
  renderPage();
  expect(await screen.findByRole('heading', { level: 1, name: `Order ${NUMBER}` })).toBeInTheDocument();
  expect(screen.getByText('Partly shipped · Return under way')).toBeInTheDocument();
  const customer = screen.getByRole('region', { name: 'Customer' });
  expect(customer).toHaveTextContent('Jane Doe');
  expect(customer).toHaveTextContent('jane@example.com');
  expect(customer).toHaveTextContent('555 0100');
  expect(customer).toHaveTextContent('1 Main St, Springfield, IL 62701, US');
  const payment = screen.getByRole('region', { name: 'Payment' });
  expect(payment).toHaveTextContent('Subtotal$399.94ShippingFreeTax$33.00Total$432.94');
  expect(payment).toHaveTextContent(checkoutPageText.deliveryLine(paidOrder().delivery!));
  const cooler = screen.getByRole('row', { name: /Quiet Tower Cooler/ });
  expect(within(cooler).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['$49.99', '4', '2', '2', '0', '01 on the way', '$199.96']);
  const parcel = screen.getByRole('listitem', { name: 'Parcel 1Z999AA10123456784' });
  expect(parcel).toHaveTextContent('UPS · 1Z999AA10123456784');
  expect(parcel).toHaveTextContent('2 × Quiet Tower Cooler');
  expect(within(parcel).getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  // Delivered already: nothing to mark.
  expect(within(parcel).queryByRole('button')).not.toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Returns' })).toHaveTextContent('Requested');
  expect(screen.getByRole('region', { name: 'Returns' })).toHaveTextContent('Reason: It rattles.');
  expect(screen.getByRole('button', { name: orderText.invoice })).toBeEnabled();
});

it('ships the units chosen per line, defaulting to what is left, with a key; then marks the parcel delivered', async () => {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: adminText.shipParts }));
  const dialog = screen.getByRole('dialog', { name: adminText.shipPartsTitle(NUMBER) });
  const coolers = within(dialog).getByLabelText(adminText.unitsToShip('Quiet Tower Cooler', 4));
  const memory = within(dialog).getByLabelText(adminText.unitsToShip('Kingston Fury 32 GB', 2));
  expect(coolers).toHaveValue(4);
  expect(memory).toHaveValue(2);

  // Both fields are required; more units than are left is refused before any call.
  fireEvent.change(coolers, { target: { value: '5' } });
  fireEvent.click(within(dialog).getByRole('button', { name: adminText.shipParts }));
  expect(within(dialog).getByText('Carrier is required')).toBeInTheDocument();
  expect(within(dialog).getByText('Tracking number is required')).toBeInTheDocument();
  expect(within(dialog).getByText(adminText.atMostUnits(4))).toBeInTheDocument();
  expect(posts()).toEqual([]);

  // Four coolers in this parcel, the memory later.
  fireEvent.change(coolers, { target: { value: '4' } });
  fireEvent.change(memory, { target: { value: '0' } });
  fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: 'UPS' } });
  fireEvent.change(within(dialog).getByLabelText('Tracking number'), { target: { value: ' 1Z999AA10123456784 ' } });
  const readsBefore = reads();
  fireEvent.submit(within(dialog).getByLabelText('Tracking number'));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const [shipment] = posts();
  expect(shipment).toMatchObject({
    url: `/orders/${NUMBER}/shipments`,
    body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', lines: [{ lineId: testObjectId(1), quantity: 4 }] },
  });
  expect(shipment!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  // The order is read again and shows the parcel.
  const parcel = await screen.findByRole('listitem', { name: 'Parcel 1Z999AA10123456784' });
  expect(reads()).toBeGreaterThan(readsBefore);
  expect(parcel).toHaveTextContent('4 × Quiet Tower Cooler');

  fireEvent.click(within(parcel).getByRole('button', { name: `${adminText.markDelivered}: parcel 1Z999AA10123456784` }));
  const deliver = screen.getByRole('dialog', { name: adminText.deliverParcelTitle('1Z999AA10123456784') });
  expect(deliver).toHaveTextContent(adminText.deliverParcelBody('jane@example.com'));
  fireEvent.click(within(deliver).getByRole('button', { name: adminText.markDelivered }));
  await waitFor(() => expect(posts().map((r) => r.url)).toContain(`/orders/${NUMBER}/shipments/${testObjectId(61)}/delivered`));
  await waitFor(() => expect(within(parcel).queryByRole('button')).not.toBeInTheDocument());
  expect(parcel).toHaveTextContent('Delivered');
});

it('Cancel says what it does: Keep order leaves it, Cancel order needs a reason and says the customer is refunded', async () => {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: orderText.cancelOrder }));
  let dialog = screen.getByRole('dialog', { name: orderText.cancelTitle });
  expect(dialog).toHaveTextContent(orderText.cancelPaidNote);
  fireEvent.click(within(dialog).getByRole('button', { name: orderText.keepOrder }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(posts()).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: orderText.cancelOrder }));
  dialog = screen.getByRole('dialog', { name: orderText.cancelTitle });
  fireEvent.click(within(dialog).getByRole('button', { name: orderText.cancelOrder }));
  expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText(adminText.reasonLabel), { target: { value: 'Out of stock at the supplier.' } });
  fireEvent.click(within(dialog).getByRole('button', { name: orderText.cancelOrder }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(posts()).toMatchObject([{ url: `/orders/${NUMBER}/cancel`, body: { reason: 'Out of stock at the supplier.' } }]);
  expect(await screen.findByText(/Cancelled by the shop on .*: Out of stock at the supplier\./)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: orderText.cancelOrder })).not.toBeInTheDocument();
});

it('an unpaid order’s Cancel says its parts go back on sale; a shipped one’s cannot be cancelled, and says why', async () => {
  order = { ...paidOrder(), status: 'unpaid', payment: 'unpaid', totals: { ...paidOrder().totals, paid: 0 } };
  order.lines = order.lines.map((entry) => ({ ...entry, status: 'placed' }));
  const view = renderPage();
  fireEvent.click(await screen.findByRole('button', { name: orderText.cancelOrder }));
  expect(screen.getByRole('dialog', { name: orderText.cancelTitle })).toHaveTextContent(orderText.cancelUnpaidNote);
  // Unpaid: nothing to ship, refund or invoice.
  expect(screen.queryByRole('button', { name: adminText.shipParts })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: adminText.refund })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: orderText.invoice })).not.toBeInTheDocument();
  view.unmount();

  order = deliveredWithReturn('requested');
  renderPage();
  const cancel = await screen.findByRole('button', { name: orderText.cancelOrder });
  expect(cancel).toBeDisabled();
  expect(cancel).toHaveAccessibleDescription(orderText.shippedCannotCancel);
});

it('refunds the units chosen with a reason and restock, under one Idempotency-Key per dialog opening, kept for its retries', async () => {
  refundAnswers = [{ status: 502, body: { message: 'The payment provider refused the refund. Nothing was refunded; try again.' } }];
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: adminText.refund }));
  const dialog = screen.getByRole('dialog', { name: adminText.refundTitle(NUMBER) });
  fireEvent.click(within(dialog).getByRole('button', { name: adminText.refund }));
  expect(within(dialog).getByText(adminText.chooseUnits)).toBeInTheDocument();
  expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();

  fireEvent.change(within(dialog).getByLabelText(adminText.unitsToRefund('Kingston Fury 32 GB', 2)), { target: { value: '1' } });
  fireEvent.change(within(dialog).getByLabelText(adminText.reasonLabel), { target: { value: 'Dead on arrival.' } });
  fireEvent.click(within(dialog).getByLabelText(adminText.restock));
  fireEvent.click(within(dialog).getByRole('button', { name: adminText.refund }));
  // The api's own sentence, and the dialog stays for a retry.
  expect(await within(dialog).findByText('Nothing was refunded: The payment provider refused the refund. Nothing was refunded; try again.')).toBeInTheDocument();
  // Retried from the same dialog, even reworded: the same key (the api freed it when the first failed).
  fireEvent.change(within(dialog).getByLabelText(adminText.reasonLabel), { target: { value: 'Dead on arrival: no POST.' } });
  fireEvent.click(within(dialog).getByRole('button', { name: adminText.refund }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  const [first, retry] = posts();
  expect(first).toMatchObject({ url: `/orders/${NUMBER}/refunds`, body: { lines: [{ lineId: testObjectId(2), quantity: 1 }], reason: 'Dead on arrival.', restock: true } });
  expect(first!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(retry!.idempotencyKey).toBe(first!.idempotencyKey);
  expect(retry!.body).toMatchObject({ reason: 'Dead on arrival: no POST.' });
  expect(await screen.findByText('Partly refunded', { selector: 'dd' })).toBeInTheDocument();

  // A new refund is another key.
  fireEvent.click(screen.getByRole('button', { name: adminText.refund }));
  const again = screen.getByRole('dialog', { name: adminText.refundTitle(NUMBER) });
  fireEvent.change(within(again).getByLabelText(adminText.unitsToRefund('Quiet Tower Cooler', 4)), { target: { value: '1' } });
  fireEvent.change(within(again).getByLabelText(adminText.reasonLabel), { target: { value: 'Goodwill.' } });
  fireEvent.click(within(again).getByRole('button', { name: adminText.refund }));
  await waitFor(() => expect(posts()).toHaveLength(3));
  expect(posts()[2]!.idempotencyKey).not.toBe(first!.idempotencyKey);
  expect(posts()[2]!.body).toMatchObject({ restock: false });
});

it('a requested return is approved with a note, then marked received', async () => {
  order = deliveredWithReturn('requested');
  renderPage();
  const returns = await screen.findByRole('region', { name: 'Returns' });
  fireEvent.click(within(returns).getByRole('button', { name: /^Approve/ }));
  const dialog = screen.getByRole('dialog', { name: adminText.approveReturnTitle });
  expect(dialog).toHaveTextContent(adminText.decisionBody(true, 'jane@example.com'));
  fireEvent.change(within(dialog).getByLabelText(adminText.returnNoteLabel), { target: { value: 'Use the enclosed label.' } });
  fireEvent.click(within(dialog).getByRole('button', { name: adminText.approveReturn }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(posts()).toMatchObject([{ url: `/returns/${testObjectId(70)}/decision`, body: { approve: true, note: 'Use the enclosed label.' } }]);

  // The refund it will make is said before the click, and again in the dialog.
  const markReceived = await within(returns).findByRole('button', { name: /^Mark received/ });
  expect(returns).toHaveTextContent('Marking it received refunds $49.99 to the customer’s card.');
  fireEvent.click(markReceived);
  const receive = screen.getByRole('dialog', { name: adminText.receiveReturnTitle });
  expect(receive).toHaveTextContent('The parts are back: the customer is refunded $49.99 for them and they go back to stock.');
  fireEvent.click(within(receive).getByRole('button', { name: adminText.markReceived }));
  await waitFor(() => expect(posts().map((r) => r.url)).toEqual([`/returns/${testObjectId(70)}/decision`, `/returns/${testObjectId(70)}/received`]));
  expect(await within(returns).findByText(orderText.returnStatus.received)).toBeInTheDocument();
  expect(returns).toHaveTextContent('Refunded $49.99');
  // Received: nothing more is due, and the sentence is gone.
  expect(returns).not.toHaveTextContent('Marking it received');
});

it('a refusal needs a note for the customer', async () => {
  order = deliveredWithReturn('requested');
  renderPage();
  const returns = await screen.findByRole('region', { name: 'Returns' });
  fireEvent.click(within(returns).getByRole('button', { name: /^Refuse/ }));
  const dialog = screen.getByRole('dialog', { name: adminText.refuseReturnTitle });
  fireEvent.click(within(dialog).getByRole('button', { name: adminText.refuseReturn }));
  expect(within(dialog).getByText(adminText.refuseNeedsNote)).toBeInTheDocument();
  expect(posts()).toEqual([]);
  fireEvent.change(within(dialog).getByLabelText(adminText.returnNoteLabel), { target: { value: 'The seal is broken.' } });
  fireEvent.click(within(dialog).getByRole('button', { name: adminText.refuseReturn }));
  await waitFor(() => expect(posts()).toMatchObject([{ body: { approve: false, note: 'The seal is broken.' } }]));
  expect(await within(returns).findByText(orderText.returnStatus.rejected)).toBeInTheDocument();
});

it('the invoice is fetched through the api client with the token, and a refusal shows the api’s sentence', async () => {
  act(() => authStore.getState().signedIn({ ...testCustomer, email: 'admin@pcparts.dev' }, { token: 'admin-token', expiresAt: null }));
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: orderText.invoice }));
  expect(await screen.findByRole('alert')).toHaveTextContent(`The invoice could not be downloaded: ${orderText.invoiceOnlyPaid}`);
  expect(api.requests.find((r) => r.url === `/orders/${NUMBER}/invoice.pdf`)?.authorization).toBe('Bearer admin-token');
  act(() => authStore.getState().signedOut());
});

it('an unpaid line is deleted with the spec’s words, a reason optional, through the spec’s per-line call', async () => {
  order = { ...paidOrder(), status: 'unpaid', payment: 'unpaid' };
  order.lines = order.lines.map((entry) => ({ ...entry, status: 'placed' }));
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: `Delete Kingston Fury 32 GB from order ${NUMBER}` }));
  const dialog = screen.getByRole('dialog', { name: allOrdersTableText.deleteTitle });
  expect(dialog).toHaveTextContent(`${orderGroupText.adminDeleteWhat(NUMBER, 'jane@example.com', 2)} ${allOrdersTableText.deleteBody}`);
  // A reason is the customer's to read, and checked when given.
  fireEvent.change(within(dialog).getByLabelText(orderGroupText.optionalReasonLabel), { target: { value: 'x'.repeat(501) } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(within(dialog).getByText('Reason must be at most 500 characters')).toBeInTheDocument();
  expect(api.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  fireEvent.change(within(dialog).getByLabelText(orderGroupText.optionalReasonLabel), { target: { value: 'Discontinued.' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requests.filter((r) => r.method === 'DELETE')).toMatchObject([{ url: `/order/${testObjectId(2)}`, body: { reason: 'Discontinued.' } }]);
  // Cancelled now: no Delete for it; the other unpaid line keeps its own.
  await waitFor(() => expect(screen.queryByRole('button', { name: `Delete Kingston Fury 32 GB from order ${NUMBER}` })).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: `Delete Quiet Tower Cooler from order ${NUMBER}` })).toBeInTheDocument();
});
