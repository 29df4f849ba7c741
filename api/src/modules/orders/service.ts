import { randomBytes } from 'node:crypto';
import {
  ADMIN_PAGE_SIZE,
  CANCEL_REASONS,
  lineTotalCents,
  type Order,
  ORDER_PAGE_SIZE,
  ORDER_STATUS_MOVES,
  orderNumberFrom,
  type OrderPage,
  orderRuleText,
  type StockHolds,
  type Page,
  publicNameOf,
  statusMoveRefusal,
  stockLeftMessage,
  validationMessages,
} from '@pcpp/contracts/core';
import { ObjectId, type WithId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import type { IdentityProvider } from '../../auth/firebase';
import type { RoleAuthority } from '../../auth/role-authority';
import type { OrderDocument } from './documents';
import { type AccountOrderCollections, createAccountOrders } from './account-orders';
import type { PartDocument } from '../parts/documents';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { Logger } from '../../logger';
import { pageRequest, toPage } from '../../paging';
import type { ActivityRecorder } from '../activity/service';
import type { Outbox } from '../mail/outbox';
import { orderCancelledByShopEmail, orderPlacedEmail } from '../mail/templates';
import type { CheckoutRepository } from '../checkout/repository';
import { assertCardPayable } from '../checkout/totals';
import type { PaymentsService } from '../payments/service';
import type { HoldLine, HoldRules } from './hold-rules';
import type { OrdersRepository } from './repository';
import type { AllOrdersQuery, MyOrdersQuery, OrderBody } from './validators';

/** Field by field, so nothing stored but unlisted (or unprojected) reaches a client. */
export function toOrder(doc: WithId<OrderDocument>): Order {
  return {
    _id: doc._id.toHexString(),
    number: doc.number,
    productId: doc.productId.toHexString(),
    productName: doc.productName,
    email: doc.email,
    name: doc.name,
    per_product_price: doc.per_product_price,
    order_quantity: doc.order_quantity,
    totalAmount: doc.totalAmount,
    address: doc.address,
    phone: doc.phone,
    paid: doc.paid,
    ...(doc.transactionId ? { transactionId: doc.transactionId } : {}),
    status: doc.status,
    statusHistory: doc.statusHistory.map(({ status, at, by, reason, note }) => ({
      status,
      at: at.toISOString(),
      by,
      ...(reason ? { reason } : {}),
      ...(note ? { note } : {}),
    })),
    ...(doc.shipment ? { shipment: { carrier: doc.shipment.carrier, trackingNumber: doc.shipment.trackingNumber } } : {}),
    createdAt: doc.createdAt.toISOString(),
    ...(doc.checkoutId ? { checkoutId: doc.checkoutId.toHexString() } : {}),
    ...(doc.taxAmount !== undefined ? { taxAmount: doc.taxAmount } : {}),
    ...(doc.shippingAmount !== undefined ? { shippingAmount: doc.shippingAmount } : {}),
    ...(doc.holdExpiresAt ? { holdExpiresAt: doc.holdExpiresAt.toISOString() } : {}),
    ...(doc.refunds?.length
      ? {
          refunds: doc.refunds.map(({ refundId, paymentIntentId, amount, reason, at }) => ({ refundId, paymentIntentId, amount, reason, at: at.toISOString() })),
        }
      : {}),
  };
}

/**
 * A placed line, as POST /order and POST /checkout both store it: the part's name and unit price
 * copied, the customer's email and name, where it goes, and its hold (unpaid until the payment).
 */
export function placedLine(line: {
  number: string;
  checkoutId: ObjectId;
  part: Pick<WithId<PartDocument>, '_id' | 'name' | 'price'>;
  quantity: number;
  email: string;
  name: string;
  address: string;
  phone: string;
  at: Date;
  holdMinutes: number;
  /** Past the share of stock orders paid later may hold: held only while it is paid (a checkout's). */
  payNowHold?: boolean;
}): OrderDocument {
  return {
    number: line.number,
    checkoutId: line.checkoutId,
    productId: line.part._id,
    productName: line.part.name,
    email: line.email,
    name: line.name,
    per_product_price: line.part.price,
    order_quantity: line.quantity,
    totalAmount: lineTotalCents(line.part.price, line.quantity),
    address: line.address,
    phone: line.phone,
    paid: false,
    status: 'placed',
    statusHistory: [{ status: 'placed', at: line.at, by: line.email }],
    createdAt: line.at,
    holdExpiresAt: new Date(line.at.getTime() + line.holdMinutes * 60_000),
    ...(line.payNowHold ? { payNowHold: true as const } : {}),
  };
}

/** What POST /order answers with 201. */
export interface PlacedOrder {
  insertedId: string;
  order: Order;
}

export const ORDER_NOT_FOUND = 'Order not found';

type StatusChange = OrderDocument['statusHistory'][number];

/** Reserving a random number fails only on a clash; this many clashes in a row means something else is wrong. */
const ORDER_NUMBER_ATTEMPTS = 8;

/**
 * A new order number, reserved so no other checkout gets it: random (not guessable from another),
 * drawn again on the rare clash. One number names one checkout; today each order is its own.
 */
export async function newOrderNumber(orders: Pick<OrdersRepository, 'reserveNumber'>): Promise<string> {
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt += 1) {
    const number = orderNumberFrom(randomBytes(6));
    if (await orders.reserveNumber(number)) return number;
  }
  throw new Error(`no free order number after ${ORDER_NUMBER_ATTEMPTS} attempts`);
}

