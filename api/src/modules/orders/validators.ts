import {
  adminOrderCancelInputSchema,
  catalogQueryFields,
  emailSchema,
  ORDER_LIST_SORTS,
  ORDER_STATUSES,
  orderInputSchema,
  orderStatusInputSchema,
  unknownQueryParameterError,
} from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import { z } from 'zod';
import { pagingFields } from '../../paging';
import { instantSchema, objectIdSchema } from '../../validation';

/**
 * POST /order: the purchase form's schema from contracts (strict: an unknown key is a 400). The
 * spec's client also sends productName, email, name, per_product_price and totalAmount: accepted
 * and ignored, the server takes them from the part and the account.
 */
export const orderBodySchema = orderInputSchema.transform(({ productId, order_quantity, address, phone }) => ({
  // Checked by the schema as 24 lowercase hex digits.
  productId: ObjectId.createFromHexString(productId),
  quantity: order_quantity,
  address,
  phone,
}));
export type OrderBody = z.output<typeof orderBodySchema>;

export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 100 letters, digits, - or _';

/** The optional Idempotency-Key header of POST /order. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, IDEMPOTENCY_KEY_MESSAGE)
  .optional();

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
