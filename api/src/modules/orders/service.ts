import { createHash, randomBytes } from 'node:crypto';
import {
  ADMIN_PAGE_SIZE,
  CANCEL_REASONS,
  lineTotalCents,
  type Order,
  ORDER_PAGE_SIZE,
  ORDER_STATUS_MOVES,
  orderNumberFrom,
  type OrderPage,
  type OrderStatusInput,
  type Page,
  publicNameOf,
  statusMoveRefusal,
  stockLeftMessage,
  validationMessages,
} from '@pcpp/contracts/core';
import type { ObjectId, WithId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import type { IdentityProvider } from '../../auth/firebase';
import type { RoleAuthority } from '../../auth/role-authority';
import type { OrderDocument } from '../../db/mongo';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnprocessableEntityError } from '../../errors';
import type { Logger } from '../../logger';
import { pageRequest, toPage } from '../../paging';
import type { ActivityRecorder } from '../activity/service';
import type { Outbox } from '../mail/outbox';
import { orderCancelledByShopEmail, orderDeliveredEmail, orderPlacedEmail, orderShippedEmail } from '../mail/templates';
import type { IdempotencyKeysRepository, OrdersRepository } from './repository';
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
  };
}

/** What POST /order answers with 201. */
export interface PlacedOrder {
  insertedId: string;
  order: Order;
}

