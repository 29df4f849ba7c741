import { formatCents, orderRuleText } from '@pcpp/contracts/core';
import type { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import type { AccessClaims } from '../../auth/access-token';
import { ConflictError, HttpError, ServiceUnavailableError } from '../../errors';
import type { Logger } from '../../logger';
import type { ActivityRecorder } from '../activity/service';
import { CURRENCY, type OrdersModule, type PaymentOutcome, REFUND_REASONS, type RefundReason } from '../orders';
import type { PaymentsRepository } from './repository';

/** Stripe's own default: a signed event older than 5 minutes is refused (replays). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const messages = {
  notConfigured: 'Card payments are not available on this server',
  unavailable: 'Card payments are unavailable right now. Please try again later.',
  refused: 'The payment provider refused the request',
  alreadyPaid: 'This order is already paid',
  notPayable: 'This order is cancelled and cannot be paid',
  notVerified: 'The payment for this order could not be verified',
  badSignature: 'The Stripe signature of this event is missing, wrong or too old',
  rawBodyNeeded: 'The webhook expects the JSON body Stripe sent (Content-Type: application/json)',
  paidMeanwhile: 'This order was just paid, so it cannot be cancelled.',
  paymentInProgress: 'A payment for this order is being processed. Try again in a minute.',
  refundFailed: 'The payment could not be refunded yet; Stripe will send it again.',
};

export interface PaymentConfirmation {
  paid: true;
  status: 'paid';
  transactionId: string;
}

export { REFUND_REASONS, type RefundReason };

/** The Activity log's line for a refund: how much, and why. */
export const refundDetails = (refund: { amount: number; reason: string }) => `${formatCents(refund.amount)}: ${refund.reason}`;

/**
 * Stripe for the orders: PaymentIntents, the webhook, and payments given back. Only the verified
 * payment makes an order paid, and the orders module decides whether the order takes it
 * (orders/payment/service.ts); what it cannot take is refunded here, once per PaymentIntent.
 */
export function createPaymentsService(deps: {
  refunds: PaymentsRepository;
  orders: Pick<OrdersModule, 'payments'>;
  stripe: Stripe | undefined;
  webhookSecret: string | undefined;
  logger: Logger;
  /** The Activity entry of a payment given back that names no order (an order's is written with the order). */
  activity: ActivityRecorder;
}) {
  const { logger } = deps;
  const orders = deps.orders.payments;

  function stripeClient(): Stripe {
    if (!deps.stripe) throw new ServiceUnavailableError(messages.notConfigured);
    return deps.stripe;
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
   * claim), through Stripe's refunds with an idempotency key; the orders module records it on the
   * lines it was for, with the Activity entry and the email. Throws (503) when Stripe cannot make
   * it now: the webhook answers an error, so Stripe delivers the payment again.
   */
  async function giveBack(intent: Stripe.PaymentIntent, outcome: Exclude<PaymentOutcome, string>): Promise<void> {
    const orderId = outcome.orderId?.toHexString() ?? intent.metadata?.orderId ?? intent.metadata?.checkoutId ?? '';
    if (!(await deps.refunds.claimRefund(intent.id, orderId || null))) return;
    let made: Stripe.Refund;
    try {
      made = await stripeClient().refunds.create(
        { payment_intent: intent.id, reason: outcome.refund === REFUND_REASONS.paidTwice ? 'duplicate' : 'requested_by_customer', metadata: { orderId } },
        { idempotencyKey: `refund-${intent.id}` },
      );
    } catch (error) {
      await deps.refunds.releaseRefund(intent.id);
      logger.error({ err: error, paymentIntent: intent.id, orderId }, 'a payment that must be given back could not be refunded yet');
      throw new ServiceUnavailableError(messages.refundFailed, { cause: error });
    }
    await deps.refunds.finishRefund(intent.id, { refundId: made.id, amount: made.amount });
    logger.warn({ orderId, paymentIntent: intent.id, refund: made.id, amount: made.amount, reason: outcome.refund }, 'refunded a payment');
    const refund = { refundId: made.id, paymentIntentId: intent.id, amount: made.amount, reason: outcome.refund };
    if (outcome.orderId) {
      await orders.recordGivenBack(outcome, refund);
    } else {
      await deps.activity
        .record({ action: 'order.refunded', actor: 'system', target: orderId || intent.id, details: refundDetails(refund) })
        .catch((error: unknown) => logger.error({ err: error, paymentIntent: intent.id }, 'could not record a refund in the Activity log'));
    }
  }

  /** Settles a succeeded payment (a checkout's or one line's, by its metadata); what the order cannot take is given back. */
  async function settle(intent: Stripe.PaymentIntent, take: () => Promise<PaymentOutcome> = () => orders.takePayment(intent)): Promise<PaymentOutcome> {
    const outcome = await take();
    if (typeof outcome !== 'string') await giveBack(intent, outcome);
    return outcome;
  }

  async function createIntent(params: Stripe.PaymentIntentCreateParams, idempotencyKey: string): Promise<Stripe.PaymentIntent> {
    try {
      return await stripeClient().paymentIntents.create(params, { idempotencyKey });
    } catch (error) {
      throw providerError(error);
    }
  }

  /** An intent made for an order cancelled meanwhile must not stay payable (a payment would be refunded, but need not happen). */
  async function dropIntent(intent: Stripe.PaymentIntent): Promise<never> {
    await stripeClient()
      .paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' })
      .catch((error: unknown) => logger.warn({ err: error, paymentIntent: intent.id }, 'could not cancel the intent of an order cancelled meanwhile'));
    throw new ConflictError(messages.notPayable);
  }

  return {
    /**
     * POST /create-payment-intent with {orderId}: the amount is the stored line's; one
     * PaymentIntent per line and amount (idempotency key), noted on the line so a cancel cancels it first.
     */
    async createPaymentIntent(caller: AccessClaims, lineId: ObjectId): Promise<{ clientSecret: string }> {
      stripeClient();
      const payable = await orders.linePayable(caller, lineId);
      const id = lineId.toHexString();
      const intent = await createIntent(
        { amount: payable.amount, currency: CURRENCY, description: `PC PART PICKER order ${id}: ${payable.productName}`, metadata: { orderId: id } },
        `order-${id}-${payable.amount}`,
      );
      if (!(await orders.notePaymentIntent({ lineId }, intent.id))) await dropIntent(intent);
      if (!intent.client_secret) throw providerError(new Error(`PaymentIntent ${intent.id} came without a client_secret`));
      return { clientSecret: intent.client_secret };
    },

    /** POST /create-payment-intent with {checkoutId}: one PaymentIntent for every unpaid line of the order, for their sum. */
    async createCheckoutPaymentIntent(caller: AccessClaims, checkoutId: ObjectId): Promise<{ clientSecret: string }> {
      stripeClient();
      const payable = await orders.checkoutPayable(caller, checkoutId);
      const id = checkoutId.toHexString();
      const intent = await createIntent(
        { amount: payable.amount, currency: CURRENCY, description: `PC PART PICKER order ${payable.number}`, metadata: { checkoutId: id } },
        `checkout-${id}-${payable.amount}`,
      );
      // On the order and each unpaid line: cancelling a line (or the hold sweep) cancels the payment first.
      if (!(await orders.notePaymentIntent({ orderId: checkoutId }, intent.id))) await dropIntent(intent);
      if (!intent.client_secret) throw providerError(new Error(`PaymentIntent ${intent.id} came without a client_secret`));
      return { clientSecret: intent.client_secret };
    },

    /**
     * Before an unpaid line is cancelled: its PaymentIntent (if one was made) is cancelled at Stripe,
     * so the card can no longer be charged for it. Throws ConflictError when the payment went through
     * meanwhile (the line is paid now) or is still being processed, and 503 when Stripe cannot be
     * reached: the line is then left as it is.
     */
    async cancelPaymentOf(line: { paymentIntentId?: string }): Promise<void> {
      if (!line.paymentIntentId) return;
      const stripe = stripeClient();
      try {
        await stripe.paymentIntents.cancel(line.paymentIntentId, { cancellation_reason: 'abandoned' });
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'payment_intent_unexpected_state') throw providerError(error);
      }
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(line.paymentIntentId);
      } catch (error) {
        throw providerError(error);
      }
      if (intent.status === 'canceled') return;
      if (intent.status === 'succeeded') {
        const outcome = await settle(intent);
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
      await settle(event.data.object);
      return { received: true };
    },

    /**
     * PATCH /myorder/:id: the spec's client reports its payment. Trusted only after Stripe says
     * this intent succeeded for this line and amount; one that came too late is refunded and said so.
     */
    async confirmPayment(caller: AccessClaims, lineId: ObjectId, transactionId: string): Promise<PaymentConfirmation> {
      const stripe = stripeClient();
      const { order: line } = await orders.lineFor(caller, lineId);
      if (line.paid && line.transactionId === transactionId) return { paid: true, status: 'paid', transactionId };
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(transactionId);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) throw new ConflictError(messages.notVerified);
        throw providerError(error);
      }
      // A line of a checkout paid with the checkout's one payment: the order takes it, all lines at once.
      const outcome = await settle(intent, () => (intent.metadata?.checkoutId ? orders.takeCheckoutPayment(intent) : orders.takeLinePayment(lineId, intent)));
      if (typeof outcome !== 'string') throw new ConflictError(line.paid ? messages.alreadyPaid : orderRuleText.refundedAfterCancel);
      if (outcome !== 'paid' && outcome !== 'already-paid') {
        if (line.paid) throw new ConflictError(messages.alreadyPaid);
        if (line.status !== 'placed') throw new ConflictError(messages.notPayable);
        throw new ConflictError(messages.notVerified);
      }
      return { paid: true, status: 'paid', transactionId };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
