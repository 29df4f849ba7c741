import {
  ADMIN_PAGE_SIZE,
  CANCEL_REASONS,
  formatCents,
  type LineQuantity,
  type Order,
  type OrderDetail,
  type OrderLine,
  type OrderReturn,
  type OrderSummary,
  orderText,
  type Page,
  statusMoveRefusal,
  trackingUrl,
} from '@pcpp/contracts/core';
import type { ObjectId, WithId } from 'mongodb';
import type Stripe from 'stripe';
import type { AccessClaims } from '../../auth/access-token';
import type { RoleAuthority } from '../../auth/role-authority';
import type { CheckoutDocument, LineRefundDocument, OrderDocument, ReturnDocument, ShipmentDocument } from '../../db/mongo';
import { BadRequestError, ConflictError, HttpError, NotFoundError, ServiceUnavailableError } from '../../errors';
import type { Logger } from '../../logger';
import { pageRequest, toPage } from '../../paging';
import type { ActivityRecorder } from '../activity/service';
import type { Outbox } from '../mail/outbox';
import { type OrderEmailFacts, wholeOrderEmail } from '../mail/templates';
import type { OrdersRepository } from '../orders/repository';
import { cancelUnpaidOrder, toOrder } from '../orders/service';
import { chargeOf, figuresOf, lineCharge } from '../orders/line-charge';
import type { PaymentsService } from '../payments/service';
import type { FulfilmentRepository, OrderSearch, UnitsChange } from './repository';
import { refundShare, refundSplit, returnableUnits, shippableUnits, unitsOf, activeUnits } from './units';

const DAY_MS = 24 * 60 * 60_000;
/** How often a change of one line's counters is tried again when other changes keep coming first. */
const LINE_CHANGE_ATTEMPTS = 50;

/** A refusal computed from a line as read: the change is not made. */
class Refusal {
  constructor(readonly error: HttpError) {}
}

const plural = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

export interface ShipmentRequest {
  carrier: string;
  trackingNumber: string;
  lines?: LineQuantity[];
}

export interface RefundRequest {
  lines: LineQuantity[];
  reason: string;
  restock: boolean;
}

/**
 * Orders as wholes after they are placed: one order's page, the lists of orders, shipments,
 * deliveries, the shop's cancellation, refunds, returns and the invoice. Every change of a line's
 * units is one write over the version it was computed from (FulfilmentRepository.changeUnits), so
 * concurrent shipments, refunds and returns never take more units than a line has; a change of
 * several lines is undone line by line when a later line refuses.
 */
