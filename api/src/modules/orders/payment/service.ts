import { CARD_MINIMUM_CENTS, formatCents, type Order, orderRuleText, singleOrderText, totalsText } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import type { AccessClaims } from '../../../auth/access-token';
import { ConflictError, NotFoundError } from '../../../errors';
import { activityEffect, activitySubject, emailEffect, type OrdersContext, replaceLine } from '../common';
import type { OrderDocument, OrderEffect, OrderLineDocument } from '../documents';
import { checkoutPaidEmail, paymentConfirmedEmail, paymentRefundedEmail } from '../emails';
import { chargeOf, lineCharge } from '../model/charges';
import { payableLines } from '../model/state';
import { checkoutPaid, toOrder } from '../read-model/views';
import type { Placement } from '../placement/service';

/** Stripe's amounts are integer cents, as the orders' are. */
export const CURRENCY = 'usd';

/** Why a payment is given back (OrderRefund.reason, the Activity log, the email). */
export const REFUND_REASONS = {
  cancelled: 'the order was cancelled before the payment went through',
  paidTwice: 'the order was already paid',
  wrongAmount: 'the payment did not match the order’s amount',
  noOrder: 'the payment names no order of the shop',
} as const;
export type RefundReason = (typeof REFUND_REASONS)[keyof typeof REFUND_REASONS];

/** What a succeeded payment did to the order (a PaymentIntent as far as the orders read it). */
export interface PaymentFacts {
  id: string;
  status: string;
  amount: number;
  currency: string;
  metadata?: Record<string, string> | null;
}

/**
 * How a payment was taken: paid, paid already by this payment, not a payment of this order (nothing
 * moves), or money to give back, for these lines (the payments module refunds it once, then
 * records it with recordGivenBack).
 */
export type PaymentOutcome = 'paid' | 'already-paid' | 'mismatch' | { refund: RefundReason; orderId: ObjectId | null; lineIds: ObjectId[] };

const messages = {
  notFound: 'Order not found',
  alreadyPaid: 'This order is already paid',
  notPayable: 'This order is cancelled and cannot be paid',
  checkoutNotFound: 'Checkout not found',
};

const isObjectId = (value: string | undefined): value is string => /^[0-9a-f]{24}$/.test(value ?? '');

/**
 * Payments as the order takes them. An order becomes paid in one conditional write of the whole
 * order, so of any number of deliveries of one payment exactly one pays it, and its email is
 * written with it. A payment the order cannot take pays nothing: the outcome says what to give back.
 */
