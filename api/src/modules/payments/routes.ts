import express from 'express';
import { paymentConfirmationAnswerSchema, paymentIntentAnswerSchema, webhookReceivedAnswerSchema } from '@pcpp/contracts/core';
import { withSpan } from '@pcpp/contracts/server-observability';
import { accessClaims } from '../../auth/middleware';
import { HttpError } from '../../errors';
import { routeDeclarer, type RouteModule } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { PaymentsService } from './service';
import { confirmPaymentBodySchema, createPaymentIntentBodySchema, orderIdParamsSchema, stripeEventSchema, stripeSignatureHeadersSchema } from './validators';

export interface PaymentsRouteDeps {
  payments: PaymentsService;
}

const route = routeDeclarer<PaymentsRouteDeps>();
const NOT_FOUND = { description: 'No order has this id, or it is another customer’s (the same answer either way).' };
const PROVIDER = {
  502: { description: 'Stripe refused the call.' },
  503: { description: 'Card payments are not configured, or Stripe cannot be reached.' },
};

export const paymentsRoutes: RouteModule<PaymentsRouteDeps> = {
  name: 'payments',
  routes: [
    route({
      method: 'post',
      path: '/create-payment-intent',
      operationId: 'createPaymentIntent',
      tag: 'Payments',
      summary: 'Start paying an order, or a whole checkout, by card',
      description:
        'With `{orderId}` (the spec’s call), the amount is the stored order’s; the spec’s `totalAmount` is accepted and ignored. ' +
        'With `{checkoutId}`, one PaymentIntent for every unpaid line of the checkout, for their sum as stored.',
      access: 'customer',
      rateLimit: 'paymentIntents',
      body: createPaymentIntentBodySchema,
      answers: {
        200: { description: 'The PaymentIntent’s client secret, for Stripe.js.', schema: paymentIntentAnswerSchema, example: examples.paymentIntent },
        404: NOT_FOUND,
        409: { description: 'The order is paid already, no longer payable (cancelled), or placed with a free-text address and not yet given its structured one (PUT `/checkout/{id}/address`): no order is charged without its shipping and tax.' },
        ...PROVIDER,
      },
      handle:
        ({ payments }) =>
        ({ body }, req) =>
          withSpan('payment.intent', {}, () =>
            'checkoutId' in body
              ? payments.createCheckoutPaymentIntent(accessClaims(req), body.checkoutId)
              : payments.createPaymentIntent(accessClaims(req), body.orderId),
          ),
    }),
    route({
      method: 'patch',
      path: '/myorder/{id}',
      operationId: 'confirmPayment',
      tag: 'Payments',
      summary: 'Record a card payment (after Stripe.js confirmed it)',
      description:
        'The api asks Stripe whether the PaymentIntent succeeded for this order and its amount; only then is the order paid. ' +
        'The webhook does the same on its own, so a closed tab loses nothing.',
      access: 'customer',
      params: orderIdParamsSchema,
      body: confirmPaymentBodySchema,
      answers: {
        200: { description: 'The order is paid.', schema: paymentConfirmationAnswerSchema, example: examples.paymentConfirmation },
        404: NOT_FOUND,
        409: { description: 'Stripe does not confirm this payment for this order, or the order is no longer payable.' },
        ...PROVIDER,
      },
      handle:
        ({ payments }) =>
        ({ params, body }, req) => {
          if (body.order !== undefined && body.order !== params.id.toHexString()) throw new HttpError(400, 'order must be the id in the path');
          return withSpan('payment.confirm', {}, () => payments.confirmPayment(accessClaims(req), params.id, body.transactionId));
        },
    }),
  ],
};

/** POST /webhooks/stripe reads the raw body, which the signature covers: mounted before express.json() (app.ts). */
export const stripeWebhookRoutes: RouteModule<PaymentsRouteDeps> = {
  name: 'stripe-webhook',
  routes: [
    route({
      method: 'post',
      path: '/webhooks/stripe',
      operationId: 'stripeWebhook',
      tag: 'Payments',
      summary: 'Stripe’s events (payment_intent.succeeded)',
      description: 'Called by Stripe, signed with the webhook secret over the raw body. A succeeded payment marks its order paid, exactly once.',
      access: 'stripeSignature',
      rawBody: true,
      body: stripeEventSchema,
      headers: stripeSignatureHeadersSchema,
      before: [express.raw({ type: 'application/json', limit: '1mb' })],
      answers: {
        200: { description: 'The event was received.', schema: webhookReceivedAnswerSchema, example: { received: true } },
        400: { description: 'The signature does not match the body, or the body is not the raw event.' },
        503: { description: 'The webhook secret is not configured.' },
      },
      handle:
        ({ payments }) =>
        ({ headers }, req) =>
          withSpan('payment.webhook', {}, () => payments.handleWebhook(req.body, headers['Stripe-Signature'])),
    }),
  ],
};

