import { CARD_MINIMUM_CENTS, formatCents, orderRuleText, totalsText } from '@pcpp/contracts/core';
import { ObjectId, type WithId } from 'mongodb';
import type Stripe from 'stripe';
import type { AccessClaims } from '../../auth/access-token';
import type { OrderDocument } from '../../db/mongo';
import { ConflictError, HttpError, NotFoundError, ServiceUnavailableError } from '../../errors';
import type { Logger } from '../../logger';
import type { PaymentsRepository } from './repository';
import { lineCharge } from '../orders/line-charge';

/** Stripe's amounts are integer cents, as the orders' are. */
const CURRENCY = 'usd';
/** Stripe's own default: a signed event older than 5 minutes is refused (replays). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const messages = {
  notConfigured: 'Card payments are not available on this server',
  unavailable: 'Card payments are unavailable right now. Please try again later.',
  refused: 'The payment provider refused the request',
  notFound: 'Order not found',
  alreadyPaid: 'This order is already paid',
  notPayable: 'This order is cancelled and cannot be paid',
  notVerified: 'The payment for this order could not be verified',
  badSignature: 'The Stripe signature of this event is missing, wrong or too old',
  rawBodyNeeded: 'The webhook expects the JSON body Stripe sent (Content-Type: application/json)',
  paidMeanwhile: 'This order was just paid, so it cannot be cancelled.',
  paymentInProgress: 'A payment for this order is being processed. Try again in a minute.',
  refundFailed: 'The payment could not be refunded yet; Stripe will send it again.',
};

/** Why a payment is given back (OrderRefund.reason, the Activity log, the email). */
export const REFUND_REASONS = {
  cancelled: 'the order was cancelled before the payment went through',
  paidTwice: 'the order was already paid',
  wrongAmount: 'the payment did not match the order’s amount',
  noOrder: 'the payment names no order of the shop',
} as const;
export type RefundReason = (typeof REFUND_REASONS)[keyof typeof REFUND_REASONS];

export interface PaymentConfirmation {
  paid: true;
  status: 'paid';
  transactionId: string;
}

/** What a refund made: told to onRefunded (the Activity log and the customer's email). */
export interface RefundMade {
  order: WithId<OrderDocument> | null;
  orderId: string;
  paymentIntentId: string;
  refundId: string;
  amount: number;
  reason: RefundReason;
}

type Fulfilment = 'paid' | 'already-paid' | 'refunded' | 'mismatch';

/**
 * How the checkout service settled a payment for a whole checkout: paid, paid already by this
 * payment, not a payment of the shop's (nothing moved), or money to give back, recorded on `orders`.
 */
export type CheckoutFulfilment = 'paid' | 'already-paid' | 'mismatch' | { refund: RefundReason; orders: WithId<OrderDocument>[] };

const isOrderId = (value: string | undefined): value is string => /^[0-9a-f]{24}$/.test(value ?? '');