export function createPaymentTaking(
  context: OrdersContext,
  deps: {
    placement: Pick<Placement, 'checkoutSummary'>;
    invoiceUrl?: (number: string) => Promise<string>;
    /** Observes each line a payment made paid (tests); the email is written with the change either way. */
    onLinePaid?: (order: Order) => Promise<void>;
  },
) {
  const { store } = context;
  const system = () => ({ at: context.now(), by: 'system' });

  /** The caller's own line; anyone else's is answered as one that does not exist. */
  async function ownLine(caller: AccessClaims, lineId: ObjectId): Promise<{ order: OrderDocument; line: OrderLineDocument }> {
    const order = await store.findByLine(lineId);
    if (!order || order.email !== caller.email.toLowerCase()) throw new NotFoundError(messages.notFound);
    return { order, line: order.lines.find((line) => line._id.equals(lineId))! };
  }

  async function ownOrder(caller: AccessClaims, id: ObjectId): Promise<OrderDocument> {
    const order = await store.findById(id);
    // Someone else's checkout is "not found", admins included (they have the orders pages).
    if (!order || order.email !== caller.email) throw new NotFoundError(messages.checkoutNotFound);
    return order;
  }

  function assertPayable(line: OrderLineDocument): void {
    if (line.paid) throw new ConflictError(messages.alreadyPaid);
    if (line.cancelled) throw new ConflictError(messages.notPayable);
  }

  /** No order is charged without its shipping and tax: a free-text one (the spec's body) gives its structured address first. */
  function assertAddressed(order: OrderDocument): void {
    if (!order.shipTo) throw new ConflictError(singleOrderText.addressBeforePaying);
  }

  /** A line paid by its own payment (the spec's Payment page). */
  async function takeLinePayment(lineId: ObjectId, intent: PaymentFacts): Promise<PaymentOutcome> {
    const found = await store.findByLine(lineId);
    if (!found) {
      // Ours by its metadata (and Stripe's signature), for an order that does not exist: the money goes back.
      return intent.status === 'succeeded' ? { refund: REFUND_REASONS.noOrder, orderId: null, lineIds: [] } : 'mismatch';
    }
    if (intent.status !== 'succeeded' || intent.metadata?.orderId !== lineId.toHexString()) return 'mismatch';
    const invoiceUrl = await deps.invoiceUrl?.(found.number);
    const giveBack = (refund: RefundReason, order: OrderDocument): PaymentOutcome => ({ refund, orderId: order._id, lineIds: [lineId] });
    const { order, result } = await store.change(
      found._id,
      (current) => {
        const line = current.lines.find((candidate) => candidate._id.equals(lineId))!;
        if (intent.amount !== lineCharge(line) || intent.currency !== CURRENCY) return refusal(giveBack(REFUND_REASONS.wrongAmount, current));
        if (line.paid) return refusal(line.transactionId === intent.id ? 'already-paid' : giveBack(REFUND_REASONS.paidTwice, current));
        if (line.cancelled) return refusal(giveBack(REFUND_REASONS.cancelled, current));
        const paid: OrderLineDocument = { ...line, paid: true, transactionId: intent.id };
        const view = toOrder(current, paid);
        return {
          next: { ...current, lines: replaceLine(current, paid) },
          effects: [emailEffect(paymentConfirmedEmail({ ...view, paid: true, status: 'paid', transactionId: intent.id }, { shopUrl: context.shopUrl, ...(invoiceUrl ? { invoiceUrl } : {}) }))],
          result: 'paid' as PaymentOutcome,
        };
      },
      system(),
      () => new NotFoundError(messages.notFound),
    ).catch((error: unknown) => {
      if (error instanceof Unchanged) return { order: found, result: error.outcome as PaymentOutcome };
      throw error;
    });
    if (result === 'paid') {
      context.logger.info({ orderId: lineId.toHexString(), paymentIntent: intent.id }, 'order paid');
      const line = order.lines.find((candidate) => candidate._id.equals(lineId))!;
      await deps.onLinePaid?.(toOrder(order, line)).catch((error: unknown) => context.logger.error({ err: error }, 'onLinePaid failed'));
    }
    return result;
  }

  /** A whole checkout paid by its one payment: every unpaid line at once, only for their sum. */
  async function takeCheckoutPayment(intent: PaymentFacts): Promise<PaymentOutcome> {
    const checkoutId = intent.metadata?.checkoutId;
    if (intent.status !== 'succeeded' || !isObjectId(checkoutId)) {
      context.logger.warn({ checkoutId, paymentIntent: intent.id, status: intent.status }, 'not a succeeded payment for a checkout: nothing paid');
      return 'mismatch';
    }
    const found = await store.findById(ObjectId.createFromHexString(checkoutId));
    if (!found) {
      context.logger.warn({ checkoutId, paymentIntent: intent.id }, 'a payment for no checkout of the shop: given back');
      return { refund: REFUND_REASONS.noOrder, orderId: null, lineIds: [] };
    }
    const invoiceUrl = await deps.invoiceUrl?.(found.number);
    const everyLine = (refund: RefundReason, order: OrderDocument): PaymentOutcome => ({ refund, orderId: order._id, lineIds: order.lines.map((line) => line._id) });
    const { result } = await store
      .change(
        found._id,
        (current) => {
          if (current.paid) return refusal(current.transactionId === intent.id ? 'already-paid' : everyLine(REFUND_REASONS.paidTwice, current));
          const payable = payableLines(current);
          if (payable.length === 0) return refusal(everyLine(current.lines.some((line) => line.paid) ? REFUND_REASONS.paidTwice : REFUND_REASONS.cancelled, current));
          if (intent.amount !== chargeOf(payable) || intent.currency !== CURRENCY) {
            context.logger.warn({ checkoutId, paymentIntent: intent.id, amount: intent.amount, due: chargeOf(payable) }, 'a checkout payment does not match its lines: nothing paid, given back');
            return refusal(everyLine(REFUND_REASONS.wrongAmount, current));
          }
          const lines = current.lines.map((line) => (!line.paid && !line.cancelled ? { ...line, paid: true, transactionId: intent.id } : line));
          const paid = { ...current, paid: true, transactionId: intent.id, lines };
          const paidNow = lines.filter((line) => payable.some((entry) => entry._id.equals(line._id)));
          return {
            next: paid,
            effects: [emailEffect(checkoutPaidEmail(deps.placement.checkoutSummary(paid, paidNow), { shopUrl: context.shopUrl, ...(invoiceUrl ? { invoiceUrl } : {}) }))],
            result: 'paid' as PaymentOutcome,
          };
        },
        system(),
        () => new NotFoundError(messages.checkoutNotFound),
      )
      .catch((error: unknown) => {
        if (error instanceof Unchanged) return { result: error.outcome as PaymentOutcome };
        throw error;
      });
    if (result === 'paid') context.logger.info({ checkoutId, paymentIntent: intent.id }, 'checkout paid');
    return result;
  }

  return {
    /**
     * POST /create-payment-intent with {orderId}: the line to pay and its amount (its parts, tax and
     * share of the shipping). A paid or cancelled line, or one whose part was deleted, is a 409.
     */
    async linePayable(caller: AccessClaims, lineId: ObjectId): Promise<{ lineId: ObjectId; number: string; productName: string; amount: number }> {
      const { order, line } = await ownLine(caller, lineId);
      assertPayable(line);
      assertAddressed(order);
      if (!(await context.stock.findPart(line.productId))) throw new ConflictError(orderRuleText.partGone);
      const amount = lineCharge(line);
      if (amount < CARD_MINIMUM_CENTS) throw new ConflictError(totalsText.cardMinimum);
      return { lineId, number: order.number, productName: line.productName, amount };
    },

    /** POST /create-payment-intent with {checkoutId}: the sum of the unpaid lines of the caller's own order. */
    async checkoutPayable(caller: AccessClaims, id: ObjectId): Promise<{ orderId: ObjectId; number: string; amount: number }> {
      const order = await ownOrder(caller, id);
      if (checkoutPaid(order)) throw new ConflictError(messages.alreadyPaid);
      const payable = payableLines(order);
      if (payable.length === 0) throw new ConflictError(messages.notPayable);
      assertAddressed(order);
      const amount = chargeOf(payable);
      // Lines cancelled one by one can leave less than a card takes: say so, never a 502.
      if (amount < CARD_MINIMUM_CENTS) throw new ConflictError(totalsText.cardMinimum);
      return { orderId: order._id, number: order.number, amount };
    },

    /**
     * Notes the PaymentIntent made for a line (or every unpaid line of an order), only while it is
     * unpaid: false when it was cancelled (or paid) meanwhile, and the intent must not stay payable.
     */
    async notePaymentIntent(target: { lineId: ObjectId } | { orderId: ObjectId }, paymentIntentId: string): Promise<boolean> {
      const found = 'lineId' in target ? await store.findByLine(target.lineId) : await store.findById(target.orderId);
      if (!found) return false;
      const { result } = await store.change(
        found._id,
        (current) => {
          const fits = (line: OrderLineDocument) => !line.paid && !line.cancelled && ('lineId' in target ? line._id.equals(target.lineId) : true);
          if (!current.lines.some(fits)) return refusal(false);
          return {
            next: { ...current, ...('orderId' in target ? { paymentIntentId } : {}), lines: current.lines.map((line) => (fits(line) ? { ...line, paymentIntentId } : line)) },
            result: true,
          };
        },
        system(),
        () => new NotFoundError(messages.notFound),
      ).catch((error: unknown) => {
        if (error instanceof Unchanged) return { result: error.outcome as boolean };
        throw error;
      });
      return result;
    },

    /** The line a payment is for, as the spec's Order (PATCH /myorder: the owner's only). */
    async lineFor(caller: AccessClaims, lineId: ObjectId): Promise<{ order: Order; paymentIntentId?: string }> {
      const { order, line } = await ownLine(caller, lineId);
      return { order: toOrder(order, line), ...(line.paymentIntentId ? { paymentIntentId: line.paymentIntentId } : {}) };
    },

    /** A line's stored PaymentIntent, for cancelling it (the line by id; no owner check: the callers checked). */
    takeLinePayment,
    takeCheckoutPayment,

    /** Settles a succeeded payment, for a checkout or one line, by its metadata. */
    takePayment(intent: PaymentFacts): Promise<PaymentOutcome> {
      if (intent.metadata?.checkoutId) return takeCheckoutPayment(intent);
      const orderId = intent.metadata?.orderId;
      if (!isObjectId(orderId)) {
        context.logger.warn({ paymentIntent: intent.id, orderId }, 'a payment names no order of the shop');
        return Promise.resolve('mismatch');
      }
      return takeLinePayment(ObjectId.createFromHexString(orderId), intent);
    },

    /**
     * A payment given back whole (the payments module made the refund, once): recorded on the lines
     * it was for, with the Activity entry and the customer's email written with it.
     */
    async recordGivenBack(outcome: Exclude<PaymentOutcome, string>, refund: { refundId: string; paymentIntentId: string; amount: number; reason: RefundReason }): Promise<void> {
      if (!outcome.orderId) return;
      const at = context.now();
      await store.change(
        outcome.orderId,
        (current) => {
          const entry = { ...refund, at };
          const lines = current.lines.map((line) =>
            outcome.lineIds.some((id) => id.equals(line._id)) && !line.givenBack.some((given) => given.refundId === refund.refundId) ? { ...line, givenBack: [...line.givenBack, entry] } : line,
          );
          const first = lines.find((line) => outcome.lineIds.some((id) => id.equals(line._id))) ?? lines[0]!;
          const effects: OrderEffect[] = [
            activityEffect(at, { action: 'order.refunded', actor: 'system', target: current.number, details: `${formatCents(refund.amount)}: ${refund.reason}`, ...activitySubject(current) }),
            emailEffect(paymentRefundedEmail(toOrder(current, first), refund, { shopUrl: context.shopUrl })),
          ];
          return { next: { ...current, lines }, effects, result: undefined };
        },
        system(),
        () => new NotFoundError(messages.notFound),
      );
    },
  };
}

/** A plan that writes nothing and answers `outcome` (the order cannot take the payment, or took it already). */
class Unchanged extends Error {
  constructor(readonly outcome: unknown) {
    super('unchanged');
  }
}
function refusal(outcome: unknown): never {
  throw new Unchanged(outcome);
}

export type PaymentTaking = ReturnType<typeof createPaymentTaking>;
