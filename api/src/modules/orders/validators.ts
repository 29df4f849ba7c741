import {
  adminOrderCancelInputSchema,
  catalogQueryFields,
  emailSchema,
  ORDER_LIST_SORTS,
  ORDER_NUMBER_PATTERN,
  ORDER_PROGRESS,
  ORDER_STATUSES,
  orderCancelInputSchema,
  orderInputSchema,
  orderStatusInputSchema,
  refundInputSchema,
  RETURN_STATUSES,
  returnDecisionInputSchema,
  returnInputSchema,
  shipmentInputSchema,
  unknownQueryParameterError,
} from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import { z } from 'zod';
import { idempotencyKeySchema, requiredIdempotencyKeySchema } from '../../http/idempotency-headers';
import { pagingFields } from '../../paging';
import { instantSchema, objectIdSchema } from '../../validation';

/**
 * POST /order: the purchase form's schema from contracts (strict: an unknown key is a 400). The
 * spec's client also sends productName, email, name, per_product_price and totalAmount: accepted
 * and ignored, the server takes them from the part and the account.
 */
export const orderBodySchema = orderInputSchema.transform(({ productId, order_quantity, address, phone, shippingMethod }) => ({
  // Checked by the schema as 24 lowercase hex digits.
  productId: ObjectId.createFromHexString(productId),
  quantity: order_quantity,
  address,
  phone,
  ...(shippingMethod ? { shippingMethod } : {}),
}));
export type OrderBody = z.output<typeof orderBodySchema>;

/** The headers POST /order reads: a new key for each new order, the same key when retrying one. */
export const idempotencyHeadersSchema = z.object({
  'Idempotency-Key': idempotencyKeySchema.meta({
    description: 'A new key for each new order, the same key when retrying one (1-100 letters, digits, - or _). Kept 24 hours per customer.',
  }),
});

export const orderParamsSchema = z.object({ id: objectIdSchema('order id') });

/** GET /myorder?email=[&page=&limit=] (strict: an unknown parameter is a 400). */
export const myOrdersQuerySchema = z.strictObject(
  {
    email: emailSchema,
    ...pagingFields,
  },
  { error: unknownQueryParameterError(['email', 'page', 'limit']) },
);
export type MyOrdersQuery = z.output<typeof myOrdersQuerySchema>;

const ALL_ORDERS_PARAMS = ['status', 'q', 'from', 'to', 'sort', 'page', 'limit'];

/**
 * GET /order?status=&q=&from=&to=&sort=&page=&limit= (admin; strict). q: part of the order
 * number, the email or the part's name; placed at or after `from` and before `to`.
 */
export const allOrdersQuerySchema = z
  .strictObject(
    {
      status: z.enum(ORDER_STATUSES, { error: `status must be one of: ${ORDER_STATUSES.join(', ')}` }).optional(),
      q: catalogQueryFields.q.optional(),
      from: instantSchema('from').optional(),
      to: instantSchema('to').optional(),
      sort: z.enum(ORDER_LIST_SORTS, { error: `sort must be one of: ${ORDER_LIST_SORTS.join(', ')}` }).optional(),
      ...pagingFields,
    },
    { error: unknownQueryParameterError(ALL_ORDERS_PARAMS) },
  )
  .refine((query) => !query.from || !query.to || query.from < query.to, { message: 'from must be before to', path: ['from'] });
export type AllOrdersQuery = z.output<typeof allOrdersQuerySchema>;

const MAX_STOCK_HOLD_IDS = 50;

/** GET /stock-holds?ids=<id>,<id>… (admin; strict): the parts of one page of Manage Products, at most 50. */
export const stockHoldsQuerySchema = z.strictObject(
  {
    ids: z
      .string({ error: 'ids is required: part ids separated by commas' })
      .transform((text) => text.split(','))
      .pipe(
        z
          .array(z.string().regex(/^[0-9a-f]{24}$/, 'ids must be part ids (24 hex digits) separated by commas'))
          .min(1, 'ids is required: part ids separated by commas')
          .max(MAX_STOCK_HOLD_IDS, `ids names at most ${MAX_STOCK_HOLD_IDS} parts`),
      )
      .transform((ids) => [...new Set(ids)].map((id) => ObjectId.createFromHexString(id)))
      .meta({ description: `Part ids separated by commas (at most ${MAX_STOCK_HOLD_IDS}).` }),
  },
  { error: unknownQueryParameterError(['ids']) },
);