export function createPaymentsService(deps: {
  orders: PaymentsRepository;
  stripe: Stripe | undefined;
  webhookSecret: string | undefined;
  logger: Logger;
  /** Runs once per order, after the payment made it paid (the payment email). Its failure is logged only. */
  onOrderPaid?: (order: WithId<OrderDocument>) => Promise<void>;
  /** Runs once per refund, after it was made and recorded (the Activity log, the email). Its failure is logged only. */
  onRefunded?: (refund: RefundMade) => Promise<void>;
  /**
   * Settles a payment made for a whole checkout (metadata.checkoutId): the checkout service's. Its
   * outcome counts as a single order's does (a cancel that finds it paid is refused).
   */
  fulfilCheckout?: (intent: Stripe.PaymentIntent) => Promise<CheckoutFulfilment>;
}) {
  const { orders, logger } = deps;

  function stripeClient(): Stripe {
    if (!deps.stripe) throw new ServiceUnavailableError(messages.notConfigured);
    return deps.stripe;
  }

  async function ownOrder(caller: AccessClaims, id: ObjectId): Promise<WithId<OrderDocument>> {
    const order = await orders.findById(id);
    if (!order) throw new NotFoundError(messages.notFound);
    // Someone else's order is answered as one that does not exist: its existence is nobody else's business.
    if (order.email !== caller.email.toLowerCase()) throw new NotFoundError(messages.notFound);
    return order;
  }

  function assertPayable(order: WithId<OrderDocument>): void {
    if (order.paid) throw new ConflictError(messages.alreadyPaid);
    if (order.status !== 'placed') throw new ConflictError(messages.notPayable);
  }

  /** A failed Stripe call as the client should see it: never a 500. */
  function providerError(error: unknown): HttpError {
    const type = (error as { type?: string } | undefined)?.type;
    logger.error({ err: error }, 'Stripe call failed');
    if (type === 'StripeConnectionError' || type === 'StripeAuthenticationError' || type === 'StripeAPIError') {
      return new ServiceUnavailableError(messages.unavailable, { cause: error });
    }
    return new HttpError(502, messages.refused, { cause: error });
  }

  /**
   * Gives a succeeded payment back, once per PaymentIntent however many deliveries race (the
   * claim), through Stripe's refunds with an idempotency key; records it on the order and tells
   * onRefunded. Throws (503) when Stripe cannot make it now: the webhook answers an error, so
   * Stripe delivers the payment again and the refund is tried again.
   */
  async function refund(intent: Stripe.PaymentIntent, paidFor: WithId<OrderDocument>[], reason: RefundReason): Promise<void> {
    const order = paidFor[0] ?? null;
    const orderId = order ? order._id.toHexString() : (intent.metadata?.orderId ?? '');
    if (!(await orders.claimRefund(intent.id, orderId || null))) return;
    let made: Stripe.Refund;
    try {
      made = await stripeClient().refunds.create(
        { payment_intent: intent.id, reason: reason === REFUND_REASONS.paidTwice ? 'duplicate' : 'requested_by_customer', metadata: { orderId } },
        { idempotencyKey: `refund-${intent.id}` },
      );
    } catch (error) {
      await orders.releaseRefund(intent.id);
      logger.error({ err: error, paymentIntent: intent.id, orderId }, 'a payment that must be given back could not be refunded yet');
      throw new ServiceUnavailableError(messages.refundFailed, { cause: error });
    }
    const at = new Date();
    await orders.finishRefund(intent.id, { refundId: made.id, amount: made.amount });
    // On every order the payment was for (a checkout's lines each show the one refund of its payment).
    const recorded = await Promise.all(
      paidFor.map((paid) => orders.recordRefund(paid._id, { refundId: made.id, paymentIntentId: intent.id, amount: made.amount, reason, at })),
    );
    logger.warn({ orderId, paymentIntent: intent.id, refund: made.id, amount: made.amount, reason }, 'refunded a payment');
    await deps
      .onRefunded?.({ order: recorded[0] ?? order, orderId, paymentIntentId: intent.id, refundId: made.id, amount: made.amount, reason })
      .catch((error: unknown) => logger.error({ err: error, orderId }, 'onRefunded failed'));
  }

  /**
   * Settles a succeeded PaymentIntent that names this order in its metadata: it pays the order,
   * or, when the order can no longer take it (cancelled, paid with another payment, another
   * amount), it is refunded. Safe to run any number of times, concurrently too. A PaymentIntent
   * that is not this order's (or not succeeded) changes nothing.
   */
  async function fulfil(order: WithId<OrderDocument>, intent: Stripe.PaymentIntent): Promise<Fulfilment> {
    const orderId = order._id.toHexString();
    // A line of a checkout paid with the checkout's one payment: the checkout settles it, all lines at once.
    if (intent.metadata?.checkoutId && deps.fulfilCheckout) return settleCheckout(intent);
    if (intent.status !== 'succeeded' || intent.metadata?.orderId !== orderId) {
      logger.warn({ orderId, paymentIntent: intent.id, status: intent.status, for: intent.metadata?.orderId }, 'a payment that is not this order’s: the order stays unpaid');
      return 'mismatch';
    }
    if (intent.amount !== lineCharge(order) || intent.currency !== CURRENCY) {
      await refund(intent, [order], REFUND_REASONS.wrongAmount);
      return 'refunded';
    }
    if (order.paid) {
      if (order.transactionId === intent.id) return 'already-paid';
      await refund(intent, [order], REFUND_REASONS.paidTwice);
      return 'refunded';
    }
    if (order.status !== 'placed') {
      await refund(intent, [order], REFUND_REASONS.cancelled);
      return 'refunded';
    }
    const paid = await orders.markPaid(order, intent.id, new Date());
    if (!paid) {
      // Someone else changed it first: the same payment (a duplicate event), another, or a cancel.
      const now = await orders.findById(order._id);
      if (now) return fulfil(now, intent);
      return 'mismatch';
    }
    logger.info({ orderId, paymentIntent: intent.id }, 'order paid');
    await deps.onOrderPaid?.(paid).catch((error: unknown) => logger.error({ err: error, orderId }, 'onOrderPaid failed'));
    return 'paid';
  }

  /** A payment for a whole checkout: settled by the checkout service; what it cannot take is given back, once. */
  async function settleCheckout(intent: Stripe.PaymentIntent): Promise<Fulfilment> {
    const outcome = await deps.fulfilCheckout!(intent);
    if (typeof outcome === 'string') return outcome;
    await refund(intent, outcome.orders, outcome.refund);
    return 'refunded';
  }

  return {
    /**
     * The amount is the stored order's; one PaymentIntent per order and amount (idempotency key),
     * noted on the order so a cancel cancels it first. An order whose part was deleted cannot be paid.
     */
    async createPaymentIntent(caller: AccessClaims, orderId: ObjectId): Promise<{ clientSecret: string }> {
      const stripe = stripeClient();
      const order = await ownOrder(caller, orderId);
      assertPayable(order);
      if (!(await orders.partExists(order.productId))) throw new ConflictError(orderRuleText.partGone);
      // A line of a checkout costs its parts, their tax and its share of the shipping.
      const amount = lineCharge(order);
      if (amount < CARD_MINIMUM_CENTS) throw new ConflictError(totalsText.cardMinimum);
      const id = order._id.toHexString();
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount,
            currency: CURRENCY,
            description: `PC PART PICKER order ${id}: ${order.productName}`,
            metadata: { orderId: id },
          },
          { idempotencyKey: `order-${id}-${amount}` },
        );
      } catch (error) {
        throw providerError(error);
      }
      if (!(await orders.attachIntent(order._id, intent.id))) {
        // Cancelled while the intent was made: it must not stay payable (a payment would be refunded, but need not happen).
        await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' }).catch((error: unknown) => logger.warn({ err: error, paymentIntent: intent.id }, 'could not cancel the intent of an order cancelled meanwhile'));
        throw new ConflictError(messages.notPayable);
      }
      if (!intent.client_secret) throw providerError(new Error(`PaymentIntent ${intent.id} came without a client_secret`));
      return { clientSecret: intent.client_secret };
    },

    /**
     * Before an unpaid order is cancelled: its PaymentIntent (if one was made) is cancelled at
     * Stripe, so the card can no longer be charged for it. Throws ConflictError when the payment
     * went through meanwhile (the order is paid now) or is still being processed, and 503 when
     * Stripe cannot be reached: the order is then left as it is.
     */
    async cancelPaymentOf(order: WithId<OrderDocument>): Promise<void> {
      if (!order.paymentIntentId) return;
      const stripe = stripeClient();
      try {
        await stripe.paymentIntents.cancel(order.paymentIntentId, { cancellation_reason: 'abandoned' });
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'payment_intent_unexpected_state') throw providerError(error);
      }
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(order.paymentIntentId);
      } catch (error) {
        throw providerError(error);
      }
      if (intent.status === 'canceled') return;
      if (intent.status === 'succeeded') {
        const outcome = await fulfil(order, intent);
        if (outcome === 'paid' || outcome === 'already-paid') throw new ConflictError(messages.paidMeanwhile);
        return;
      }
      throw new ConflictError(messages.paymentInProgress);
    },

    /** POST /webhooks/stripe: only a correctly signed, recent event is looked at. */
    async handleWebhook(rawBody: unknown, signature: string | undefined): Promise<{ received: true }> {
      const stripe = stripeClient();
      if (!deps.webhookSecret) throw new ServiceUnavailableError(messages.notConfigured);
      if (!Buffer.isBuffer(rawBody)) throw new HttpError(400, messages.rawBodyNeeded);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', deps.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        logger.warn({ err: error }, 'refused a webhook event');
        throw new HttpError(400, messages.badSignature);
      }
      if (event.type !== 'payment_intent.succeeded') return { received: true };
      const intent = event.data.object;
      if (intent.metadata?.checkoutId && deps.fulfilCheckout) {
        await settleCheckout(intent);
        return { received: true };
      }
      const orderId = intent.metadata?.orderId;
      if (!isOrderId(orderId)) {
        logger.warn({ paymentIntent: intent.id, orderId }, 'a payment names no order of the shop');
        return { received: true };
      }
      const order = await orders.findById(ObjectId.createFromHexString(orderId));
      if (!order) {
        // Ours by its metadata (and Stripe's signature), for an order that does not exist: the money goes back.
        if (intent.status === 'succeeded') await refund(intent, [], REFUND_REASONS.noOrder);
        return { received: true };
      }
      await fulfil(order, intent);
      return { received: true };
    },

    /**
     * PATCH /myorder/:id: the spec's client reports its payment. Trusted only after Stripe says
     * this intent succeeded for this order and amount; one that came too late is refunded and said so.
     */
    async confirmPayment(caller: AccessClaims, orderId: ObjectId, transactionId: string): Promise<PaymentConfirmation> {
      const stripe = stripeClient();
      const order = await ownOrder(caller, orderId);
      if (order.paid && order.transactionId === transactionId) return { paid: true, status: 'paid', transactionId };
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(transactionId);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) throw new ConflictError(messages.notVerified);
        throw providerError(error);
      }
      const outcome = await fulfil(order, intent);
      if (outcome === 'refunded') throw new ConflictError(order.paid ? messages.alreadyPaid : orderRuleText.refundedAfterCancel);
      if (outcome !== 'paid' && outcome !== 'already-paid') {
        assertPayable(order);
        throw new ConflictError(messages.notVerified);
      }
      return { paid: true, status: 'paid', transactionId };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** The Activity log's line for a refund: how much, and why. */
export const refundDetails = (refund: Pick<RefundMade, 'amount' | 'reason'>) => `${formatCents(refund.amount)}: ${refund.reason}`;
