import { lineUnitsConflictSchema, orderDetailSchema, orderReturnSchema, orderSummarySchema, pageSchema } from '@pcpp/contracts/core';
import { z } from 'zod';
import { accessClaims } from '../../auth/middleware';
import { routeDeclarer, type RouteModule, SENT } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { Response } from 'express';
import { NotFoundError } from '../../errors';
import { sendCsv } from '../../csv/csv';
import type { InvoiceLinks } from './read-model/invoice-links';
import { invoicePdf, type Seller } from './read-model/invoice-pdf';
import type { OrdersModule } from './service';
import {
  cancelBodySchema,
  invoiceTokenParamsSchema,
  myOrdersPageQuerySchema,
  orderNumberParamsSchema,
  ordersCsvQuerySchema,
  ordersQuerySchema,
  refundBodySchema,
  refundHeadersSchema,
  returnBodySchema,
  returnDecisionBodySchema,
  returnParamsSchema,
  returnsQuerySchema,
  shipmentBodySchema,
  shipmentHeadersSchema,
  shipmentParamsSchema,
} from './validators';

export interface WholeOrderRouteDeps {
  orders: OrdersModule;
  seller: Seller;
  invoiceLinks: InvoiceLinks;
}

/** Sends the order's invoice as a PDF. */
async function sendInvoice(res: Response, seller: Seller, invoice: Awaited<ReturnType<OrdersModule['invoiceOf']>>) {
  const pdf = await invoicePdf(invoice.detail, { number: invoice.invoiceNumber, issuedAt: invoice.issuedAt }, seller);
  res
    .status(200)
    .set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${invoice.invoiceNumber}-${invoice.detail.number}.pdf"`,
      'Cache-Control': 'private, no-store',
    })
    .end(pdf);
  return SENT;
}

const route = routeDeclarer<WholeOrderRouteDeps>();
const NOT_FOUND = { description: 'No order has this number, or it is not yours (the same answer either way).' };
const DETAIL = (description: string) => ({ description, schema: orderDetailSchema, example: examples.orderDetail });
const UNITS_CONFLICT = z.union([lineUnitsConflictSchema, z.object({ message: z.string() })]);
const STRIPE_FAILED = {
  description:
    'Stripe refused the refund (nothing was refunded: the units are free to refund again); or part of it (the message says how much ' +
    'was refunded); or has not answered yet (the refund is pending, the reconciliation job settles it within a minute, and the ' +
    'order’s `refundsNotMade` shows it). In the last two cases the Idempotency-Key keeps this answer: a retry does not refund twice.',
};

