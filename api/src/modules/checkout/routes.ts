import { checkoutConflictSchema, checkoutLineErrorSchema, checkoutQuoteSchema, checkoutSchema, holdConflictSchema, shippingRatesSchema } from '@pcpp/contracts/core';
import { z } from 'zod';
import { withSpan } from '@pcpp/contracts/server-observability';
import { accessClaims } from '../../auth/middleware';
import { routeDeclarer, type RouteModule } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { CheckoutService } from './service';
import { DEFAULT_SHIPPING_RATES } from './shipping-rates';
import { checkoutBodySchema, checkoutHeadersSchema, checkoutParamsSchema, checkoutQuoteBodySchema, orderAddressBodySchema } from './validators';

export interface CheckoutRouteDeps {
  checkout: CheckoutService;
}

const route = routeDeclarer<CheckoutRouteDeps>();

export const checkoutRoutes: RouteModule<CheckoutRouteDeps> = {
  name: 'checkout',
  routes: [
    route({
      method: 'post',
      path: '/checkout',
      operationId: 'placeCheckout',
      tag: 'Checkout',
      summary: 'Place several parts at once (the checkout)',
      description:
        'All lines or none: each line’s stock is held in the step that checks it, and when one cannot be held the ones already held ' +
        'are given back before the 409 names that line and how many are left. Each line is stored as an Order (so My Orders, ' +
        '`GET /order`, `DELETE /myorder/{id}` and the admin pages see it) carrying the `checkoutId`, under one order number. ' +
        'Prices come from the database; the lines are ids and quantities only. The ordered parts leave the cart; with ' +
        '`saveAddress` the address is kept in the profile for the next checkout. The checkout pays on its page: past the share of a ' +
        'part’s stock that unpaid orders paid later may hold (ORDER_HOLD_SHARE_PERCENT), it still gets the stock, held only for ' +
        'PAY_NOW_HOLD_MINUTES (`holdExpiresAt`).',
      access: 'customer',
      rateLimit: 'orders',
      idempotencyKey: true,
      idempotent: { thing: 'checkout' },
      body: checkoutBodySchema,
      headers: checkoutHeadersSchema,
      answers: {
        201: {
          description: 'The checkout is placed (or, for a retried Idempotency-Key, the stored answer of the first request).',
          schema: checkoutSchema,
          headers: { 'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request.', schema: z.literal('true').optional() } },
          example: examples.checkout,
        },
        400: {
          description:
            'The request is malformed (the message says which field), or a line is below its part’s minimum order (`productId` names it), ' +
            'or the parts come to less than the card minimum ($0.50): nothing is held.',
          schema: checkoutLineErrorSchema,
        },
        403: { description: 'The account’s email is not verified yet: the sentence says how to verify it.' },
        404: { description: 'A part of the checkout is no longer sold (`productId` names it).', schema: checkoutLineErrorSchema },
        409: {
          description:
            'A line’s stock cannot be held (`productId`, `available`): nothing is held. Or the customer’s unpaid holds would pass a cap ' +
            '(`limit`: MAX_UNPAID_ORDERS, where the checkout counts as one order, or MAX_HELD_UNITS_PER_PART, each line’s units added). ' +
            'Or a request with this key is still running.',
          schema: z.union([checkoutConflictSchema, holdConflictSchema, z.object({ message: z.string() })]),
        },
        422: { description: 'This Idempotency-Key was used for a different checkout.' },
      },
      handle:
        ({ checkout }) =>
        ({ body }, req) =>
          withSpan('checkout.place', { 'checkout.lines': body.lines.length }, () => checkout.place(accessClaims(req), body)),
    }),
    route({
      method: 'post',
      path: '/checkout/quote',
      operationId: 'quoteCheckout',
      tag: 'Checkout',
      summary: 'Shipping options, tax and total for a checkout before it is placed',
      description:
        'What the checkout page shows, worked out by the code that places the order: each shipping method with its price and ' +
        'delivery dates (business days from today), the tax of each line rounded to the cent (US: by state; EU: VAT by ' +
        'country, shipping included; elsewhere none) and the total. Holds nothing. Prices come from the database.',
      access: 'customer',
      rateLimit: 'cart',
      body: checkoutQuoteBodySchema,
      answers: {
        200: { description: 'The figures for the method asked (Standard when absent) and every option.', schema: checkoutQuoteSchema, example: examples.checkoutQuote },
        400: {
          description:
            'The request is malformed (the message says which field), or a line is below its part’s minimum order (`productId` names it), ' +
            'or the parts come to less than the card minimum ($0.50).',
          schema: checkoutLineErrorSchema,
        },
        404: { description: 'A part of the checkout is no longer sold (`productId` names it).', schema: checkoutLineErrorSchema },
      },
      handle:
        ({ checkout }) =>
        ({ body }) =>
          checkout.quote(body),
    }),
    route({
      method: 'get',
      path: '/shipping-rates',
      operationId: 'getShippingRates',
      tag: 'Checkout',
      summary: 'The shipping table (the cart’s estimate)',
      description:
        'Per destination country, in cents: Standard’s rate and the subtotal from which it is free, and Express’s rate. The row `*` ' +
        'is every country without its own. Set by SHIPPING_RATES (a JSON file of this form) or the defaults.',
      access: 'public',
      answers: {
        200: { description: 'The table.', schema: shippingRatesSchema, example: { rates: DEFAULT_SHIPPING_RATES } },
      },
      handle:
        ({ checkout }) =>
        () =>
          checkout.shippingRates(),
    }),
    route({
      method: 'get',
      path: '/checkout/{id}',
      operationId: 'getCheckout',
      tag: 'Checkout',
      summary: 'One checkout (its confirmation page)',
      description: 'The caller’s own checkout with its orders as they are now; anyone else’s is a 404.',
      access: 'customer',
      params: checkoutParamsSchema,
      answers: {
        200: { description: 'The checkout.', schema: checkoutSchema, example: examples.checkout },
        404: { description: 'No checkout has this id, or it is not yours.' },
      },
      handle:
        ({ checkout }) =>
        ({ params }, req) =>
          checkout.get(accessClaims(req), params.id),
    }),
    route({
      method: 'put',
      path: '/checkout/{id}/address',
      operationId: 'giveOrderAddress',
      tag: 'Checkout',
      summary: 'The structured address of an order placed with a free-text one',
      description:
        'An order placed through `POST /order` with the spec’s free-text `address` has no shipping or tax yet; its payment page asks ' +
        'for the structured address (and the shipping method, Standard when absent) before the card. Priced by the checkout’s own ' +
        'code at the prices its stock is held at; given once, while unpaid. A PaymentIntent made before for the smaller amount no ' +
        'longer matches the order: paid anyway, it is given back.',
      access: 'customer',
      rateLimit: 'orders',
      params: checkoutParamsSchema,
      body: orderAddressBodySchema,
      answers: {
        200: { description: 'The order with its address, delivery and four figures.', schema: checkoutSchema, example: examples.checkout },
        400: { description: 'The request is malformed: the message says which field.' },
        404: { description: 'No order has this id, or it is not yours.' },
        409: { description: 'The order has its structured address already, or it is paid or cancelled.' },
      },
      handle:
        ({ checkout }) =>
        ({ params, body }, req) =>
          checkout.giveAddress(accessClaims(req), params.id, body),
    }),
  ],
};
