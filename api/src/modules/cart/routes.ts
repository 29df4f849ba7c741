import { cartSchema } from '@pcpp/contracts/core';
import { accessClaims } from '../../auth/middleware';
import { routeDeclarer, type RouteModule } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { CartService } from './service';
import { cartBodySchema, mergeHeadersSchema } from './validators';

export interface CartRouteDeps {
  cart: CartService;
}

const route = routeDeclarer<CartRouteDeps>();
const PRICED =
  'Each line comes with its part as the database has it now (null when it is no longer sold), its total at today’s price, ' +
  'and, when it cannot be ordered as it stands (more than the stock, below the minimum order, no longer sold), the sentence why; ' +
  '`ready` is true when every line can be ordered.';

export const cartRoutes: RouteModule<CartRouteDeps> = {
  name: 'cart',
  routes: [
    route({
      method: 'get',
      path: '/cart',
      operationId: 'getCart',
      tag: 'Cart',
      summary: 'My cart',
      description: `The signed-in customer’s cart, the same on every device. ${PRICED}`,
      access: 'customer',
      answers: { 200: { description: 'The cart (no lines when it is empty).', schema: cartSchema, example: examples.cart } },
      handle:
        ({ cart }) =>
        (_input, req) =>
          cart.get(accessClaims(req)),
    }),
    route({
      method: 'put',
      path: '/cart',
      operationId: 'replaceCart',
      tag: 'Cart',
      summary: 'Replace my cart',
      description:
        'The whole list of lines, `{productId, quantity}` each (at most 50, each part once); never a price. A quantity the stock ' +
        `cannot cover is kept and flagged, so the customer sees why. ${PRICED}`,
      access: 'customer',
      rateLimit: 'cart',
      body: cartBodySchema,
      answers: { 200: { description: 'The cart as stored.', schema: cartSchema, example: examples.cart } },
      handle:
        ({ cart }) =>
        ({ body }, req) =>
          cart.replace(accessClaims(req), body),
    }),
    route({
      method: 'post',
      path: '/cart/merge',
      operationId: 'mergeCart',
      tag: 'Cart',
      summary: 'Add a visitor’s cart to mine (at sign-in)',
      description:
        'The lines a visitor gathered before signing in are added to the account’s cart: the same part’s quantities are added ' +
        'and capped at the stock, other parts are added as lines (up to 50 in all). With the same Idempotency-Key (the visitor ' +
        `cart’s id) a second merge changes nothing. ${PRICED}`,
      access: 'customer',
      rateLimit: 'cart',
      idempotencyKey: true,
      body: cartBodySchema,
      headers: mergeHeadersSchema,
      answers: {
        200: { description: 'The account’s cart after the merge.', schema: cartSchema, example: examples.cart },
        409: { description: 'Other writes to the cart kept coming first; try again.' },
      },
      handle:
        ({ cart }) =>
        ({ body, headers }, req) =>
          cart.merge(accessClaims(req), body, headers['Idempotency-Key']),
    }),
  ],
};