export function createFulfilmentService(deps: {
  repo: FulfilmentRepository;
  orders: OrdersRepository;
  roles: RoleAuthority;
  outbox: Outbox;
  activity: ActivityRecorder;
  stripe: Stripe | undefined;
  /** Cancels an unpaid line's PaymentIntent before the line is cancelled (the one cancel path). */
  payments?: Pick<PaymentsService, 'cancelPaymentOf'>;
  shopUrl: string;
  holdMinutes: number;
  returnWindowDays: number;
  logger: Logger;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** Changes one line's counters with `compute`'s change, computed again whenever another change came first. */
  async function changeLine(lineId: ObjectId, compute: (line: WithId<OrderDocument>) => UnitsChange | Refusal): Promise<WithId<OrderDocument>> {
    for (let attempt = 0; attempt < LINE_CHANGE_ATTEMPTS; attempt += 1) {
      const line = await repo.findLine(lineId);
      if (!line) throw new NotFoundError(orderText.notFound);
      const change = compute(line);
      if (change instanceof Refusal) throw change.error;
      const changed = await repo.changeUnits(line, change);
      if (changed) return changed;
    }
    throw new ConflictError('This order is changing too often right now. Try again in a moment.');
  }

  /** Applies a change to several lines; when one refuses, the ones already changed are put back and the refusal stands. */
  async function changeLines<T extends { lineId: ObjectId }>(
    wanted: T[],
    compute: (line: WithId<OrderDocument>, want: T) => UnitsChange | Refusal,
    undo: (want: T, applied: UnitsChange) => UnitsChange,
  ): Promise<{ want: T; line: WithId<OrderDocument>; change: UnitsChange }[]> {
    const done: { want: T; line: WithId<OrderDocument>; change: UnitsChange }[] = [];
    try {
      for (const want of wanted) {
        let applied: UnitsChange | undefined;
        const line = await changeLine(want.lineId, (current) => {
          const change = compute(current, want);
          if (!(change instanceof Refusal)) applied = change;
          return change;
        });
        done.push({ want, line, change: applied! });
      }
    } catch (error) {
      for (const { want, change } of done.reverse()) await changeLine(want.lineId, () => undo(want, change));
      throw error;
    }
    return done;
  }

  const negated = (change: UnitsChange): UnitsChange => ({
    inc: Object.fromEntries(Object.entries(change.inc).map(([name, value]) => [name, -(value ?? 0)])),
  });

  async function canSee(caller: AccessClaims, header: WithId<CheckoutDocument>): Promise<boolean> {
    return header.email === caller.email || (await deps.roles.roleOf(caller.email)) === 'admin';
  }

  /** The order by number; anyone who may not see it is told it does not exist, as for a number no order has. */
  async function orderFor(caller: AccessClaims, number: string, { ownerOnly = false } = {}): Promise<WithId<CheckoutDocument>> {
    const header = await repo.findOrder(number);
    if (!header || (ownerOnly ? header.email !== caller.email : !(await canSee(caller, header)))) throw new NotFoundError(orderText.notFound);
    return header;
  }

  /** Each wanted line must be one of the order's. */
  function linesById(lines: WithId<OrderDocument>[], wanted: LineQuantity[]): { lineId: ObjectId; quantity: number; line: WithId<OrderDocument> }[] {
    const byId = new Map(lines.map((line) => [line._id.toHexString(), line]));
    return wanted.map((want) => {
      const line = byId.get(want.lineId);
      if (!line) throw new BadRequestError(`lineId ${want.lineId} is not a line of this order`);
      return { lineId: line._id, quantity: want.quantity, line };
    });
  }

  const returnableUntil = (line: OrderDocument) =>
    line.lastDeliveredAt ? new Date(line.lastDeliveredAt.getTime() + deps.returnWindowDays * DAY_MS) : undefined;

  function toLine(line: WithId<OrderDocument>, at: Date): OrderLine {
    const u = unitsOf(line);
    const until = returnableUntil(line);
    return {
      lineId: line._id.toHexString(),
      productId: line.productId.toHexString(),
      productName: line.productName,
      quantity: u.quantity,
      unitPrice: line.per_product_price,
      total: line.totalAmount,
      tax: line.taxAmount ?? 0,
      shipping: line.shippingAmount ?? 0,
      status: line.status,
      shippedQuantity: u.shipped,
      deliveredQuantity: u.delivered,
      refundedQuantity: u.refunded,
      returnedQuantity: u.returned,
      returningQuantity: u.returning,
      restockedQuantity: u.restocked,
      refundedAmount: u.refundedAmount,
      returnableQuantity: until && until > at ? returnableUnits(u) : 0,
      ...(until ? { returnableUntil: until.toISOString() } : {}),
    };
  }

  const toLineQuantities = (lines: { lineId: ObjectId; quantity: number }[]) => lines.map((line) => ({ lineId: line.lineId.toHexString(), quantity: line.quantity }));

  function toReturn(doc: WithId<ReturnDocument>): OrderReturn {
    return {
      returnId: doc._id.toHexString(),
      orderNumber: doc.orderNumber,
      email: doc.email,
      status: doc.status,
      lines: doc.lines.map((line) => ({ lineId: line.lineId.toHexString(), quantity: line.quantity, productName: line.productName })),
      reason: doc.reason,
      ...(doc.note ? { note: doc.note } : {}),
      requestedAt: doc.requestedAt.toISOString(),
      ...(doc.decidedAt ? { decidedAt: doc.decidedAt.toISOString() } : {}),
      ...(doc.receivedAt ? { receivedAt: doc.receivedAt.toISOString() } : {}),
      ...(doc.refundedAmount !== undefined ? { refundedAmount: doc.refundedAmount } : {}),
    };
  }

  function toShipment(doc: WithId<ShipmentDocument>) {
    const url = trackingUrl(doc);
    return {
      shipmentId: doc._id.toHexString(),
      carrier: doc.carrier,
      trackingNumber: doc.trackingNumber,
      ...(url ? { trackingUrl: url } : {}),
      lines: toLineQuantities(doc.lines),
      shippedAt: doc.shippedAt.toISOString(),
      ...(doc.deliveredAt ? { deliveredAt: doc.deliveredAt.toISOString() } : {}),
    };
  }

  const holdExpiry = (header: CheckoutDocument, lines: OrderDocument[]) => {
    const held = lines.find((line) => line.status === 'placed' && !line.paid);
    if (!held) return undefined;
    return (held.holdExpiresAt ?? new Date(header.createdAt.getTime() + deps.holdMinutes * 60_000)).toISOString();
  };

  /** Everything about one order, as it is now. */
  async function detailOf(header: WithId<CheckoutDocument>): Promise<OrderDetail> {
    const at = now();
    const [lines, shipments, refunds, returns] = await Promise.all([
      repo.linesOf(header),
      repo.shipmentsOf(header.number),
      repo.refundsOf(header.number),
      repo.returnsOf(header.number),
    ]);
    const state = header.state ?? (await repo.refresh(header._id));
    // Payments the order could not take, given back whole (recorded on each line they were for).
    const givenBack = new Map<string, { refundId: string; amount: number; reason: string; at: Date }>();
    for (const line of lines) for (const refund of line.refunds ?? []) givenBack.set(refund.refundId, refund);
    const refundEntries = [
      ...[...givenBack.values()].map((refund) => ({ refundId: refund.refundId, amount: refund.amount, reason: refund.reason, lines: [], restock: false, at: refund.at.toISOString() })),
      ...refunds.map((refund) => ({
        refundId: refund._id.toHexString(),
        amount: refund.amount,
        reason: refund.reason,
        lines: refund.lines.map((line) => ({ lineId: line.lineId.toHexString(), quantity: line.quantity })),
        restock: refund.restock,
        at: refund.at.toISOString(),
      })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    const paidLines = lines.filter((line) => line.paid);
    const first = lines[0];
    const hold = holdExpiry(header, lines);
    const status = state ?? { status: 'unpaid' as const, payment: 'unpaid' as const, returnUnderWay: false };
    return {
      number: header.number,
      checkoutId: header._id.toHexString(),
      status: status.status,
      payment: status.payment,
      returnUnderWay: status.returnUnderWay,
      placedAt: header.createdAt.toISOString(),
      email: header.email,
      name: first?.name ?? header.email,
      ...(hold ? { holdExpiresAt: hold } : {}),
      address: first?.address ?? '',
      phone: first?.phone ?? '',
      lines: lines.map((line) => toLine(line, at)),
      shipments: shipments.map(toShipment),
      refunds: refundEntries,
      returns: returns.map(toReturn),
      totals: {
        ...figuresOf(lines),
        paid: chargeOf(paidLines),
        refunded: refundEntries.reduce((sum, refund) => sum + refund.amount, 0),
      },
      ...(header.delivery ? { delivery: { ...header.delivery } } : {}),
      ...(header.transactionId ?? paidLines[0]?.transactionId ? { transactionId: header.transactionId ?? paidLines[0]!.transactionId! } : {}),
      ...(header.invoiceNumber ? { invoiceNumber: header.invoiceNumber } : {}),
      ...(header.cancellation ? { cancellation: { at: header.cancellation.at.toISOString(), reason: header.cancellation.reason } } : {}),
    };
  }

  async function summaryOf(header: WithId<CheckoutDocument>): Promise<OrderSummary> {
    const state = header.state ?? (await repo.refresh(header._id))!;
    return {
      number: header.number,
      checkoutId: header._id.toHexString(),
      status: state.status,
      payment: state.payment,
      returnUnderWay: state.returnUnderWay,
      placedAt: header.createdAt.toISOString(),
      ...(state.status === 'unpaid' && state.holdExpiresAt ? { holdExpiresAt: state.holdExpiresAt.toISOString() } : {}),
      email: header.email,
      name: state.name,
      parts: state.parts,
      lineCount: state.lineCount,
      units: state.units,
      total: state.total,
      refunded: state.refunded,
    };
  }

  async function listOf(search: OrderSearch, query: { page?: number; limit?: number }): Promise<Page<OrderSummary>> {
    const paging = pageRequest(query, ADMIN_PAGE_SIZE);
    const { docs, total = 0 } = await repo.list(search, paging);
    return toPage(await Promise.all(docs.map(summaryOf)), total, paging);
  }

  const emailFacts = (detail: OrderDetail, lines: { lineId: string; quantity: number }[], facts: [string, string][], links?: [string, string][]): OrderEmailFacts => {
    const names = new Map(detail.lines.map((line) => [line.lineId, line.productName]));
    return {
      number: detail.number,
      email: detail.email,
      name: detail.name,
      lines: lines.map((line) => ({ productName: names.get(line.lineId) ?? 'A part', quantity: line.quantity })),
      facts,
      ...(links ? { links } : {}),
    };
  };

  /** The Activity log names orders by number and links to their first line (the order pages' link). */
  const activitySubject = (header: CheckoutDocument) => (header.orderIds[0] ? { subject: { kind: 'order' as const, id: header.orderIds[0].toHexString() } } : {});

  function stripeClient(): Stripe {
    if (!deps.stripe) throw new ServiceUnavailableError('Card payments are not available on this server');
    return deps.stripe;
  }

  /**
   * Gives back the paid share of units, line by line (never more than a line was paid), through
   * Stripe: one refund per payment the lines were paid with. The units are claimed first (so two
   * refunds of the same units cannot both pass), then refunded; when Stripe refuses, the claims
   * are put back. Restocked units go back to stock once, with the claim.
   */
  async function refundUnits(
    caller: AccessClaims,
    header: WithId<CheckoutDocument>,
    wanted: { lineId: ObjectId; quantity: number }[],
    options: { reason: string; restock: boolean; shippedOnly?: boolean; returnId?: ObjectId },
  ): Promise<WithId<LineRefundDocument>> {
    const claimed = await changeLines(
      wanted,
      (line, want) => {
        if (!line.paid) return new Refusal(new ConflictError(`${line.productName} is not paid, so there is nothing to refund.`));
        const u = unitsOf(line);
        const split = refundSplit(u, want.quantity, { shippedOnly: options.shippedOnly });
        if (!split) {
          const most = options.shippedOnly ? u.shipped - (u.refunded - u.refundedUnshipped) : shippableUnits(u) + Math.max(0, u.shipped - (u.refunded - u.refundedUnshipped) - u.returning);
          return new Refusal(new ConflictError(`Only ${plural(Math.max(0, most), 'unit')} of ${line.productName} can be refunded.`, { details: { lineId: line._id.toHexString(), refundable: Math.max(0, most) } }));
        }
        return {
          inc: {
            refundedQuantity: want.quantity,
            refundedUnshippedQuantity: split.unshipped,
            refundedAmount: refundShare(lineCharge(line), u.quantity, u.refunded, want.quantity),
            restockedQuantity: options.restock ? want.quantity : 0,
          },
        };
      },
      (_want, applied) => negated(applied),
    );
    const at = now();
    const lines = claimed.map(({ want, line, change }) => ({
      lineId: want.lineId,
      quantity: want.quantity,
      amount: change.inc.refundedAmount ?? 0,
      unshipped: change.inc.refundedUnshippedQuantity ?? 0,
      paymentIntentId: line.transactionId ?? '',
      productId: line.productId,
    }));
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    const record: LineRefundDocument = {
      orderNumber: header.number,
      checkoutId: header._id,
      lines: lines.map(({ lineId, quantity, amount: share, unshipped }) => ({ lineId, quantity, amount: share, unshipped })),
      amount,
      reason: options.reason,
      restock: options.restock,
      by: caller.email,
      at,
      status: 'pending',
      stripeRefunds: [],
      ...(options.returnId ? { returnId: options.returnId } : {}),
    };
    const refundId = await repo.insertRefund(record);
    const byPayment = new Map<string, number>();
    for (const line of lines) byPayment.set(line.paymentIntentId, (byPayment.get(line.paymentIntentId) ?? 0) + line.amount);
    const stripeRefunds: LineRefundDocument['stripeRefunds'] = [];
    try {
      for (const [paymentIntentId, share] of byPayment) {
        if (share === 0) continue;
        if (!paymentIntentId) throw new ConflictError('This order’s payment is unknown, so it cannot be refunded here.');
        const made = await stripeClient().refunds.create(
          { payment_intent: paymentIntentId, amount: share, reason: 'requested_by_customer', metadata: { orderNumber: header.number, refund: refundId.toHexString() } },
          { idempotencyKey: `order-refund-${refundId.toHexString()}-${paymentIntentId}` },
        );
        stripeRefunds.push({ paymentIntentId, refundId: made.id, amount: made.amount });
      }
    } catch (error) {
      // What Stripe gave back stands; the rest of the units are released for another try.
      const refunded = new Set(stripeRefunds.map((refund) => refund.paymentIntentId));
      for (const { want, line, change } of claimed) if (!refunded.has(line.transactionId ?? '')) await changeLine(want.lineId, () => negated(change));
      await repo.finishRefund(refundId, { status: stripeRefunds.length > 0 ? 'done' : 'failed', stripeRefunds });
      await repo.refresh(header._id);
      if (error instanceof HttpError) throw error;
      deps.logger.error({ err: error, order: header.number }, 'a refund could not be made at Stripe');
      throw new HttpError(502, 'The payment provider refused the refund. Nothing was refunded; try again.', { cause: error });
    }
    if (options.restock) for (const line of lines) await repo.restock(line.productId, line.quantity);
    await repo.finishRefund(refundId, { status: 'done', stripeRefunds });
    await repo.refresh(header._id);
    await deps.activity.record({
      action: 'order.refunded',
      actor: caller.email,
      target: header.number,
      details: `${formatCents(amount)}: ${options.reason}${options.restock ? ' (restocked)' : ''}`,
      ...activitySubject(header),
    });
    return { ...record, _id: refundId, status: 'done', stripeRefunds };
  }

  /** Lines all of whose active units reached `counter` move to `status` (once: only from `from`). */
  async function settleLineStatuses(lineIds: ObjectId[], from: Order['status'], to: 'shipped' | 'delivered', by: string, set: UnitsChange['set'] = {}) {
    for (const lineId of lineIds) {
      await changeLine(lineId, (line) => {
        const u = unitsOf(line);
        const reached = to === 'shipped' ? u.shipped >= activeUnits(u) : u.delivered >= activeUnits(u);
        if (line.status !== from || !reached || activeUnits(u) === 0) return { inc: {}, set };
        return { inc: {}, set: { ...set, status: to }, history: { status: to, at: now(), by } };
      });
    }
  }

  async function ship(caller: AccessClaims, header: WithId<CheckoutDocument>, request: ShipmentRequest): Promise<WithId<ShipmentDocument>> {
    if (header.cancellation) throw new ConflictError(orderText.cancelled);
    const lines = await repo.linesOf(header);
    if (!lines.some((line) => line.paid)) throw new ConflictError(orderText.notPaidYet);
    const wanted = request.lines
      ? linesById(lines, request.lines)
      : lines.filter((line) => line.paid).map((line) => ({ lineId: line._id, quantity: shippableUnits(unitsOf(line)), line })).filter((want) => want.quantity > 0);
    if (wanted.length === 0) throw new ConflictError(orderText.nothingToShip);
    await changeLines(
      wanted,
      (line, want) => {
        if (!line.paid) return new Refusal(new ConflictError(`${line.productName} is not paid, so it cannot ship.`));
        const left = shippableUnits(unitsOf(line));
        if (want.quantity > left) {
          return new Refusal(new ConflictError(`Only ${plural(left, 'unit')} of ${line.productName} ${left === 1 ? 'is' : 'are'} left to ship.`, { details: { lineId: line._id.toHexString(), shippable: left } }));
        }
        return { inc: { shippedQuantity: want.quantity } };
      },
      (_want, applied) => negated(applied),
    );
    const shipmentFields = { carrier: request.carrier, trackingNumber: request.trackingNumber };
    await settleLineStatuses(wanted.map((want) => want.lineId), 'paid', 'shipped', caller.email, { shipment: shipmentFields });
    const shipment = await repo.insertShipment({
      orderNumber: header.number,
      checkoutId: header._id,
      ...shipmentFields,
      lines: wanted.map(({ lineId, quantity }) => ({ lineId, quantity })),
      shippedAt: now(),
      by: caller.email,
    });
    await repo.refresh(header._id);
    const detail = await detailOf((await repo.findOrderById(header._id))!);
    const url = trackingUrl(shipmentFields);
    await deps.outbox.enqueue(
      wholeOrderEmail(
        emailFacts(detail, toLineQuantities(shipment.lines), [['Carrier', shipment.carrier], ['Tracking number', shipment.trackingNumber]], url ? [['Track the parcel', url]] : undefined),
        { shopUrl: deps.shopUrl },
        { subject: `Order ${header.number}: parts on their way`, intro: `We have shipped ${plural(shipment.lines.reduce((sum, line) => sum + line.quantity, 0), 'part')} of your order ${header.number}.` },
      ),
    );
    await deps.activity.record({
      action: 'order.status',
      actor: caller.email,
      target: header.number,
      details: `shipped ${plural(shipment.lines.reduce((sum, line) => sum + line.quantity, 0), 'unit')} with ${shipment.carrier} ${shipment.trackingNumber}`,
      ...activitySubject(header),
    });
    return shipment;
  }

  async function deliver(caller: AccessClaims, header: WithId<CheckoutDocument>, shipment: WithId<ShipmentDocument>): Promise<void> {
    const at = now();
    if (!(await repo.markShipmentDelivered(shipment._id, at))) throw new ConflictError('This shipment is already delivered.');
    for (const line of shipment.lines) await changeLine(line.lineId, () => ({ inc: { deliveredQuantity: line.quantity }, set: { lastDeliveredAt: at } }));
    await settleLineStatuses(shipment.lines.map((line) => line.lineId), 'shipped', 'delivered', caller.email);
    await repo.refresh(header._id);
    const detail = await detailOf((await repo.findOrderById(header._id))!);
    await deps.outbox.enqueue(
      wholeOrderEmail(
        emailFacts(detail, toLineQuantities(shipment.lines), [['Carrier', shipment.carrier], ['Tracking number', shipment.trackingNumber]]),
        { shopUrl: deps.shopUrl },
        {
          subject: `Order ${header.number}: parts delivered`,
          intro: `These parts of your order ${header.number} have been delivered. If anything is wrong, you can return them from your order's page within ${deps.returnWindowDays} days.`,
        },
      ),
    );
    await deps.activity.record({ action: 'order.status', actor: caller.email, target: header.number, details: `delivered (${shipment.carrier} ${shipment.trackingNumber})`, ...activitySubject(header) });
  }

  return {
    /** GET /orders/{number}: its owner or an admin (anyone else: 404, as for an order that does not exist). */
    async get(caller: AccessClaims, number: string): Promise<OrderDetail> {
      return detailOf(await orderFor(caller, number));
    },

    /** GET /orders/mine: the caller's orders, newest first, one page; those they deleted whole are gone, as the spec's delete says. */
    listMine(caller: AccessClaims, query: { page?: number; limit?: number }): Promise<Page<OrderSummary>> {
      return listOf({ email: caller.email, hideDeleted: true }, query);
    },

    /** GET /orders (admin): every order, one page, filtered and searched. */
    listAll(query: Omit<OrderSearch, 'text' | 'email'> & { q?: string; page?: number; limit?: number }): Promise<Page<OrderSummary>> {
      // The query's `q` is the repository's `text`.
      const { page, limit, q, ...search } = query;
      return listOf({ ...search, ...(q ? { text: q } : {}) }, { page, limit });
    },

    /** POST /orders/{number}/shipments (admin): one parcel, one email. */
    async addShipment(caller: AccessClaims, number: string, request: ShipmentRequest): Promise<OrderDetail> {
      const header = await orderFor(caller, number);
      await ship(caller, header, request);
      return detailOf((await repo.findOrderById(header._id))!);
    },

    /** POST /orders/{number}/shipments/{shipmentId}/delivered (admin). */
    async markDelivered(caller: AccessClaims, number: string, shipmentId: ObjectId): Promise<OrderDetail> {
      const header = await orderFor(caller, number);
      const shipment = await repo.findShipment(shipmentId, number);
      if (!shipment) throw new NotFoundError('Shipment not found');
      await deliver(caller, header, shipment);
      return detailOf((await repo.findOrderById(header._id))!);
    },

    /**
     * PATCH /order/{id}/status with shipped or delivered (the spec's per-line call): shipped ships
     * every unit of the line left to ship in one parcel; delivered delivers every parcel the line
     * is in. The line as the spec's Order.
     */
    async moveLine(caller: AccessClaims, lineId: ObjectId, to: 'shipped' | 'delivered', parcel?: { carrier: string; trackingNumber: string }): Promise<Order> {
      const line = await repo.findLine(lineId);
      if (!line) throw new NotFoundError(orderText.notFound);
      const allowed = to === 'shipped' ? line.status === 'paid' : line.status === 'shipped';
      if (!allowed) throw new ConflictError(statusMoveRefusal(line.status, to));
      const header = line.checkoutId ? await repo.findOrderById(line.checkoutId) : null;
      if (!header) throw new NotFoundError(orderText.notFound);
      if (to === 'shipped') {
        try {
          await ship(caller, header, { ...parcel!, lines: [{ lineId: lineId.toHexString(), quantity: shippableUnits(unitsOf(line)) }] });
        } catch (error) {
          // Another admin shipped it first: the spec's route answers as it always did.
          if (!(error instanceof ConflictError)) throw error;
          throw new ConflictError(statusMoveRefusal((await repo.findLine(lineId))?.status ?? line.status, to));
        }
      } else {
        const parcels = (await repo.shipmentsOf(header.number)).filter((shipment) => !shipment.deliveredAt && shipment.lines.some((entry) => entry.lineId.equals(lineId)));
        if (parcels.length === 0) throw new ConflictError(statusMoveRefusal(line.status, to));
        for (const shipment of parcels) await deliver(caller, header, shipment);
      }
      const after = await repo.findLine(lineId);
      return toOrder(after!);
    },

    /**
     * POST /orders/{number}/cancel (admin): an unpaid order's lines are cancelled and their holds
     * released (their payment cancelled first); a paid order not yet shipped is refunded in full
     * and its parts restocked, once however many cancels and payments race. Shipped parts are
     * refunded or returned instead.
     */
    async cancel(caller: AccessClaims, number: string, reason: string): Promise<OrderDetail> {
      let header = await orderFor(caller, number);
      if (header.cancellation) return detailOf(header);
      let lines = await repo.linesOf(header);
      if (lines.some((line) => unitsOf(line).shipped > 0)) throw new ConflictError(orderText.shippedCannotCancel);
      const change = { status: 'cancelled' as const, at: now(), by: caller.email, reason: CANCEL_REASONS.shop, note: reason };
      // Unpaid lines: their payment is cancelled first; one that went through meanwhile makes the line paid (refunded below).
      for (const line of lines.filter((entry) => entry.status === 'placed' && !entry.paid)) {
        try {
          await deps.payments?.cancelPaymentOf(line);
        } catch (error) {
          if (error instanceof ConflictError && (await repo.findLine(line._id))?.paid) continue;
          throw error;
        }
        await cancelUnpaidOrder(deps.orders, { _id: line._id }, change);
      }
      lines = await repo.linesOf(header);
      if (lines.some((line) => unitsOf(line).shipped > 0)) throw new ConflictError(orderText.shippedCannotCancel);
      if (!(await repo.claimCancellation(header._id, { at: change.at, by: caller.email, reason }))) return detailOf((await repo.findOrderById(header._id))!);
      const toRefund = lines
        .filter((line) => line.paid)
        .map((line) => ({ lineId: line._id, quantity: line.order_quantity - unitsOf(line).refunded }))
        .filter((want) => want.quantity > 0);
      try {
        if (toRefund.length > 0) await refundUnits(caller, header, toRefund, { reason: `Order cancelled: ${reason}`, restock: true });
      } catch (error) {
        await repo.releaseCancellation(header._id);
        throw error;
      }
      for (const line of lines.filter((entry) => entry.paid && entry.status === 'paid')) {
        await changeLine(line._id, (current) => (current.status === 'paid' ? { inc: {}, set: { status: 'cancelled' }, history: change } : { inc: {} }));
      }
      await repo.refresh(header._id);
      header = (await repo.findOrderById(header._id))!;
      const detail = await detailOf(header);
      const refunded = detail.totals.refunded;
      await deps.outbox.enqueue(
        wholeOrderEmail(
          emailFacts(detail, detail.lines.map((line) => ({ lineId: line.lineId, quantity: line.quantity })), [['Reason', reason], ...(refunded > 0 ? [['Refunded', formatCents(refunded)] as [string, string]] : [])]),
          { shopUrl: deps.shopUrl },
          { subject: `Order ${number} is cancelled`, intro: `We have cancelled your order ${number}.${refunded > 0 ? ` Your payment of ${formatCents(refunded)} is refunded to your card.` : ''}` },
        ),
      );
      await deps.activity.record({ action: 'order.deleted', actor: caller.email, target: number, details: reason, ...activitySubject(header) });
      return detail;
    },

    /** POST /orders/{number}/refunds (admin; its Idempotency-Key is the http layer's). */
    async refund(caller: AccessClaims, number: string, request: RefundRequest): Promise<OrderDetail> {
      const header = await orderFor(caller, number);
      const lines = await repo.linesOf(header);
      const wanted = linesById(lines, request.lines);
      const made = await refundUnits(caller, header, wanted, { reason: request.reason, restock: request.restock });
      const detail = await detailOf((await repo.findOrderById(header._id))!);
      await deps.outbox.enqueue(
        wholeOrderEmail(
          emailFacts(detail, toLineQuantities(made.lines), [['Refunded', formatCents(made.amount)], ['Reason', request.reason]]),
          { shopUrl: deps.shopUrl },
          { subject: `Order ${number}: ${formatCents(made.amount)} refunded`, intro: `We have refunded ${formatCents(made.amount)} of your order ${number} to your card.` },
        ),
      );
      return detail;
    },

    /** POST /orders/{number}/returns (the owner): delivered units within the window, never more than can go back. */
    async requestReturn(caller: AccessClaims, number: string, request: { lines: LineQuantity[]; reason: string }): Promise<OrderReturn> {
      const header = await orderFor(caller, number, { ownerOnly: true });
      const lines = await repo.linesOf(header);
      const wanted = linesById(lines, request.lines);
      const at = now();
      await changeLines(
        wanted,
        (line, want) => {
          const until = returnableUntil(line);
          if (!until) return new Refusal(new ConflictError(`${line.productName} has not been delivered yet, so it cannot be returned.`));
          if (until <= at) return new Refusal(new ConflictError(orderText.returnWindowClosed(deps.returnWindowDays)));
          const most = returnableUnits(unitsOf(line));
          if (want.quantity > most) return new Refusal(new ConflictError(`Only ${plural(most, 'unit')} of ${line.productName} can be returned.`, { details: { lineId: line._id.toHexString(), returnable: most } }));
          return { inc: { returningQuantity: want.quantity } };
        },
        (_want, applied) => negated(applied),
      );
      const request_ = await repo.insertReturn({
        orderNumber: header.number,
        checkoutId: header._id,
        email: header.email,
        status: 'requested',
        lines: wanted.map(({ lineId, quantity, line }) => ({ lineId, quantity, productName: line.productName })),
        reason: request.reason,
        requestedAt: at,
      });
      await repo.refresh(header._id);
      const detail = await detailOf((await repo.findOrderById(header._id))!);
      await deps.outbox.enqueue(
        wholeOrderEmail(emailFacts(detail, toLineQuantities(request_.lines), [['Reason', request.reason]]), { shopUrl: deps.shopUrl }, {
          subject: `Order ${number}: return requested`,
          intro: 'We have your return request. We will email you when it is approved, with where to send the parts.',
        }),
      );
      await deps.activity.record({ action: 'order.return', actor: caller.email, target: number, details: `return requested: ${request.reason}`, ...activitySubject(header) });
      return toReturn(request_);
    },

    /** POST /returns/{id}/decision (admin): approve or refuse a requested return. */
    async decideReturn(caller: AccessClaims, returnId: ObjectId, decision: { approve: boolean; note?: string }): Promise<OrderReturn> {
      const current = await repo.findReturn(returnId);
      if (!current) throw new NotFoundError(orderText.returnNotFound);
      const moved = await repo.moveReturn(returnId, 'requested', {
        status: decision.approve ? 'approved' : 'rejected',
        ...(decision.note ? { note: decision.note } : {}),
        decidedAt: now(),
        decidedBy: caller.email,
      });
      if (!moved) throw new ConflictError(`This return is ${current.status} already.`);
      if (!decision.approve) for (const line of moved.lines) await changeLine(line.lineId, () => ({ inc: { returningQuantity: -line.quantity } }));
      await repo.refresh(moved.checkoutId);
      const header = (await repo.findOrderById(moved.checkoutId))!;
      const detail = await detailOf(header);
      await deps.outbox.enqueue(
        wholeOrderEmail(emailFacts(detail, toLineQuantities(moved.lines), decision.note ? [['Note', decision.note]] : []), { shopUrl: deps.shopUrl }, {
          subject: `Order ${moved.orderNumber}: return ${decision.approve ? 'approved' : 'not accepted'}`,
          intro: decision.approve
            ? 'Your return is approved. Send the parts back to PC PART PICKER, Returns; we refund them once they arrive.'
            : 'We cannot accept this return.',
        }),
      );
      await deps.activity.record({ action: 'order.return', actor: caller.email, target: moved.orderNumber, details: `return ${decision.approve ? 'approved' : 'refused'}${decision.note ? `: ${decision.note}` : ''}`, ...activitySubject(header) });
      return toReturn(moved);
    },

    /** POST /returns/{id}/received (admin): the parts came back; they are refunded and restocked. */
    async receiveReturn(caller: AccessClaims, returnId: ObjectId): Promise<OrderReturn> {
      const current = await repo.findReturn(returnId);
      if (!current) throw new NotFoundError(orderText.returnNotFound);
      if (current.status === 'requested') throw new ConflictError('Approve the return before you mark it received.');
      const receivedAt = now();
      const moved = await repo.moveReturn(returnId, 'approved', { status: 'received', receivedAt });
      if (!moved) throw new ConflictError(`This return is ${current.status} already.`);
      const header = (await repo.findOrderById(moved.checkoutId))!;
      for (const line of moved.lines) await changeLine(line.lineId, () => ({ inc: { returningQuantity: -line.quantity, returnedQuantity: line.quantity } }));
      let made: WithId<LineRefundDocument>;
      try {
        made = await refundUnits(caller, header, moved.lines.map(({ lineId, quantity }) => ({ lineId, quantity })), {
          reason: `Return: ${moved.reason}`,
          restock: true,
          shippedOnly: true,
          returnId,
        });
      } catch (error) {
        for (const line of moved.lines) await changeLine(line.lineId, () => ({ inc: { returningQuantity: line.quantity, returnedQuantity: -line.quantity } }));
        await repo.moveReturn(returnId, 'received', { status: 'approved' });
        throw error;
      }
      const done = (await repo.moveReturn(returnId, 'received', { refundedAmount: made.amount })) ?? moved;
      const detail = await detailOf((await repo.findOrderById(header._id))!);
      await deps.outbox.enqueue(
        wholeOrderEmail(emailFacts(detail, toLineQuantities(moved.lines), [['Refunded', formatCents(made.amount)]]), { shopUrl: deps.shopUrl }, {
          subject: `Order ${moved.orderNumber}: return received, ${formatCents(made.amount)} refunded`,
          intro: `The parts you sent back have arrived. We have refunded ${formatCents(made.amount)} to your card.`,
        }),
      );
      return toReturn(done);
    },

    /** GET /returns (admin): returns newest first, one page, of one status when asked. */
    async listReturns(query: { status?: ReturnDocument['status']; page?: number; limit?: number }): Promise<Page<OrderReturn>> {
      const paging = pageRequest(query, ADMIN_PAGE_SIZE);
      const { docs, total = 0 } = await repo.listReturns(query.status, paging);
      return toPage(docs.map(toReturn), total, paging);
    },

    /**
     * The order and its invoice number (issued on first request, once paid): what the invoice PDF
     * prints. `caller` null: the emailed link, whose signature names the order.
     */
    async invoiceOf(caller: AccessClaims | null, number: string): Promise<{ detail: OrderDetail; invoiceNumber: string; issuedAt: Date }> {
      const header = caller ? await orderFor(caller, number) : await repo.findOrder(number);
      if (!header) throw new NotFoundError(orderText.notFound);
      const lines = await repo.linesOf(header);
      if (!lines.some((line) => line.paid)) throw new ConflictError(orderText.invoiceOnlyPaid);
      const sequence = await repo.invoiceNumberOf(number);
      const invoiceNumber = `INV-${String(sequence).padStart(6, '0')}`;
      await repo.noteInvoiceNumber(header._id, invoiceNumber);
      return { detail: await detailOf((await repo.findOrderById(header._id))!), invoiceNumber, issuedAt: now() };
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;

