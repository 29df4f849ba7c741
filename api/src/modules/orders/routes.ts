import { type RequestHandler, Router } from 'express';
import type { AccessTokens } from '../../auth/access-token';
import { accessClaims, requireAccessToken, requireAdmin } from '../../auth/middleware';
import type { RoleAuthority } from '../../auth/role-authority';
import { noBodySchema, noQuerySchema } from '../../validation';
import type { OrdersService } from './service';
import {
  allOrdersQuerySchema,
  idempotencyKeySchema,
  myOrdersQuerySchema,
  orderBodySchema,
  orderParamsSchema,
  orderStatusBodySchema,
} from './validators';

export function ordersRoutes(deps: {
  orders: OrdersService;
  accessTokens: AccessTokens;
  roles: RoleAuthority;
  /** Orders placed per customer (rate-limits.ts). */
  rateLimit: RequestHandler;
}): Router {
  const router = Router();
  const signedIn = requireAccessToken(deps.accessTokens);
  const admin = requireAdmin(deps.roles);

  router.post('/order', signedIn, deps.rateLimit, async (req, res) => {
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

  // The admin console.
  router.get('/order', signedIn, admin, async (req, res) => {
    res.json(await deps.orders.listAll(allOrdersQuerySchema.parse(req.query)));
  });

  router.delete('/order/:id', signedIn, admin, async (req, res) => {
    const { id } = orderParamsSchema.parse(req.params);
    noQuerySchema.parse(req.query);
    noBodySchema.parse(req.body ?? {});
    res.json(await deps.orders.cancelAsAdmin(accessClaims(req), id));
  });

  router.patch('/order/:id/status', signedIn, admin, async (req, res) => {
    const { id } = orderParamsSchema.parse(req.params);
    noQuerySchema.parse(req.query);
    const { status } = orderStatusBodySchema.parse(req.body ?? {});
    res.json(await deps.orders.changeStatus(accessClaims(req), id, status));
  });

  return router;
}