/** PATCH /order/:id/status (admin): shipped (carrier, tracking number), delivered, or cancelled (reason); strict. */
export const orderStatusBodySchema = orderStatusInputSchema;

/** DELETE /order/:id (admin): no body (the spec's call), or the reason the customer is told. */
export const adminOrderCancelBodySchema = adminOrderCancelInputSchema;

// Orders as wholes (GET /orders, parcels, refunds, returns, the invoice).

const orderNumberSchema = z
  .string()
  .regex(ORDER_NUMBER_PATTERN, 'number must be an order number, like PCP-7K3Q9D')
  .meta({ description: 'The order number, e.g. PCP-7K3Q9D.' });

export const orderNumberParamsSchema = z.object({ number: orderNumberSchema });
export const shipmentParamsSchema = z.object({ number: orderNumberSchema, shipmentId: objectIdSchema('shipment id') });
/** An emailed invoice link's token (a JWT: three base64url parts). */
export const invoiceTokenParamsSchema = z.object({
  token: z.string().max(1000, 'Invalid invoice link').regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'Invalid invoice link'),
});
export const returnParamsSchema = z.object({ id: objectIdSchema('return id') });

const ORDERS_PARAMS = ['status', 'q', 'from', 'to', 'sort', 'page', 'limit'];

/** GET /orders (admin; strict): a state, text in the number, email or a part's name, a time range, a sort, a page. */
export const ordersQuerySchema = z
  .strictObject(
    {
      status: z.enum(ORDER_PROGRESS, { error: `status must be one of: ${ORDER_PROGRESS.join(', ')}` }).optional(),
      q: catalogQueryFields.q.optional(),
      from: instantSchema('from').optional(),
      to: instantSchema('to').optional(),
      sort: z.enum(ORDER_LIST_SORTS, { error: `sort must be one of: ${ORDER_LIST_SORTS.join(', ')}` }).optional(),
      ...pagingFields,
    },
    { error: unknownQueryParameterError(ORDERS_PARAMS) },
  )
  .refine((query) => !query.from || !query.to || query.from < query.to, { message: 'from must be before to', path: ['from'] });
export type OrdersQuery = z.output<typeof ordersQuerySchema>;

/** GET /orders.csv (admin; strict): the lines placed in [from, to); either bound may be left out. */
export const ordersCsvQuerySchema = z
  .strictObject(
    { from: instantSchema('from').optional(), to: instantSchema('to').optional() },
    { error: unknownQueryParameterError(['from', 'to']) },
  )
  .refine((query) => !query.from || !query.to || query.from < query.to, { message: 'from must be before to', path: ['from'] });

/** GET /orders/mine (strict): a page. */
export const myOrdersPageQuerySchema = z.strictObject({ ...pagingFields }, { error: unknownQueryParameterError(['page', 'limit']) });

/** GET /returns (admin; strict): a status and a page. */
export const returnsQuerySchema = z.strictObject(
  {
    status: z.enum(RETURN_STATUSES, { error: `status must be one of: ${RETURN_STATUSES.join(', ')}` }).optional(),
    ...pagingFields,
  },
  { error: unknownQueryParameterError(['status', 'page', 'limit']) },
);

export const shipmentBodySchema = shipmentInputSchema;
export const cancelBodySchema = orderCancelInputSchema;
export const refundBodySchema = refundInputSchema;
export const returnBodySchema = returnInputSchema;
export const returnDecisionBodySchema = returnDecisionInputSchema;

/** POST /orders/{number}/refunds requires its key: a refund is never made twice by a retry. */
export const refundHeadersSchema = z.object({ 'Idempotency-Key': requiredIdempotencyKeySchema('refund') });

/** POST /orders/{number}/shipments takes a key when the console sends one (a double click records one parcel). */
export const shipmentHeadersSchema = z.object({
  'Idempotency-Key': idempotencyKeySchema.meta({ description: 'A new key for each parcel, the same key when retrying one.' }),
});
