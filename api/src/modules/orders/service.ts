import type { Readable } from 'node:stream';
import {
  ADMIN_PAGE_SIZE,
  CANCEL_REASONS,
  type Checkout,
  type LineQuantity,
  type Order,
  type OrderDetail,
  type OrderPage,
  type OrderReturn,
  type OrderSummary,
  ORDER_PAGE_SIZE,
  orderText,
  type Page,
  type PlacedOrderAnswer,
  type ReturnStatus,
  type ShippingAddress,
  type ShippingMethod,
  type StockHolds,
} from '@pcpp/contracts/core';
import type { Collection, Db, MongoClient, ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import type { AccessClaims } from '../../auth/access-token';
import type { IdentityProvider } from '../../auth/firebase';
import type { RoleAuthority } from '../../auth/role-authority';
import type { Config } from '../../config';
import { csvStream } from '../../csv/csv';
import { changedBefore, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { Logger } from '../../logger';
import { pageRequest, toPage } from '../../paging';
import type { ActivityLog } from '../activity/service';
import type { Outbox } from '../mail/outbox';
import type { PartDocument } from '../parts/documents';
import { createAccountOrders } from './accounts/service';
import { linesById, notFound, orderFor, type OrderFaults, type OrdersContext, type PaymentCanceller } from './common';
import type { OrderDocument, OrdersCollections } from './documents';
import { createFulfilment, type ShipmentRequest } from './fulfilment/service';
import { migrateLegacyOrders } from './migration';
import { createPaymentTaking } from './payment/service';
import { createHoldRules } from './placement/hold-rules';
import { type CheckoutPlacement, createPlacement, type OrderPricing, type SingleOrderBody } from './placement/service';
import { figuresOf } from './model/charges';
import { invoiceNumberOf } from './read-model/invoice-numbers';
import { ORDER_CSV_COLUMNS, linesOfOrders, orderCsvRow } from './read-model/orders-csv';
import { createOrderQueries, type LineSearch, type OrderSearch, type OrderWithLine, type Range } from './read-model/queries';
import { toCheckout, toDetail, toOrder, toReturn, toSummary } from './read-model/views';
import { createRefunds } from './refunds/service';
import { createReturns } from './returns/service';
import { createEffectsRelay } from './store/effects';
import { createOrderStore } from './store/order-store';
import { createStock } from './store/stock';
import { createTransactionRunner, supportsTransactions } from './store/transactions';

/** An unwound order as the order of its one line. */
const orderOf = (doc: OrderWithLine): OrderDocument => ({ ...doc, lines: [doc.lines] });

export interface OrdersModuleDeps {
  collections: OrdersCollections & { parts: Collection<PartDocument> };
  /** The client and database, to find out whether transactions can be trusted (store/transactions.ts). */
  database?: { client: MongoClient; db: Db };
  identity: Pick<IdentityProvider, 'accountByEmail'>;
  roles: RoleAuthority;
  outbox: Pick<Outbox, 'enqueueOnce'>;
  activity: Pick<ActivityLog, 'recordOnce'>;
  stripe: Stripe | undefined;
  /** Set once the payments module exists (services.ts): it cancels an unpaid line's PaymentIntent before the line is cancelled. */
  payments?: PaymentCanceller;
  shopUrl: string;
  holdMinutes: number;
  holdLimits: Config['orderHoldLimits'];
  returnWindowDays: number;
  logger: Logger;
  onCatalogChange: () => void;
  invoiceUrl?: (number: string) => Promise<string>;
  /** Shipping and tax of a single order to a structured address: the checkout's pricing (services.ts). */
  pricing?: OrderPricing;
  onLinePaid?: (order: Order) => Promise<void>;
  now?: () => Date;
  faults?: OrderFaults;
}

/**
 * The orders module: the only code that reads or writes the orders' collections. Placing,
 * payments as the order takes them, parcels, cancellations, refunds, returns, the invoice and every
 * list; the checkout, payments, part-reviews, insights and activity modules use this interface.
 */
export function createOrdersModule(deps: OrdersModuleDeps) {
  const collections = deps.collections;
  const now = deps.now ?? (() => new Date());
  let transactions = createTransactionRunner(deps.database?.client, false);
  const stock = createStock({ parts: collections.parts, orders: collections, onCatalogChange: deps.onCatalogChange });
  const relayEffects = createEffectsRelay({ orders: collections, outbox: deps.outbox, activity: deps.activity });
  const store = createOrderStore({
    collections,
    get transactions() {
      return transactions;
    },
    after: { applyStockMoves: stock.applyMoves, relayEffects },
    logger: deps.logger,
  });
  const queries = createOrderQueries(collections);
  const context: OrdersContext = {
    store,
    queries,
    stock,
    roles: deps.roles,
    stripe: deps.stripe,
    get payments() {
      return deps.payments;
    },
    shopUrl: deps.shopUrl,
    holdMinutes: deps.holdMinutes,
    returnWindowDays: deps.returnWindowDays,
    logger: deps.logger,
    now,
    ...(deps.faults ? { faults: deps.faults } : {}),
  };
  const holds = createHoldRules({ queries, stock, limits: deps.holdLimits });
  const placement = createPlacement(context, { identity: deps.identity, holds, orderNumbers: collections.orderNumbers, ...(deps.pricing ? { pricing: deps.pricing } : {}) });
  const payments = createPaymentTaking(context, { placement, invoiceUrl: deps.invoiceUrl, onLinePaid: deps.onLinePaid });
  const refunds = createRefunds(context);
  const fulfilment = createFulfilment(context, { refunds });
  const returns = createReturns(context, { refunds });
  const accountOrders = createAccountOrders(context, { fulfilment });

  const detail = (order: Parameters<typeof toDetail>[0]) => toDetail(order, now(), deps.returnWindowDays);
  /** The answer after a change: a failure to read it is still after the change (its Idempotency-Key stays). */
  async function detailAfter(id: ObjectId): Promise<OrderDetail> {
    try {
      const order = await store.findById(id);
      if (!order) throw notFound();
      return detail(order);
    } catch (error) {
      throw changedBefore(error);
    }
  }

  async function listOf(search: OrderSearch, query: { page?: number; limit?: number }): Promise<Page<OrderSummary>> {
    const paging = pageRequest(query, ADMIN_PAGE_SIZE);
    const { docs, total = 0 } = await queries.orders(search, paging);
    return toPage(docs.map(toSummary), total, paging);
  }

  const deleted = (caller: AccessClaims) => ({ by: caller.email, reason: CANCEL_REASONS.deleted });

  return {
    /** At start: trusts transactions where the database isolates them, and makes legacy orders whole. */
    async prepare(): Promise<{ migrated: number; transactions: boolean }> {
      const enabled = deps.database ? await supportsTransactions(deps.database.db) : false;
      transactions = createTransactionRunner(deps.database?.client, enabled);
      const migrated = await migrateLegacyOrders(collections, { holdMinutes: deps.holdMinutes, now: now() });
      return { migrated, transactions: enabled };
    },

    /** Refunds waiting at Stripe, all orders together (pcpp_refunds_pending). */
    pendingRefundCount: (maxTimeMS?: number) => queries.pendingRefundCount(maxTimeMS),

    // Placing (POST /order, POST /checkout).

    /** POST /order: 201 `{insertedId, order}`. */
    async placeSingle(caller: AccessClaims, input: SingleOrderBody): Promise<PlacedOrderAnswer> {
      const order = await placement.placeSingle(caller, input);
      const view = toOrder(order, order.lines[0]!);
      return { insertedId: view._id, order: view, figures: figuresOf(order.lines), addressNeeded: !order.shipTo };
    },
    /** PUT /checkout/{id}/address: a free-text order's structured address, priced; the order as its payment page shows it. */
    async giveAddress(caller: AccessClaims, id: ObjectId, body: { address: ShippingAddress; shippingMethod?: ShippingMethod | undefined }): Promise<Checkout> {
      return toCheckout(await placement.giveAddress(caller, id, body.address, body.shippingMethod));
    },
    /** POST /checkout's placing: the order as the confirmation page shows it. */
    async placeCheckout(caller: AccessClaims, request: CheckoutPlacement): Promise<Checkout> {
      return toCheckout(await placement.placeCheckout(caller, request));
    },
    /** GET /checkout/{id}: the caller's own order as its confirmation page shows it; anyone else's is a 404. */
    async checkoutOf(caller: AccessClaims, id: ObjectId): Promise<Checkout> {
      const order = await store.findById(id);
      if (!order || order.email !== caller.email) throw new NotFoundError('Checkout not found');
      return toCheckout(order);
    },

    // Payments as the order takes them (the payments module calls these).
    payments,

    // The spec's per-line routes.

    /** GET /myorder: the caller's own lines, newest first; a page when page or limit is given. */
    async listOwnLines(caller: AccessClaims, query: { email: string; page?: number; limit?: number }): Promise<Order[] | OrderPage> {
      if (query.email.toLowerCase() !== caller.email) throw new ForbiddenError('You can only see your own orders');
      if (query.page === undefined && query.limit === undefined) {
        return (await queries.linesOf(caller.email)).docs.map((doc) => toOrder(orderOf(doc), doc.lines));
      }
      const paging = pageRequest(query, ORDER_PAGE_SIZE);
      const { docs, total = 0 } = await queries.linesOf(caller.email, paging);
      return toPage(
        docs.map((doc) => toOrder(orderOf(doc), doc.lines)),
        total,
        paging,
      );
    },
    /** GET /order/{id}: the owner or an admin (anyone else: "not found"). */
    async getLine(caller: AccessClaims, lineId: ObjectId): Promise<Order> {
      const order = await store.findByLine(lineId);
      if (!order || (order.email !== caller.email && (await deps.roles.roleOf(caller.email)) !== 'admin')) throw notFound();
      return toOrder(order, order.lines.find((line) => line._id.equals(lineId))!);
    },
    /** GET /order (admin): every line; the spec's plain call an array, any parameter a page. */
    async listAllLines(query: LineSearch & { q?: string; page?: number; limit?: number }): Promise<Order[] | Page<Order>> {
      const search: LineSearch = { status: query.status, text: query.q || undefined, from: query.from, to: query.to, sort: query.sort };
      const view = (docs: OrderWithLine[]) => docs.map((doc) => toOrder(orderOf(doc), doc.lines));
      if (Object.values(query).every((value) => value === undefined)) return view((await queries.allLines(search)).docs);
      const paging = pageRequest(query, ADMIN_PAGE_SIZE);
      const { docs, total = 0 } = await queries.allLines(search, paging);
      return toPage(view(docs), total, paging);
    },
    /** DELETE /myorder/{id}: the caller's own unpaid line → cancelled (anyone else's is "not found"). */
    async cancelOwnLine(caller: AccessClaims, lineId: ObjectId): Promise<{ deletedCount: number }> {
      return { deletedCount: (await fulfilment.cancelUnpaidLine(lineId, deleted(caller), { owner: caller.email })) ? 1 : 0 };
    },
    /** DELETE /order/{id} (admin): the shop cancels a customer's unpaid line and tells them, with the reason when given. */
    async cancelLineAsAdmin(caller: AccessClaims, lineId: ObjectId, note?: string): Promise<{ deletedCount: number }> {
      const cancelled = await fulfilment.cancelUnpaidLine(lineId, { by: caller.email, reason: CANCEL_REASONS.shop, ...(note ? { note } : {}) }, { tellCustomer: true });
      return { deletedCount: cancelled ? 1 : 0 };
    },
    /** PATCH /order/{id}/status (admin): shipped and delivered are the whole order's parcels; cancelled the one cancel path. */
    changeLineStatus(caller: AccessClaims, lineId: ObjectId, body: { status: 'cancelled'; reason: string } | { status: 'shipped'; carrier: string; trackingNumber: string } | { status: 'delivered' }): Promise<Order> {
      if (body.status === 'cancelled') return fulfilment.cancelLineAsShop(caller, lineId, body.reason);
      return fulfilment.moveLine(caller, lineId, body.status, body.status === 'shipped' ? body : undefined);
    },
    /** GET /stock-holds (admin): the units unpaid lines hold per part, and how many lines. */
    async stockHolds(productIds: ObjectId[]): Promise<StockHolds> {
      const held = await queries.heldByPart(productIds);
      return {
        holds: productIds.map((id) => {
          const row = held.get(id.toHexString());
          return { productId: id.toHexString(), held: row?.held ?? 0, unpaidOrders: row?.orders ?? 0 };
        }),
      };
    },

    // Orders as wholes.

    async get(caller: AccessClaims, number: string): Promise<OrderDetail> {
      return detail(await orderFor(context, caller, number));
    },
    listMine: (caller: AccessClaims, query: { page?: number; limit?: number }) => listOf({ email: caller.email, hideDeleted: true }, query),
    listAll(query: Omit<OrderSearch, 'text' | 'email'> & { q?: string; page?: number; limit?: number }): Promise<Page<OrderSummary>> {
      const { page, limit, q, ...search } = query;
      return listOf({ ...search, ...(q ? { text: q } : {}) }, { page, limit });
    },
    async addShipment(caller: AccessClaims, number: string, request: ShipmentRequest): Promise<OrderDetail> {
      const order = await orderFor(context, caller, number);
      return detailAfter((await fulfilment.ship(caller, order, request))._id);
    },
    async markDelivered(caller: AccessClaims, number: string, parcelId: ObjectId): Promise<OrderDetail> {
      const order = await orderFor(context, caller, number);
      if (!order.parcels.some((parcel) => parcel._id.equals(parcelId))) throw new NotFoundError('Shipment not found');
      return detailAfter((await fulfilment.deliver(caller, order, parcelId))._id);
    },
    async cancel(caller: AccessClaims, number: string, reason: string): Promise<OrderDetail> {
      const order = await orderFor(context, caller, number);
      return detailAfter((await fulfilment.cancel(caller, order, reason))._id);
    },
    /** POST /orders/{number}/refunds (admin; its Idempotency-Key is the http layer's). */
    async refund(caller: AccessClaims, number: string, request: { lines: LineQuantity[]; reason: string; restock: boolean }): Promise<OrderDetail> {
      const order = await orderFor(context, caller, number);
      const wanted = linesById(order, request.lines).map(({ line, quantity }) => ({ lineId: line._id, quantity }));
      const { order: after } = await refunds.refund(order, wanted, { reason: request.reason, restock: request.restock }, caller.email);
      return detail(after);
    },
    async requestReturn(caller: AccessClaims, number: string, request: { lines: LineQuantity[]; reason: string }): Promise<OrderReturn> {
      const order = await orderFor(context, caller, number, { ownerOnly: true });
      const { order: after, ret } = await returns.request(caller, order, request);
      return toReturn(after, ret);
    },
    async decideReturn(caller: AccessClaims, returnId: ObjectId, decision: { approve: boolean; note?: string }): Promise<OrderReturn> {
      const { order, ret } = await returns.decide(caller, returnId, decision);
      return toReturn(order, ret);
    },
    async receiveReturn(caller: AccessClaims, returnId: ObjectId): Promise<OrderReturn> {
      const { order, ret } = await returns.receive(caller, returnId);
      return toReturn(order, ret);
    },
    /** GET /returns (admin): returns newest first, one page, of one status when asked. */
    async listReturns(query: { status?: ReturnStatus; page?: number; limit?: number }): Promise<Page<OrderReturn>> {
      const paging = pageRequest(query, ADMIN_PAGE_SIZE);
      const { docs, total } = await queries.returns(query.status, paging);
      return toPage(docs.map((doc) => toReturn({ ...(doc as unknown as OrderDocument), returns: [doc.returns] }, doc.returns)), total, paging);
    },
    /** GET /orders.csv (admin): the lines placed in [from, to), one row each, streamed from a cursor. */
    ordersCsv(range: { from?: Date; to?: Date }): Readable {
      return csvStream(linesOfOrders(queries.ordersPlacedBetween(range.from, range.to)), ORDER_CSV_COLUMNS, orderCsvRow);
    },
    /**
     * The order and its invoice number (issued on the first request, once paid): what the invoice
     * PDF prints. `caller` null: the emailed link, whose signature names the order.
     */
    async invoiceOf(caller: AccessClaims | null, number: string): Promise<{ detail: OrderDetail; invoiceNumber: string; issuedAt: Date }> {
      const order = caller ? await orderFor(context, caller, number) : await store.findByNumber(number);
      if (!order) throw notFound();
      if (!order.lines.some((line) => line.paid)) throw new ConflictError(orderText.invoiceOnlyPaid);
      const invoiceNumber = `INV-${String(await invoiceNumberOf(collections.invoiceNumbers, number)).padStart(6, '0')}`;
      const at = now();
      const { order: after } = order.invoiceNumber
        ? { order }
        : await store.change(order._id, (current) => ({ next: { ...current, invoiceNumber: current.invoiceNumber ?? invoiceNumber }, result: undefined }), { at, by: 'system' }, notFound);
      return { detail: detail(after), invoiceNumber, issuedAt: at };
    },

    // The background jobs.

    /** Cancels the unpaid lines whose hold ended (their PaymentIntents first), each once. */
    sweepHolds: fulfilment.sweepHolds,
    /** Settles refunds left pending (STALE_REFUND_MS) with Stripe's answer to the same key. */
    reconcileRefunds: refunds.reconcile,
    /** Applies what writes left (stock moves, emails, Activity entries) when the api stopped in between, and forgets old stock marks. */
    async settleLeftovers(at = now()): Promise<number> {
      const settled = await store.settleLeftovers();
      await stock.forgetOldMarks(at);
      return settled;
    },

    // What other modules read (part-reviews, insights, the Activity log).

    /** The customer's first paid line of the part: the only way to a review of it. */
    firstPaidLine: (email: string, productId: ObjectId) => queries.firstPaidLine(email, productId),
    /** Order numbers of lines (the Activity page names orders by number). */
    numbersOfLines: (ids: readonly ObjectId[]) => queries.numbersOfLines(ids),
    // Account settings (issue 46): all the account module asks of the orders (accounts/service.ts).
    /** The account's email moved: its orders carry the new one as their contact email. */
    followAccountEmail: accountOrders.followEmail,
    /** Closing the account: unpaid lines cancelled, what is kept erased to ERASED_MARKER; the counts. */
    closeAccountOrders: accountOrders.closeAccount,
    /** The account's orders for GET /me/export, with lines, payments and refunds (no card data). */
    exportAccountOrders: accountOrders.exportOf,

    /** The Overview's figures. */
    sales: {
      paidOrders: (range: Range) => queries.paidOrders(range),
      placedCount: (range: Range) => queries.placedCount(range),
      refunded: (range: Range) => queries.refundedWithin(range),
      partSales: (range: Range) => queries.partSales(range),
      stateCount: (status: Parameters<typeof queries.stateCount>[0]) => queries.stateCount(status),
      openReturns: () => queries.openReturns(),
    },
  };
}

export type OrdersModule = ReturnType<typeof createOrdersModule>;

