import {
  deletedCountAnswerSchema,
  holdConflictSchema,
  orderSchema,
  pageSchema,
  placedOrderAnswerSchema,
  stockConflictSchema,
  stockHoldsAnswerSchema,
} from '@pcpp/contracts/core';
import { z } from 'zod';
import { accessClaims } from '../../auth/middleware';
import { routeDeclarer, type RouteModule } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { OrdersModule } from './service';
import {
  adminOrderCancelBodySchema,
  allOrdersQuerySchema,
  idempotencyHeadersSchema,
  myOrdersQuerySchema,
  orderBodySchema,
  orderParamsSchema,
  orderStatusBodySchema,
  stockHoldsQuerySchema,
} from './validators';

export interface OrdersRouteDeps {
  orders: OrdersModule;
}

const route = routeDeclarer<OrdersRouteDeps>();
const NOT_FOUND = { description: 'No order has this id, or it is not yours.' };
const PAYMENT_NOT_CANCELLED = { description: 'Stripe refused to cancel the order’s payment (the order is left as it is).' };
const ordersOrPage = z.union([z.array(orderSchema), pageSchema(orderSchema)]);

export const ordersRoutes: RouteModule<OrdersRouteDeps> = {
  name: 'orders',
  routes: [
    route({
      method: 'post',
      path: '/order',
      operationId: 'placeOrder',
      tag: 'Orders',
      summary: 'Place an order (the Purchase page)',
      description:
        'The part’s name and price come from the database and the email from the token; the spec’s `productName`, ' +
        '`email`, `name`, `per_product_price` and `totalAmount` are accepted and ignored. The stock is taken in the ' +
        'step that checks it and held until the order is paid, cancelled, or the hold expires (ORDER_HOLD_MINUTES, `holdExpiresAt`). ' +
        'Only an account whose email is verified may order, and each customer holds at most MAX_UNPAID_ORDERS unpaid orders and ' +
        'MAX_HELD_UNITS_PER_PART units of one part (or its minimum order, when higher) at once.',
      access: 'customer',
      rateLimit: 'orders',
      idempotencyKey: true,
      idempotent: { thing: 'order' },
      body: orderBodySchema,
      headers: idempotencyHeadersSchema,
      answers: {
        201: {
          description: 'The order is placed (or, for a retried Idempotency-Key, the stored answer of the first request).',
          schema: placedOrderAnswerSchema,
          headers: { 'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request.', schema: z.literal('true').optional() } },
          example: examples.placedOrder,
        },
        400: { description: 'The request is malformed (the message says which field), or the parts come to less than the card minimum ($0.50): nothing is held.' },
        403: { description: 'The account’s email is not verified yet: the sentence says how to verify it.' },
        404: { description: 'No part has this id.' },
        409: {
          description:
            'The stock cannot cover the quantity (with how many are left); the customer’s unpaid orders are at a hold cap (which, and ' +
            'its value; the sentence says to pay for or cancel one first); or unpaid orders paid later hold their share of the part’s ' +
            'stock already (ORDER_HOLD_SHARE_PERCENT, all customers together: the sentence says to pay at the checkout instead); or a ' +
            'request with this Idempotency-Key is still running.',
          schema: z.union([stockConflictSchema, holdConflictSchema, z.object({ message: z.string() })]),
        },
        422: { description: 'This Idempotency-Key was used for a different order.' },
      },
      handle:
        ({ orders }) =>
        ({ body }, req) =>
          orders.placeSingle(accessClaims(req), body),
    }),
    route({
      method: 'get',
      path: '/myorder',
      operationId: 'listMyOrders',
      tag: 'Orders',
      summary: 'My Orders',
      description:
        'The caller’s own orders, newest first, cancelled ones included: a plain array (the spec’s call), or a page with `page` or `limit`. ' +
        '`email` must be the caller’s own.',
      access: 'customer',
      query: myOrdersQuerySchema,
      answers: {
        200: { description: 'The orders, or one page of them.', schema: ordersOrPage, example: examples.orderList },
        403: { description: '`email` is another account’s.' },
      },
      handle:
        ({ orders }) =>
        ({ query }, req) =>
          orders.listOwnLines(accessClaims(req), query),
    }),
    route({
      method: 'delete',
      path: '/myorder/{id}',
      operationId: 'cancelMyOrder',
      tag: 'Orders',
      summary: 'Cancel my unpaid order',
      description:
        'The order is kept, cancelled, and its quantity goes back to stock (once, however many deletes race). Its PaymentIntent ' +
        'is cancelled first, so the card can no longer be charged for it.',
      access: 'customer',
      params: orderParamsSchema,
      answers: {
        200: { description: '1: cancelled now; 0: it was cancelled already.', schema: deletedCountAnswerSchema, example: { deletedCount: 1 } },
        404: NOT_FOUND,
        409: { description: 'A paid order cannot be deleted (also when its payment went through just now), or its payment is being processed.' },
        502: PAYMENT_NOT_CANCELLED,
      },
      handle:
        ({ orders }) =>
        ({ params }, req) =>
          orders.cancelOwnLine(accessClaims(req), params.id),
    }),
    route({
      method: 'get',
      path: '/order/{id}',
      operationId: 'getOrder',
      tag: 'Orders',
      summary: 'One order (the Payment page)',
      description: 'Its owner, or an admin.',
      access: 'customer',
      params: orderParamsSchema,
      answers: { 200: { description: 'The order.', schema: orderSchema, example: examples.order }, 404: NOT_FOUND },
      handle:
        ({ orders }) =>
        ({ params }, req) =>
          orders.getLine(accessClaims(req), params.id),
    }),
    route({
      method: 'get',
      path: '/order',
      operationId: 'listAllOrders',
      tag: 'Admin',
      summary: 'Manage All Orders',
      description:
        'Every order, newest first: a plain array (the spec’s call), or a page as soon as any parameter is given. ' +
        '`q` matches part of the order number (PCP-7K3Q9D), of the customer’s email or of the part’s name, whatever the case; ' +
        '`from` and `to` keep the orders placed at or after `from` and before `to`; `sort=oldest` turns the order around.',
      access: 'admin',
      query: allOrdersQuerySchema,
      answers: { 200: { description: 'The orders, or one page of them.', schema: ordersOrPage, example: examples.orderList } },
      handle:
        ({ orders }) =>
        ({ query }) =>
          orders.listAllLines(query),
    }),
    route({
      method: 'delete',
      path: '/order/{id}',
      operationId: 'cancelOrder',
      tag: 'Admin',
      summary: 'Cancel a customer’s unpaid order (the Delete of All Orders)',
      description:
        'As the customer’s own delete: its PaymentIntent is cancelled first; the order is kept, cancelled by the shop, and its quantity ' +
        'goes back to stock (once, however many cancels race). The customer gets an email saying so, with `reason` when given (the ' +
        'spec’s call sends no body). Recorded on the Activity page.',
      access: 'admin',
      params: orderParamsSchema,
      body: adminOrderCancelBodySchema,
      answers: {
        200: { description: '1: cancelled now; 0: it was cancelled already.', schema: deletedCountAnswerSchema, example: { deletedCount: 1 } },
        404: NOT_FOUND,
        409: { description: 'A paid order cannot be cancelled (also when its payment went through just now).' },
        502: PAYMENT_NOT_CANCELLED,
      },
      handle:
        ({ orders }) =>
        ({ params, body }, req) =>
          orders.cancelLineAsAdmin(accessClaims(req), params.id, body.reason),
    }),
    route({
      method: 'patch',
      path: '/order/{id}/status',
      operationId: 'changeOrderStatus',
      tag: 'Admin',
      summary: 'Move an order on: shipped, delivered or cancelled',
      description:
        'Paid → shipped (with `carrier` and `trackingNumber`, both required) → delivered; placed → cancelled (with the `reason` the ' +
        'customer is told; the stock goes back). Each move emails the customer through the outbox and is recorded on the Activity ' +
        'page. Only the payment sets `paid`.',
      access: 'admin',
      params: orderParamsSchema,
      body: orderStatusBodySchema,
      answers: {
        200: { description: 'The order with its new status.', schema: orderSchema, example: examples.shippedOrder },
        404: NOT_FOUND,
        409: { description: 'The order’s status does not allow this move (or another admin moved it first, or its payment went through just now).' },
        502: PAYMENT_NOT_CANCELLED,
      },
      handle:
        ({ orders }) =>
        ({ params, body }, req) =>
          orders.changeLineStatus(accessClaims(req), params.id, body),
    }),
    route({
      method: 'get',
      path: '/stock-holds',
      operationId: 'getStockHolds',
      tag: 'Admin',
      summary: 'Held stock per part (Manage Products)',
      description:
        'For each part named, the units unpaid orders hold and how many unpaid orders hold them; the part’s `p_quantity` ' +
        'is what is left to sell beside them.',
      access: 'admin',
      query: stockHoldsQuerySchema,
      answers: { 200: { description: 'One entry per part asked for, in the order asked.', schema: stockHoldsAnswerSchema, example: examples.stockHolds } },
      handle:
        ({ orders }) =>
        ({ query }) =>
          orders.stockHolds(query.ids),
    }),
  ],
};