/**
 * Gives each order stored before order numbers existed a number of its own (run at start, batch
 * by batch; an order another api instance numbered first keeps that number). Returns how many.
 */
export async function numberOrdersWithoutNumber(
  orders: Pick<OrdersRepository, 'reserveNumber' | 'findWithoutNumber' | 'setNumberIfMissing'>,
): Promise<number> {
  let numbered = 0;
  for (;;) {
    const batch = await orders.findWithoutNumber(100);
    for (const order of batch) if (await orders.setNumberIfMissing(order._id, await newOrderNumber(orders))) numbered += 1;
    if (batch.length < 100) return numbered;
  }
}

/**
 * The one way an unpaid order is cancelled, whoever asks (the customer, an admin, the hold
 * sweep): placed and unpaid → cancelled, and only the request that made the change gives the
 * stock back. Callers cancel the order's PaymentIntent first (payments.cancelPaymentOf). The
 * cancelled order, or null when it was no longer placed and unpaid.
 */
export async function cancelUnpaidOrder(
  orders: Pick<OrdersRepository, 'cancelPlaced' | 'returnStock'>,
  filter: Parameters<OrdersRepository['cancelPlaced']>[0],
  change: StatusChange,
): Promise<WithId<OrderDocument> | null> {
  const cancelled = await orders.cancelPlaced(filter, change);
  if (cancelled) await orders.returnStock(cancelled.productId, cancelled.order_quantity);
  return cancelled;
}

const PAID_ORDER_NOT_DELETED = 'A paid order cannot be deleted.';

/** What cancels an unpaid order's payment first (the payments service). */
type PaymentCanceller = Pick<PaymentsService, 'cancelPaymentOf'>;

