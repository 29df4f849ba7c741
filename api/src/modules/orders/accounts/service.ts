import { CANCEL_REASONS, ERASED_MARKER, type ExportedOrder, type SavedAddress } from '@pcpp/contracts/core';
import { ConflictError } from '../../../errors';
import { notFound, type OrdersContext } from '../common';
import type { OrderDocument, OrderLineDocument, StatusChange } from '../documents';
import type { Fulfilment } from '../fulfilment/service';
import { lineCharge } from '../model/charges';

// What account settings (issue 46) need of the orders: an email change follows into them, the
// export reads them, and closing an account cancels its unpaid lines through the one cancel path
// and erases the person from what is kept. Each order changes by the store's one guarded write.

/** The structured address of an erased order: the country and state stay (the tax charged rests on them), the rest is the marker. */
function erasedAddress(address: SavedAddress): SavedAddress {
  return {
    fullName: ERASED_MARKER,
    street: ERASED_MARKER,
    city: ERASED_MARKER,
    postalCode: ERASED_MARKER,
    country: address.country,
    ...(address.region ? { region: address.region } : {}),
    phone: ERASED_MARKER,
  };
}

/** Who made a change, with the closed account's own changes naming the marker. */
const byErased = <T extends { by: string }>(entry: T, email: string): T => (entry.by === email ? { ...entry, by: ERASED_MARKER } : entry);

function erasedLine(line: OrderLineDocument, email: string): OrderLineDocument {
  return {
    ...line,
    statusHistory: line.statusHistory.map((change: StatusChange) => byErased(change, email)),
    ...(line.cancelled ? { cancelled: byErased(line.cancelled, email) } : {}),
  };
}

export function createAccountOrders(context: OrdersContext, { fulfilment }: { fulfilment: Pick<Fulfilment, 'cancelUnpaidLine'> }) {
  const { store, queries } = context;

  /** Every order of `email`, changed one by one by `plan` (an order changed meanwhile is planned again). */
  async function changeEach(email: string, by: string, plan: (order: OrderDocument) => Partial<OrderDocument>): Promise<void> {
    for (const { _id } of await queries.idsOfCustomer(email)) {
      await store.change(_id, (order) => ({ next: { ...order, ...plan(order) }, result: undefined }), { at: context.now(), by }, notFound);
    }
  }

  return {
    /** The account's email moved: its orders carry the new one as their contact email. */
    async followEmail(from: string, to: string): Promise<void> {
      await changeEach(from, to, () => ({ email: to }));
    },

    /**
     * Closing the account: each unpaid line is cancelled through the one cancel path (its payment
     * first, then its held parts go back on sale); a line paid meanwhile stays paid. Then every
     * order of the account keeps its lines, amounts and payments for the accounts, with the name,
     * email, phone and address replaced by ERASED_MARKER (the country and state stay: the tax
     * charged rests on them). How many lines were cancelled, and how many paid orders are kept.
     */
    async closeAccount(email: string): Promise<{ cancelledOrders: number; keptOrders: number }> {
      let cancelledOrders = 0;
      let keptOrders = 0;
      for (const { _id } of await queries.idsOfCustomer(email)) {
        const order = await store.findById(_id);
        for (const line of order?.lines ?? []) {
          if (line.paid || line.cancelled) continue;
          try {
            const cancelled = await fulfilment.cancelUnpaidLine(line._id, { by: email, reason: CANCEL_REASONS.accountClosed }, { owner: email });
            if (cancelled) cancelledOrders += 1;
          } catch (error) {
            // Paid while it was being cancelled: kept, as a paid order is.
            if (!(error instanceof ConflictError)) throw error;
          }
        }
        const { order: erased } = await store.change(
          _id,
          (current) => ({
            next: {
              ...current,
              email: ERASED_MARKER,
              name: ERASED_MARKER,
              phone: ERASED_MARKER,
              address: ERASED_MARKER,
              ...(current.shipTo ? { shipTo: erasedAddress(current.shipTo) } : {}),
              lines: current.lines.map((line) => erasedLine(line, email)),
              ...(current.cancellation ? { cancellation: byErased(current.cancellation, email) } : {}),
            },
            result: undefined,
          }),
          { at: context.now(), by: ERASED_MARKER },
          notFound,
        );
        if (erased.lines.some((line) => line.paid)) keptOrders += 1;
      }
      return { cancelledOrders, keptOrders };
    },

    /** The account's orders for its export, newest first: each with its lines, payments and refunds (no card data). */
    async exportOf(email: string): Promise<ExportedOrder[]> {
      const exported: ExportedOrder[] = [];
      for (const { _id } of await queries.idsOfCustomer(email)) {
        const order = await store.findById(_id);
        if (order) exported.push(exportedOrder(order));
      }
      return exported;
    },
  };
}

function exportedOrder(order: OrderDocument): ExportedOrder {
  const payments = new Map<string, number>();
  for (const line of order.lines.filter((candidate) => candidate.paid)) {
    const id = line.transactionId ?? order.transactionId;
    if (id) payments.set(id, (payments.get(id) ?? 0) + lineCharge(line));
  }
  const refunds = order.refunds.filter((refund) => refund.status === 'done').map((refund) => ({ amount: refund.amount, reason: refund.reason, at: refund.at.toISOString() }));
  // Payments given back whole (a payment that came too late) are kept on their line.
  for (const line of order.lines) for (const given of line.givenBack) refunds.push({ amount: given.amount, reason: given.reason, at: given.at.toISOString() });
  return {
    number: order.number,
    placedAt: order.createdAt.toISOString(),
    status: order.state.status,
    total: order.state.total,
    shipTo: order.shipTo ?? order.address,
    phone: order.shipTo?.phone ?? order.phone,
    ...(order.delivery ? { delivery: { method: order.delivery.method, amount: order.delivery.amount } } : {}),
    lines: order.lines.map((line) => ({
      productId: line.productId.toHexString(),
      productName: line.productName,
      quantity: line.order_quantity,
      unitPrice: line.per_product_price,
      total: line.totalAmount,
      status: line.status,
      paid: line.paid,
    })),
    payments: [...payments].map(([paymentId, amount]) => ({ paymentId, amount })),
    refunds,
  };
}
