import { ObjectId, type WithId } from 'mongodb';
import type Stripe from 'stripe';
import type { AccessClaims } from '../../auth/access-token';
import type { OrderDocument } from '../../db/mongo';
import { ConflictError, ForbiddenError, HttpError, NotFoundError, ServiceUnavailableError } from '../../errors';
import type { Logger } from '../../logger';
import type { PaymentsRepository } from './repository';

/** Stripe's amounts are integer cents, as the orders' are. */
const CURRENCY = 'usd';
/** Stripe's own default: a signed event older than 5 minutes is refused (replays). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const messages = {
  notConfigured: 'Card payments are not available on this server',
  unavailable: 'Card payments are unavailable right now. Please try again later.',
  refused: 'The payment provider refused the request',
  notFound: 'Order not found',
  notYours: 'This is not your order',
  alreadyPaid: 'This order is already paid',
  notPayable: 'This order is cancelled and cannot be paid',
  notVerified: 'The payment for this order could not be verified',
  badSignature: 'The Stripe signature of this event is missing, wrong or too old',
  rawBodyNeeded: 'The webhook expects the JSON body Stripe sent (Content-Type: application/json)',
};

export interface PaymentConfirmation {
  paid: true;
  status: 'paid';
  transactionId: string;
}

type Fulfilment = 'paid' | 'already-paid' | 'mismatch' | 'not-payable';

export function createPaymentsService(deps: {
  orders: PaymentsRepository;
  stripe: Stripe | undefined;
  webhookSecret: string | undefined;
  logger: Logger;
  /** Runs once per order, after the payment made it paid (the payment email). Its failure is logged only. */
  onOrderPaid?: (order: WithId<OrderDocument>) => Promise<void>;
  /** Settles a payment made for a whole checkout (metadata.checkoutId): the checkout service's. */
  fulfilCheckout?: (intent: Stripe.PaymentIntent) => Promise<unknown>;
}) {
  const { orders, logger } = deps;

  function stripeClient(): Stripe {
    if (!deps.stripe) throw new ServiceUnavailableError(messages.notConfigured);
    return deps.stripe;
  }

  async function ownOrder(caller: AccessClaims, id: ObjectId): Promise<WithId<OrderDocument>> {
    const order = await orders.findById(id);
    if (!order) throw new NotFoundError(messages.notFound);
    if (order.email !== caller.email.toLowerCase()) throw new ForbiddenError(messages.notYours);
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
   * Marks the order paid if this succeeded PaymentIntent is its payment: for it (metadata),
   * of its amount, in dollars. Safe to run any number of times, concurrently too.
   */
  async function fulfil(order: WithId<OrderDocument>, intent: Stripe.PaymentIntent): Promise<Fulfilment> {
    const orderId = order._id.toHexString();
    if (intent.status !== 'succeeded' || intent.metadata?.orderId !== orderId || intent.amount !== order.totalAmount || intent.currency !== CURRENCY) {
      logger.warn(
        { orderId, paymentIntent: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency, expected: order.totalAmount },
        'a payment does not match its order: the order stays unpaid',
      );
      return 'mismatch';
    }
    if (order.paid) return order.transactionId === intent.id ? 'already-paid' : alsoPaid(order, intent);
    if (order.status !== 'placed') {
      logger.error({ orderId, paymentIntent: intent.id, status: order.status }, 'a payment arrived for an order that cannot be paid: refund it');
      return 'not-payable';
    }
    const paid = await orders.markPaid(order, intent.id, new Date());
    if (!paid) {
      // Someone else changed it first: the same payment (a duplicate event), or a cancel.
      const now = await orders.findById(order._id);
      if (now?.paid) return now.transactionId === intent.id ? 'already-paid' : alsoPaid(now, intent);
      return 'not-payable';
    }
    logger.info({ orderId, paymentIntent: intent.id }, 'order paid');
    await deps.onOrderPaid?.(paid).catch((error: unknown) => logger.error({ err: error, orderId }, 'onOrderPaid failed'));
    return 'paid';
  }

  function alsoPaid(order: WithId<OrderDocument>, intent: Stripe.PaymentIntent): Fulfilment {
    logger.error(
      { orderId: order._id.toHexString(), paidWith: order.transactionId, paymentIntent: intent.id },
      'a second payment succeeded for an order already paid: refund it',
    );
    return 'mismatch';
  }

  return {
    /** The amount is the stored order's; one PaymentIntent per order and amount (idempotency key). */
    async createPaymentIntent(caller: AccessClaims, orderId: ObjectId): Promise<{ clientSecret: string }> {
      const stripe = stripeClient();
      const order = await ownOrder(caller, orderId);
      assertPayable(order);
      const id = order._id.toHexString();
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: order.totalAmount,
            currency: CURRENCY,
            description: `PC PART PICKER order ${id}: ${order.productName}`,
            metadata: { orderId: id },
          },
          { idempotencyKey: `order-${id}-${order.totalAmount}` },
        );
      } catch (error) {
        throw providerError(error);
      }
      if (!intent.client_secret) throw providerError(new Error(`PaymentIntent ${intent.id} came without a client_secret`));
      return { clientSecret: intent.client_secret };
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
        await deps.fulfilCheckout(intent);
        return { received: true };
      }
      const orderId = intent.metadata?.orderId ?? '';
      const order = /^[0-9a-f]{24}$/.test(orderId) ? await orders.findById(ObjectId.createFromHexString(orderId)) : null;
      if (!order) {
        logger.warn({ paymentIntent: intent.id, orderId }, 'a payment names no known order');
        return { received: true };
      }
      await fulfil(order, intent);
      return { received: true };
    },

    /**
     * PATCH /myorder/:id: the spec's client reports its payment. Trusted only after Stripe says
     * this intent succeeded for this order and amount.
     */
    async confirmPayment(caller: AccessClaims, orderId: ObjectId, transactionId: string): Promise<PaymentConfirmation> {
      const stripe = stripeClient();
      const order = await ownOrder(caller, orderId);
      if (order.paid && order.transactionId === transactionId) return { paid: true, status: 'paid', transactionId };
      assertPayable(order);
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(transactionId);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) throw new ConflictError(messages.notVerified);
        throw providerError(error);
      }
      const outcome = await fulfil(order, intent);
      if (outcome !== 'paid' && outcome !== 'already-paid') throw new ConflictError(messages.notVerified);
      return { paid: true, status: 'paid', transactionId };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