/** An answer as sent, kept for an Idempotency-Key retry. */
export interface StoredAnswer {
  status: number;
  body: PlacedOrder;
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed: boolean;
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
 * stock back. The cancelled order, or null when it was no longer placed and unpaid.
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

/** How long a request waits for the first request with the same Idempotency-Key to finish. */
const IDEMPOTENCY_WAIT_MS = 10_000;
const IDEMPOTENCY_POLL_MS = 25;
/** Idempotency-Keys are kept at least this long (the cleanup drops older ones). */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request as far as the order depends on it (the ignored fields do not count). */
function requestHash(input: OrderBody): string {
  const { productId, quantity, address, phone } = input;
  return createHash('sha256')
    .update(JSON.stringify([productId.toHexString(), quantity, address, phone]))
    .digest('hex');
}

export function createOrdersService(deps: {
  orders: OrdersRepository;
  idempotencyKeys: IdempotencyKeysRepository;
  identity: Pick<IdentityProvider, 'accountByEmail'>;
  roles: RoleAuthority;
  outbox: Outbox;
  shopUrl: string;
  holdMinutes: number;
  logger: Logger;
  activity: ActivityRecorder;
}) {
  const { orders, idempotencyKeys } = deps;

  /**
   * Places the order: the name and unit price from the part, the email from the token, the name
   * from the account. The stock is taken in the same step that checks it; if the order cannot be
   * stored after that, the stock is given back.
   */
  async function place(caller: AccessClaims, input: OrderBody): Promise<PlacedOrder> {
    // Before the stock is taken: a deleted or disabled account orders nothing.
    const { displayName } = await deps.identity.accountByEmail(caller.email);
    const part = await orders.takeStock(input.productId, input.quantity);
    if (!part) {
      const current = await orders.findPart(input.productId);
      if (!current) throw new NotFoundError('Part not found');
      if (input.quantity < current.min_quantity) {
        throw new BadRequestError(validationMessages.quantityMin(current.min_quantity));
      }
      throw new ConflictError(stockLeftMessage(current.p_quantity), { details: { available: current.p_quantity } });
    }

    const now = new Date();
    let saved: WithId<OrderDocument>;
    try {
      saved = await orders.insert({
        number: await newOrderNumber(orders),
        productId: part._id,
        productName: part.name,
        email: caller.email,
        name: publicNameOf({ displayName, email: caller.email }),
        per_product_price: part.price,
        order_quantity: input.quantity,
        totalAmount: lineTotalCents(part.price, input.quantity),
        address: input.address,
        phone: input.phone,
        paid: false,
        status: 'placed',
        statusHistory: [{ status: 'placed', at: now, by: caller.email }],
        createdAt: now,
      });
    } catch (error) {
      await orders.returnStock(part._id, input.quantity);
      throw error;
    }
    const order = toOrder(saved);
    await deps.outbox.enqueue(orderPlacedEmail(order, { shopUrl: deps.shopUrl, holdMinutes: deps.holdMinutes }));
    return { insertedId: order._id, order };
  }

  /**
   * The customer's delete (DELETE /myorder/:id): cancels their unpaid order (reason 'deleted').
   * Of two racing deletes only one returns the stock; the other answers deletedCount 0, as does a
   * second delete of the same order. Anyone else's order is "not found".
   */
  async function cancelOwn(caller: AccessClaims, id: ObjectId): Promise<{ deletedCount: number }> {
    const change = { status: 'cancelled' as const, at: new Date(), by: caller.email, reason: CANCEL_REASONS.deleted };
    if (await cancelUnpaidOrder(orders, { _id: id, email: caller.email }, change)) return { deletedCount: 1 };
    const doc = await orders.findById(id);
    if (!doc || doc.email !== caller.email) throw new NotFoundError(ORDER_NOT_FOUND);
    if (doc.status === 'cancelled') return { deletedCount: 0 };
    throw new ConflictError('A paid order cannot be deleted.');
  }

  /**
   * The shop cancels an unpaid order (an admin: DELETE /order/:id or PATCH …/status): the one
   * cancel path, then the customer is emailed with the admin's reason and the log records it.
   * The cancelled order, or null when it was no longer placed and unpaid.
   */
  async function cancelByShop(caller: AccessClaims, id: ObjectId, note: string | undefined): Promise<WithId<OrderDocument> | null> {
    const change = { status: 'cancelled' as const, at: new Date(), by: caller.email, reason: CANCEL_REASONS.shop, ...(note ? { note } : {}) };
    const cancelled = await cancelUnpaidOrder(orders, { _id: id }, change);
    if (!cancelled) return null;
    const order = toOrder(cancelled);
    await deps.outbox.enqueue(orderCancelledByShopEmail(order, { shopUrl: deps.shopUrl }));
    await deps.activity.record({
      action: 'order.deleted',
      actor: caller.email,
      target: order.number,
      ...(note ? { details: note } : {}),
      subject: { kind: 'order', id: order._id },
    });
    return cancelled;
  }

  return {
    /**
     * POST /order. With an Idempotency-Key, the first request with that key (per customer) places
     * the order and its answer is stored; a retry gets the stored answer, and a request that arrives
     * while the first is still running waits for it. A failed first request frees the key.
     */
    async placeOnce(caller: AccessClaims, input: OrderBody, key: string | undefined): Promise<StoredAnswer> {
      if (!key) return { status: 201, body: await place(caller, input), replayed: false };
      const hash = requestHash(input);
      const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
      for (;;) {
        if (await idempotencyKeys.claim({ email: caller.email, key, requestHash: hash, createdAt: new Date() })) {
          let body: PlacedOrder;
          try {
            body = await place(caller, input);
          } catch (error) {
            await idempotencyKeys.release(caller.email, key);
            throw error;
          }
          // The order stands either way; without the stored answer a retry waits, then gets a 409.
          await idempotencyKeys
            .saveResponse(caller.email, key, { status: 201, body })
            .catch((error: unknown) => deps.logger.error({ err: error, key }, 'could not store an Idempotency-Key answer'));
          return { status: 201, body, replayed: false };
        }
        const first = await idempotencyKeys.find(caller.email, key);
        // Gone: the first request failed and freed the key; claim it again.
        if (!first) continue;
        if (first.requestHash !== hash) {
          throw new UnprocessableEntityError(
            'This Idempotency-Key was already used for a different order. Send a new key for a new order.',
          );
        }
        if (first.response) return { ...(first.response as Omit<StoredAnswer, 'replayed'>), replayed: true };
        if (Date.now() > deadline) {
          throw new ConflictError('An order with this Idempotency-Key is still being placed. Try again in a moment.');
        }
        await delay(IDEMPOTENCY_POLL_MS);
      }
    },

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
    cancelOwn,

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
      if (await cancelByShop(caller, id, note)) return { deletedCount: 1 };
      const doc = await orders.findById(id);
      if (!doc) throw new NotFoundError(ORDER_NOT_FOUND);
      if (doc.status === 'cancelled') return { deletedCount: 0 };
      throw new ConflictError('A paid order cannot be deleted.');
    },

    /**
     * PATCH /order/:id/status (admin): one move of ORDER_STATUS_MOVES, made by a conditional update
     * on the status read, so of two racing changes one wins and the other gets the 409. Shipping
     * stores the carrier and tracking number; each move emails the customer (the outbox) and is
     * logged. Cancelling goes through the one cancel path (the stock goes back once).
     */
    async changeStatus(caller: AccessClaims, id: ObjectId, input: OrderStatusInput): Promise<Order> {
      const to = input.status;
      const current = await orders.findById(id);
      if (!current) throw new NotFoundError(ORDER_NOT_FOUND);
      if (!ORDER_STATUS_MOVES[current.status].includes(to)) throw new ConflictError(statusMoveRefusal(current.status, to));
      const change = { status: to, at: new Date(), by: caller.email };
      const moved =
        input.status === 'cancelled'
          ? await cancelByShop(caller, id, input.reason)
          : input.status === 'shipped'
            ? await orders.moveStatus(id, current.status, change, { shipment: { carrier: input.carrier, trackingNumber: input.trackingNumber } })
            : await orders.moveStatus(id, current.status, change);
      if (!moved) {
        // Someone else moved it first; no status allows the same move as the one it left.
        const now = await orders.findById(id);
        throw new ConflictError(statusMoveRefusal(now?.status ?? current.status, to));
      }
      const order = toOrder(moved);
      if (input.status !== 'cancelled') {
        const shipped = input.status === 'shipped';
        await deps.outbox.enqueue((shipped ? orderShippedEmail : orderDeliveredEmail)(order, { shopUrl: deps.shopUrl }));
        await deps.activity.record({
          action: 'order.status',
          actor: caller.email,
          target: order.number,
          details: shipped ? `shipped with ${input.carrier} ${input.trackingNumber}` : to,
          subject: { kind: 'order', id: order._id },
        });
      }
      return order;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

const SWEEP_BATCH = 100;

/**
 * The hold sweep: cancels unpaid orders placed more than `holdMinutes` ago and gives their stock
 * back, each once (the conditional status change decides, as for a delete). Returns how many.
 */
export async function cancelExpiredOrders(
  orders: OrdersRepository,
  { holdMinutes, now = new Date() }: { holdMinutes: number; now?: Date },
): Promise<number> {
  const cutoff = new Date(now.getTime() - holdMinutes * 60_000);
  let cancelled = 0;
  for (;;) {
    const batch = await orders.findPlacedBefore(cutoff, SWEEP_BATCH);
    for (const order of batch) {
      const change = { status: 'cancelled' as const, at: now, by: 'system', reason: CANCEL_REASONS.expired };
      if (await cancelUnpaidOrder(orders, { _id: order._id }, change)) cancelled += 1;
    }
    if (batch.length < SWEEP_BATCH) return cancelled;
  }
}

/** Drops Idempotency-Keys older than the retention time; returns how many. */
export function forgetOldIdempotencyKeys(keys: IdempotencyKeysRepository, now = new Date()): Promise<number> {
  return keys.deleteCreatedBefore(new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS));
}
