import express, { type RequestHandler, Router } from 'express';
import type { AccessTokens } from '../../auth/access-token';
import { accessClaims, requireAccessToken } from '../../auth/middleware';
import { HttpError } from '../../errors';
import type { PaymentsService } from './service';
import { confirmPaymentBodySchema, createPaymentIntentBodySchema, orderIdParamsSchema } from './validators';

export function paymentsRoutes(deps: {
  payments: PaymentsService;
  accessTokens: AccessTokens;
  /** Payment intents per customer (rate-limits.ts). */
  rateLimit: RequestHandler;
}): Router {
  const router = Router();
  const signedIn = requireAccessToken(deps.accessTokens);

  router.post('/create-payment-intent', signedIn, deps.rateLimit, async (req, res) => {
    const { orderId } = createPaymentIntentBodySchema.parse(req.body ?? {});
    res.json(await deps.payments.createPaymentIntent(accessClaims(req), orderId));
  });

  router.patch('/myorder/:id', signedIn, async (req, res) => {
    const { id } = orderIdParamsSchema.parse(req.params);
    const body = confirmPaymentBodySchema.parse(req.body ?? {});
    if (body.order !== undefined && body.order !== id.toHexString()) throw new HttpError(400, 'order must be the id in the path');
    res.json(await deps.payments.confirmPayment(accessClaims(req), id, body.transactionId));
  });

  return router;
}

/**
 * POST /webhooks/stripe reads the raw body, which the signature covers: mount it before
 * express.json() (app.ts).
 */
export function stripeWebhookRoutes(deps: { payments: PaymentsService }): Router {
  const router = Router();
  router.post('/webhooks/stripe', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
    res.json(await deps.payments.handleWebhook(req.body, req.get('stripe-signature')));
  });
  return router;
}