export const wholeOrderRoutes: RouteModule<WholeOrderRouteDeps> = {
  name: 'whole-orders',
  routes: [
    route({
      method: 'get',
      path: '/orders',
      operationId: 'listOrders',
      tag: 'Admin',
      summary: 'All orders, one row each (All Orders)',
      description:
        'Orders as wholes (a checkout’s lines under one number), newest first, one page. `status` is the order’s state ' +
        '(unpaid, paid, partly-shipped, shipped, delivered, cancelled, refunded); `q` matches part of the order number, the ' +
        'email or a part’s name, whatever the case; `from`/`to` bound when it was placed; `sort=oldest` turns it around.',
      access: 'admin',
      query: ordersQuerySchema,
      answers: { 200: { description: 'One page of orders.', schema: pageSchema(orderSummarySchema), example: examples.orderSummaries } },
      handle:
        ({ orders }) =>
        ({ query }) =>
          orders.listAll(query),
    }),
    route({
      method: 'get',
      path: '/orders/mine',
      operationId: 'listMyWholeOrders',
      tag: 'Orders',
      summary: 'My orders, one row each (My Orders)',
      description: 'The caller’s orders, newest first, one page.',
      access: 'customer',
      query: myOrdersPageQuerySchema,
      answers: { 200: { description: 'One page of the caller’s orders.', schema: pageSchema(orderSummarySchema), example: examples.orderSummaries } },
      handle:
        ({ orders }) =>
        ({ query }, req) =>
          orders.listMine(accessClaims(req), query),
    }),
    route({
      method: 'get',
      path: '/orders.csv',
      operationId: 'exportOrderLines',
      tag: 'Admin',
      summary: 'Order lines as CSV (for the accountant)',
      description:
        'One row per order line placed in [`from`, `to`) (ISO times; either may be left out), oldest first: order number, when it ' +
        'was placed, paid and last delivered, the customer, email, address and phone, the part, quantity, unit price, total, the ' +
        'line’s status, and the units and dollars refunded. Money in dollars (12.50). Streamed from a database cursor, so any ' +
        'number of lines is sent without holding them. A cell that starts with =, +, -, @ is prefixed with an apostrophe (CSV injection).',
      access: 'admin',
      query: ordersCsvQuerySchema,
      answers: { 200: { description: 'The CSV file (UTF-8, a header row first).', contentType: 'text/csv', schema: z.string() } },
      handle:
        ({ orders }) =>
        async ({ query }, _req, res) => {
          await sendCsv(res, 'orders.csv', orders.ordersCsv(query));
          return SENT;
        },
    }),
    route({
      method: 'get',
      path: '/orders/{number}',
      operationId: 'getWholeOrder',
      tag: 'Orders',
      summary: 'One order: its lines, shipments, refunds, returns and totals',
      description: 'Its owner or an admin. Money in integer cents.',
      access: 'customer',
      params: orderNumberParamsSchema,
      answers: { 200: DETAIL('The order as it is now.'), 404: NOT_FOUND },
      handle:
        ({ orders }) =>
        ({ params }, req) =>
          orders.get(accessClaims(req), params.number),
    }),
    route({
      method: 'get',
      path: '/orders/{number}/invoice.pdf',
      operationId: 'getInvoice',
      tag: 'Orders',
      summary: 'The order’s invoice (PDF)',
      description:
        'Its owner or an admin, once the order is paid. The invoice number is given on the first request and kept (one per order, ' +
        'in sequence); refunds show as credit lines.',
      access: 'customer',
      params: orderNumberParamsSchema,
      answers: {
        200: { description: 'The invoice.', contentType: 'application/pdf', schema: z.string().meta({ format: 'binary' }) },
        404: NOT_FOUND,
        409: { description: 'The order is not paid yet.' },
      },
      handle:
        ({ orders, seller }) =>
        async ({ params }, req, res) => sendInvoice(res, seller, await orders.invoiceOf(accessClaims(req), params.number)),
    }),
    route({
      method: 'get',
      path: '/invoices/{token}',
      operationId: 'getInvoiceByLink',
      tag: 'Orders',
      summary: 'An order’s invoice from the paid email’s link',
      description:
        'The link in the payment email opens the invoice without signing in: its token is signed by the api and names the order, ' +
        'for 90 days. Anything else is a 404.',
      access: 'public',
      params: invoiceTokenParamsSchema,
      answers: {
        200: { description: 'The invoice.', contentType: 'application/pdf', schema: z.string().meta({ format: 'binary' }) },
        404: { description: 'The link is not one of the shop’s, or it has expired.' },
      },
      handle:
        ({ orders, seller, invoiceLinks }) =>
        async ({ params }, _req, res) => {
          const number = await invoiceLinks.orderOf(params.token);
          if (!number) throw new NotFoundError('This invoice link is not valid or has expired: download the invoice from your order’s page.');
          return sendInvoice(res, seller, await orders.invoiceOf(null, number));
        },
    }),
    route({
      method: 'post',
      path: '/orders/{number}/shipments',
      operationId: 'addShipment',
      tag: 'Admin',
      summary: 'Ship parts of an order (one parcel)',
      description:
        'The carrier and tracking number of one parcel, and which units are in it (`lines`); without `lines`, every paid unit not ' +
        'shipped yet. Parcels may hold part of an order. The customer gets one email per parcel, with its tracking link.',
      access: 'admin',
      idempotencyKey: true,
      idempotent: { thing: 'shipment' },
      params: orderNumberParamsSchema,
      headers: shipmentHeadersSchema,
      body: shipmentBodySchema,
      answers: {
        201: DETAIL('The parcel is recorded; the order as it is now.'),
        400: { description: 'A line is not one of this order’s, or the body is malformed.' },
        404: NOT_FOUND,
        409: { description: 'The order is not paid or is cancelled, nothing is left to ship, or a line has fewer units left to ship (`shippable`).', schema: UNITS_CONFLICT },
      },
      handle:
        ({ orders }) =>
        ({ params, body }, req) =>
          orders.addShipment(accessClaims(req), params.number, body),
    }),
    route({
      method: 'post',
      path: '/orders/{number}/shipments/{shipmentId}/delivered',
      operationId: 'markShipmentDelivered',
      tag: 'Admin',
      summary: 'Mark a parcel delivered',
      description: 'Its units count as delivered (the return window starts); a line all of whose units arrived is delivered. The customer is emailed.',
      access: 'admin',
      params: shipmentParamsSchema,
      answers: {
        200: DETAIL('The order as it is now.'),
        404: { description: 'No such order, or no such parcel in it.' },
        409: { description: 'The parcel is delivered already.' },
      },
      handle:
        ({ orders }) =>
        ({ params }, req) =>
          orders.markDelivered(accessClaims(req), params.number, params.shipmentId),
    }),
    route({
      method: 'post',
      path: '/orders/{number}/cancel',
      operationId: 'cancelWholeOrder',
      tag: 'Admin',
      summary: 'Cancel an order',
      description:
        'Unpaid: its payment is cancelled and its held parts go back on sale. Paid and not shipped: refunded in full through Stripe ' +
        'and restocked, once however many cancels and payments race. The customer is emailed the reason. A cancelled order ' +
        'answers as it is.',
      access: 'admin',
      params: orderNumberParamsSchema,
      body: cancelBodySchema,
      answers: {
        200: DETAIL('The order, cancelled.'),
        404: NOT_FOUND,
        409: { description: 'Parts of it have shipped (refund or return them instead), or its payment is being processed.' },
        502: STRIPE_FAILED,
      },
      handle:
        ({ orders }) =>
        ({ params, body }, req) =>
          orders.cancel(accessClaims(req), params.number, body.reason),
    }),
    route({
      method: 'post',
      path: '/orders/{number}/refunds',
      operationId: 'refundOrderUnits',
      tag: 'Admin',
      summary: 'Refund units of an order',
      description:
        'Gives back exactly the paid share of the named units through Stripe (never more than a line was paid), once per ' +
        '`Idempotency-Key`; `restock` puts the units back in stock. Units not yet shipped are taken first (they will not ship).',
      access: 'admin',
      idempotencyKey: true,
      idempotent: { thing: 'refund' },
      params: orderNumberParamsSchema,
      headers: refundHeadersSchema,
      body: refundBodySchema,
      answers: {
        201: DETAIL('The refund is made; the order as it is now.'),
        400: { description: 'The key is missing, a line is not one of this order’s, or the body is malformed.' },
        404: NOT_FOUND,
        409: { description: 'A line has fewer units left to refund (`refundable`), is not paid, or a request with this key is still running.', schema: UNITS_CONFLICT },
        422: { description: 'This Idempotency-Key was used for another refund.' },
        502: STRIPE_FAILED,
      },
      handle:
        ({ orders }) =>
        ({ params, body }, req) =>
          orders.refund(accessClaims(req), params.number, body),
    }),
    route({
      method: 'post',
      path: '/orders/{number}/returns',
      operationId: 'requestReturn',
      tag: 'Orders',
      summary: 'Ask to return delivered parts',
      description:
        'The order’s owner, within RETURN_WINDOW_DAYS of delivery: never more units than were delivered and not already returned, ' +
        'refunded or in a return. The shop approves it, then refunds and restocks the parts when they arrive.',
      access: 'customer',
      rateLimit: 'orders',
      params: orderNumberParamsSchema,
      body: returnBodySchema,
      answers: {
        201: { description: 'The return is requested.', schema: orderReturnSchema, example: examples.orderReturn },
        400: { description: 'A line is not one of this order’s, or the body is malformed.' },
        404: NOT_FOUND,
        409: { description: 'A line is not delivered, its return window closed, or it has fewer units to return (`returnable`).', schema: UNITS_CONFLICT },
      },
      handle:
        ({ orders }) =>
        ({ params, body }, req) =>
          orders.requestReturn(accessClaims(req), params.number, body),
    }),
    route({
      method: 'get',
      path: '/returns',
      operationId: 'listReturns',
      tag: 'Admin',
      summary: 'Returns, newest first',
      access: 'admin',
      query: returnsQuerySchema,
      answers: { 200: { description: 'One page of returns.', schema: pageSchema(orderReturnSchema), example: examples.returnsPage } },
      handle:
        ({ orders }) =>
        ({ query }) =>
          orders.listReturns(query),
    }),
    route({
      method: 'post',
      path: '/returns/{id}/decision',
      operationId: 'decideReturn',
      tag: 'Admin',
      summary: 'Approve or refuse a return',
      description: 'A refused return frees its units; the customer is emailed either way, with the note.',
      access: 'admin',
      params: returnParamsSchema,
      body: returnDecisionBodySchema,
      answers: {
        200: { description: 'The return, decided.', schema: orderReturnSchema, example: examples.orderReturn },
        404: { description: 'No return has this id.' },
        409: { description: 'The return was decided already.' },
      },
      handle:
        ({ orders }) =>
        ({ params, body }, req) =>
          orders.decideReturn(accessClaims(req), params.id, body),
    }),
    route({
      method: 'post',
      path: '/returns/{id}/received',
      operationId: 'receiveReturn',
      tag: 'Admin',
      summary: 'The returned parts arrived: refund and restock them',
      access: 'admin',
      params: returnParamsSchema,
      answers: {
        200: { description: 'The return, received and refunded.', schema: orderReturnSchema, example: examples.orderReturn },
        404: { description: 'No return has this id.' },
        409: { description: 'The return is not approved (or was received already).' },
        502: STRIPE_FAILED,
      },
      handle:
        ({ orders }) =>
        ({ params }, req) =>
          orders.receiveReturn(accessClaims(req), params.id),
    }),
  ],
};
