import { Router } from 'express';
import type { AccessTokens } from '../../auth/access-token';
import { accessClaims, requireAccessToken } from '../../auth/middleware';
import type { OrdersService } from './service';
import { idempotencyKeySchema, myOrdersQuerySchema, orderBodySchema, orderParamsSchema } from './validators';

export function ordersRoutes(deps: { orders: OrdersService; accessTokens: AccessTokens }): Router {
  const router = Router();
  const signedIn = requireAccessToken(deps.accessTokens);

  router.post('/order', signedIn, async (req, res) => {
    const input = orderBodySchema.parse(req.body ?? {});
    const key = idempotencyKeySchema.parse(req.get('idempotency-key'));
    const answer = await deps.orders.placeOnce(accessClaims(req), input, key);
    if (answer.replayed) res.set('Idempotent-Replayed', 'true');
    res.status(answer.status).json(answer.body);
  });

  router.get('/myorder', signedIn, async (req, res) => {
    const query = myOrdersQuerySchema.parse(req.query);
    res.json(await deps.orders.listOwn(accessClaims(req), query));
  });

  router.delete('/myorder/:id', signedIn, async (req, res) => {
    const { id } = orderParamsSchema.parse(req.params);
    res.json(await deps.orders.cancelOwn(accessClaims(req), id));
  });

  router.get('/order/:id', signedIn, async (req, res) => {
    const { id } = orderParamsSchema.parse(req.params);
    res.json(await deps.orders.get(accessClaims(req), id));
  });

  return router;
}