export function createOrdersService(deps: {
  orders: OrdersRepository;
  identity: Pick<IdentityProvider, 'accountByEmail'>;
  roles: RoleAuthority;
  outbox: Outbox;
  shopUrl: string;
  holdMinutes: number;
  /** The ordering rules (issue 20), one instance for orders and checkouts. */
  holds: HoldRules;
  logger: Logger;
  activity: ActivityRecorder;
  /** Cancels an order's PaymentIntent before the order is cancelled. Absent: payments are not configured. */
  payments?: PaymentCanceller;
  /** Every placed order belongs to a checkout: a single order to one of one line (its confirmation page, its one payment). */
  checkouts: Pick<CheckoutRepository, 'insert' | 'deleteCheckout'>;
  /** What an account's closing, email change and export (issue 46) read and write of the orders. */
  accountCollections: AccountOrderCollections;
}) {
  const { orders } = deps;
  const { holds } = deps;
  // Closing an account cancels its unpaid lines through the one cancel path below (its payment
  // first, then its stock back); the customer is not emailed about each, the closing email says it.
  const accountOrders = createAccountOrders(deps.accountCollections, {
    cancelUnpaidLine: (id, email) => cancelUnpaid(id, { status: 'cancelled', at: new Date(), by: email, reason: CANCEL_REASONS.accountClosed }, email),
  });

  /**
   * Places the order: the name and unit price from the part, the email from the token, the name
   * from the account. Only a verified email orders, and only within the hold caps (checked before
   * the stock is taken, for the answer, and again with the order stored, so concurrent orders of
   * one customer cannot pass them together; one customer's placements take turns). The stock is
   * taken in the same step that checks it; if the order cannot be stored or kept after that, the
   * stock is given back.
   */
  function place(caller: AccessClaims, input: OrderBody): Promise<PlacedOrder> {
    return holds.inTurn(caller.email, () => placeNow(caller, input));
  }

  async function placeNow(caller: AccessClaims, input: OrderBody): Promise<PlacedOrder> {
    // Before the stock is taken: a deleted or disabled account orders nothing, an unverified one neither.
    const { displayName, emailVerified } = await deps.identity.accountByEmail(caller.email);
    if (!emailVerified) throw new ForbiddenError(orderRuleText.verifyEmailFirst);
    const current = await orders.findPart(input.productId);
    if (!current) throw new NotFoundError('Part not found');
    if (input.quantity < current.min_quantity) throw new BadRequestError(validationMessages.quantityMin(current.min_quantity));
    assertCardPayable(lineTotalCents(current.price, input.quantity));
    const lines: HoldLine[] = [{ productId: current._id, partName: current.name, minQuantity: current.min_quantity, quantity: input.quantity }];
    const refusal = await holds.refusal(caller.email, lines, { placed: false });
    if (refusal) throw refusal;
    // Paid later, on the Payment page: never past the share of stock such orders may hold.
    const pastShare = await holds.pastShare(lines, { placed: false });
    if (pastShare) throw holds.payNowOnly(pastShare);

    const part = await orders.takeStock(input.productId, input.quantity);
    if (!part) {
      const now = await orders.findPart(input.productId);
      if (!now) throw new NotFoundError('Part not found');
      throw new ConflictError(stockLeftMessage(now.p_quantity), { details: { available: now.p_quantity } });
    }

    const now = new Date();
    const checkoutId = new ObjectId();
    let saved: WithId<OrderDocument>;
    try {
      const number = await newOrderNumber(orders);
      saved = await orders.insert(
        placedLine({
          number,
          checkoutId,
          part,
          quantity: input.quantity,
          email: caller.email,
          name: publicNameOf({ displayName, email: caller.email }),
          address: input.address,
          phone: input.phone,
          at: now,
          holdMinutes: deps.holdMinutes,
        }),
      );
    } catch (error) {
      await deps.checkouts.deleteCheckout(checkoutId);
      await orders.returnStock(part._id, input.quantity);
      throw error;
    }
    // Counted with this order among them: of concurrent orders past a cap, none stays.
    const lateCount = async () => {
      const caps = await holds.refusal(caller.email, lines, { placed: true });
      const past = caps ? null : await holds.pastShare(lines, { placed: true });
      return caps ?? (past ? holds.payNowOnly(past) : null);
    };
    const late = await lateCount().catch(async (error: unknown) => {
      await deps.checkouts.deleteCheckout(checkoutId);
      await orders.returnStock(part._id, input.quantity);
      throw error;
    });
    if (late) {
      await deps.checkouts.deleteCheckout(checkoutId);
      await orders.returnStock(part._id, input.quantity);
      throw late;
    }
    // Its checkout of one line, stored once the order stays (the caps' second count comes right after the order, as before).
    const stored = await deps.checkouts
      .insert({ _id: checkoutId, email: caller.email, number: saved.number, orderIds: [saved._id], totalAmount: saved.totalAmount, paid: false, createdAt: now })
      .catch(() => false);
    if (!stored) {
      await deps.checkouts.deleteCheckout(checkoutId);
      await orders.returnStock(part._id, input.quantity);
      throw new Error(`order ${saved.number}: its checkout could not be stored`);
    }
    const order = toOrder(saved);
    await deps.outbox.enqueue(orderPlacedEmail(order, { shopUrl: deps.shopUrl, holdMinutes: deps.holdMinutes }));
    return { insertedId: order._id, order };
  }

  /**
   * Cancels an unpaid order (placed → cancelled, with `change`'s reason) and gives its stock back. Its
   * PaymentIntent is cancelled first, so the card can no longer be charged for it (a payment that
   * went through meanwhile makes the order paid, and this a 409). The status change is the guard,
   * so of two racing cancels only one returns the stock; the other gets null, as does a second
   * cancel of the same order. With `owner`, only that customer's order: anyone else's is "not found".
   * The cancelled order, or null when it was cancelled already.
   */
  async function cancelUnpaid(id: ObjectId, change: StatusChange, owner?: string): Promise<WithId<OrderDocument> | null> {
    const doc = await orders.findById(id);
    if (!doc || (owner !== undefined && doc.email !== owner)) throw new NotFoundError(ORDER_NOT_FOUND);
    if (doc.status === 'cancelled') return null;
    if (doc.paid || doc.status !== 'placed') throw new ConflictError(PAID_ORDER_NOT_DELETED);
    await deps.payments?.cancelPaymentOf(doc);
    const cancelled = await cancelUnpaidOrder(orders, owner ? { _id: id, email: owner } : { _id: id }, change);
    if (cancelled) return cancelled;
    const now = await orders.findById(id);
    if (now?.status === 'cancelled') return null;
    throw new ConflictError(PAID_ORDER_NOT_DELETED);
  }

  /** The shop's cancellation (an admin's), with the reason the customer reads. */
  const shopCancellation = (caller: AccessClaims, note: string | undefined): StatusChange => ({
    status: 'cancelled',
    at: new Date(),
    by: caller.email,
    reason: CANCEL_REASONS.shop,
    ...(note ? { note } : {}),
  });

  /** After the shop cancelled an order: the customer is emailed with the admin's reason, and the log records it. */
  async function tellShopCancelled(caller: AccessClaims, cancelled: WithId<OrderDocument>): Promise<void> {
    const order = toOrder(cancelled);
    const note = order.statusHistory.at(-1)?.note;
    await deps.outbox.enqueue(orderCancelledByShopEmail(order, { shopUrl: deps.shopUrl }));
    await deps.activity.record({
      action: 'order.deleted',
      actor: caller.email,
      target: order.number,
      ...(note ? { details: note } : {}),
      subject: { kind: 'order', id: order._id },
    });
  }

  return {
    /** POST /order (its Idempotency-Key is the http layer's: the route declares it). */
    place,

    /** GET /myorder: the caller's own orders, newest first; a page when page or limit is given. */
    async listOwn(caller: AccessClaims, query: MyOrdersQuery): Promise<Order[] | OrderPage> {
      if (query.email.toLowerCase() !== caller.email) throw new ForbiddenError('You can only see your own orders');
      if (query.page === undefined && query.limit === undefined) {
        return (await orders.findByEmail(caller.email)).docs.map(toOrder);
      }
      const paging = pageRequest(query, ORDER_PAGE_SIZE);
      const { docs, total = 0 } = await orders.findByEmail(caller.email, paging);
      return toPage(docs.map(toOrder), total, paging);
    },

    /** GET /order/:id: the owner or an admin (the role as the database has it). */
    async get(caller: AccessClaims, id: ObjectId): Promise<Order> {
      const doc = await orders.findById(id);
      // Someone else's order is "not found": its existence is nobody else's business.
      if (!doc || (doc.email !== caller.email && (await deps.roles.roleOf(caller.email)) !== 'admin')) {
        throw new NotFoundError(ORDER_NOT_FOUND);
      }
      return toOrder(doc);
    },

    /** DELETE /myorder/:id: the caller's own unpaid order (anyone else's is "not found"). */
    async cancelOwn(caller: AccessClaims, id: ObjectId): Promise<{ deletedCount: number }> {
      const change = { status: 'cancelled' as const, at: new Date(), by: caller.email, reason: CANCEL_REASONS.deleted };
      return { deletedCount: (await cancelUnpaid(id, change, caller.email)) ? 1 : 0 };
    },

    // Account settings (issue 46): all the account module asks of the orders (orders/account-orders.ts).
    /** The account's email moved: its orders, checkouts and returns carry the new one as their contact email. */
    followAccountEmail: accountOrders.followEmail,
    /** Closing the account: unpaid lines cancelled, what is kept erased to ERASED_MARKER; the counts. */
    closeAccountOrders: accountOrders.closeAccount,
    /** The account's orders for GET /me/export, with lines, payments and refunds (no card data). */
    exportAccountOrders: accountOrders.exportOf,

    /** The number a new checkout is known by (issue 21 gives one to a checkout of several orders). */
    newOrderNumber: () => newOrderNumber(orders),

    /**
     * GET /order (admin): every order newest first. The spec's plain call (no parameter) keeps its
     * shape, an array; a search, a filter, a sort or a page asks for a page, as GET /tools does.
     */
    async listAll(query: AllOrdersQuery): Promise<Order[] | Page<Order>> {
      const search = { status: query.status, text: query.q || undefined, from: query.from, to: query.to, sort: query.sort };
      if (Object.values(query).every((value) => value === undefined)) {
        return (await orders.list(search)).docs.map(toOrder);
      }
      const paging = pageRequest(query, ADMIN_PAGE_SIZE);
      const { docs, total = 0 } = await orders.list(search, paging);
      return toPage(docs.map(toOrder), total, paging);
    },

    /**
     * DELETE /order/:id (admin): the shop cancels a customer's unpaid order, as their own delete
     * does, and emails them (with the reason, when given).
     */
    async cancelAsAdmin(caller: AccessClaims, id: ObjectId, note?: string): Promise<{ deletedCount: number }> {
      const cancelled = await cancelUnpaid(id, shopCancellation(caller, note));
      if (!cancelled) return { deletedCount: 0 };
      await tellShopCancelled(caller, cancelled);
      return { deletedCount: 1 };
    },

    /**
     * PATCH /order/:id/status with cancelled (admin): placed → cancelled through the one cancel
     * path (its payment first; the stock goes back once), the customer emailed with the reason.
     * Shipped and delivered are the whole order's parcels (FulfilmentService.moveLine).
     */
    async cancelLineAsShop(caller: AccessClaims, id: ObjectId, reason: string): Promise<Order> {
      const current = await orders.findById(id);
      if (!current) throw new NotFoundError(ORDER_NOT_FOUND);
      if (!ORDER_STATUS_MOVES[current.status].includes('cancelled')) throw new ConflictError(statusMoveRefusal(current.status, 'cancelled'));
      await deps.payments?.cancelPaymentOf(current);
      const moved = await cancelUnpaidOrder(orders, { _id: id }, shopCancellation(caller, reason));
      if (!moved) {
        // Someone else moved it first; no status allows the same move as the one it left.
        const now = await orders.findById(id);
        throw new ConflictError(statusMoveRefusal(now?.status ?? current.status, 'cancelled'));
      }
      await tellShopCancelled(caller, moved);
      return toOrder(moved);
    },

    /**
     * GET /stock-holds (admin): for each part asked for, the units unpaid orders hold and how many
     * orders (its p_quantity is what is left to sell beside them).
     */
    async stockHolds(productIds: ObjectId[]): Promise<StockHolds> {
      const held = await orders.heldByPart(productIds);
      return {
        holds: productIds.map((id) => {
          const row = held.get(id.toHexString());
          return { productId: id.toHexString(), held: row?.held ?? 0, unpaidOrders: row?.orders ?? 0 };
        }),
      };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

const SWEEP_BATCH = 100;

/**
 * The hold sweep: cancels unpaid orders whose hold ended (holdExpiresAt, or for older orders
 * `holdMinutes` after they were placed) and gives their stock back, each once (the conditional
 * status change decides, as for a delete). Each order's PaymentIntent is cancelled first; an order
 * whose payment cannot be cancelled now (Stripe unreachable, or it was just paid) is left for the
 * next round (`onSkipped`). Returns how many were cancelled.
 */
export async function cancelExpiredOrders(
  orders: OrdersRepository,
  {
    holdMinutes,
    now = new Date(),
    payments,
    onSkipped = () => {},
  }: { holdMinutes: number; now?: Date; payments?: PaymentCanceller; onSkipped?: (order: WithId<OrderDocument>, error: unknown) => void },
): Promise<number> {
  const cutoff = new Date(now.getTime() - holdMinutes * 60_000);
  let cancelled = 0;
  for (;;) {
    const batch = await orders.findHoldsEndedBy(now, cutoff, SWEEP_BATCH);
    let progress = 0;
    for (const order of batch) {
      try {
        await payments?.cancelPaymentOf(order);
      } catch (error) {
        onSkipped(order, error);
        continue;
      }
      const change = { status: 'cancelled' as const, at: now, by: 'system', reason: CANCEL_REASONS.expired };
      if (await cancelUnpaidOrder(orders, { _id: order._id }, change)) cancelled += 1;
      progress += 1;
    }
    // A short batch is the last; one where nothing moved would come back the same.
    if (batch.length < SWEEP_BATCH || progress === 0) return cancelled;
  }
}
