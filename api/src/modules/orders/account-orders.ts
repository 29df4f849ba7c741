import { ERASED_MARKER, type ExportedOrder } from '@pcpp/contracts/core';
import type { ObjectId, WithId } from 'mongodb';
import type { Collections } from '../../db/mongo';
import { ConflictError } from '../../errors';
import { orderStateRefresher } from '../fulfilment/order-state';
import type { CheckoutDocument } from '../checkout/documents';
import type { OrderDocument } from './documents';
import { chargeOf, lineCharge } from './line-charge';

// What account settings (issue 46) need of the orders, behind three functions of the orders
// service (service.ts), so the order collections stay the orders module's. An email change follows
// into them, the export reads them, and closing an account cancels its unpaid lines through the
// one cancel path and erases the person from what is kept.

/** The one cancel path of the orders service, for an unpaid line of `email` (null: it was cancelled already). */
export type CancelUnpaidLine = (id: ObjectId, email: string) => Promise<unknown>;

/** The structured address of an erased checkout: the country and state stay (the tax charged rests on them), the rest is the marker. */
function erasedAddress(address: NonNullable<CheckoutDocument['address']>): NonNullable<CheckoutDocument['address']> {
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

export type AccountOrderCollections = Pick<Collections, 'orders' | 'checkouts' | 'returns' | 'lineRefunds'>;

/** Made by the orders service, which offers these three as followAccountEmail, closeAccountOrders and exportAccountOrders. */
export function createAccountOrders(
  collections: AccountOrderCollections,
  { cancelUnpaidLine }: { cancelUnpaidLine: CancelUnpaidLine },
) {
  const { orders, checkouts, returns, lineRefunds } = collections;
  const refreshOrder = orderStateRefresher({ orders, checkouts });

  return {
    /** The account's email moved: its orders, their checkouts and returns carry the new one (the contact email). */
    async followEmail(from: string, to: string): Promise<void> {
      await Promise.all([
        orders.updateMany({ email: from }, { $set: { email: to } }),
        checkouts.updateMany({ email: from }, { $set: { email: to } }),
        returns.updateMany({ email: from }, { $set: { email: to } }),
      ]);
    },

    /**
     * Closing the account: each unpaid line is cancelled through the one cancel path (its payment
     * first, then its held parts go back on sale); a line paid meanwhile stays paid. Then every
     * order of the account keeps its lines, amounts and payments for the accounts, with the name,
     * email, phone and address replaced by ERASED_MARKER (the country and state stay: the tax
     * charged rests on them). How many lines were cancelled, and how many paid orders are kept.
     */
    async closeAccount(email: string): Promise<{ cancelledOrders: number; keptOrders: number }> {
      const unpaid = await orders.find({ email, status: 'placed', paid: false }).toArray();
      let cancelledOrders = 0;
      for (const line of unpaid) {
        try {
          if (await cancelUnpaidLine(line._id, email)) cancelledOrders += 1;
        } catch (error) {
          // Paid while it was being cancelled: kept, as a paid order is.
          if (!(error instanceof ConflictError)) throw error;
        }
      }
      const lines = await orders.find({ email }).toArray();
      for (const line of lines) {
        // statusHistory names who made each change: the customer's own are the marker now too.
        const statusHistory = line.statusHistory.map((change) => (change.by === email ? { ...change, by: ERASED_MARKER } : change));
        await orders.updateOne({ _id: line._id }, { $set: { email: ERASED_MARKER, name: ERASED_MARKER, phone: ERASED_MARKER, address: ERASED_MARKER, statusHistory } });
      }
      const headers = await checkouts.find({ email }).toArray();
      for (const header of headers) {
        await checkouts.updateOne({ _id: header._id }, { $set: { email: ERASED_MARKER, ...(header.address ? { address: erasedAddress(header.address) } : {}) } });
        await refreshOrder(header._id);
      }
      await returns.updateMany({ email }, { $set: { email: ERASED_MARKER } });
      const keptOrders = new Set(lines.filter((line) => line.paid).map((line) => String(line.checkoutId ?? line._id))).size;
      return { cancelledOrders, keptOrders };
    },

    /** The account's orders for its export, newest first: each with its lines, payments and refunds (no card data). */
    async exportOf(email: string): Promise<ExportedOrder[]> {
      const headers = await checkouts.find({ email }).sort({ createdAt: -1, _id: -1 }).toArray();
      const exported: ExportedOrder[] = [];
      for (const header of headers) {
        const lines = await orders.find({ checkoutId: header._id }).toArray();
        exported.push(await exportedOrder(header, lines));
      }
      return exported;
    },
  };

  async function exportedOrder(header: WithId<CheckoutDocument>, lines: WithId<OrderDocument>[]): Promise<ExportedOrder> {
    const first = lines[0];
    const paid = lines.filter((line) => line.paid);
    const payments = new Map<string, number>();
    for (const line of paid) {
      const id = line.transactionId ?? header.transactionId;
      if (id) payments.set(id, (payments.get(id) ?? 0) + lineCharge(line));
    }
    const refunds = (await lineRefunds.find({ checkoutId: header._id, status: 'done' }).toArray()).map((refund) => ({
      amount: refund.amount,
      reason: refund.reason,
      at: refund.at.toISOString(),
    }));
    // Refunds of a single order's whole payment (a payment that came too late) are kept on its line.
    for (const line of lines) for (const refund of line.refunds ?? []) refunds.push({ amount: refund.amount, reason: refund.reason, at: refund.at.toISOString() });
    return {
      number: header.number,
      placedAt: header.createdAt.toISOString(),
      status: header.state?.status ?? first?.status ?? 'placed',
      total: chargeOf(lines.filter((line) => line.paid || line.status !== 'cancelled')),
      shipTo: header.address ?? first?.address ?? '',
      phone: header.address?.phone ?? first?.phone ?? '',
      ...(header.delivery ? { delivery: { method: header.delivery.method, amount: header.delivery.amount } } : {}),
      lines: lines.map((line) => ({
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
}

