import {
  catalogQueryFields,
  ORDER_LIST_SORTS,
  ORDER_NUMBER_PATTERN,
  ORDER_PROGRESS,
  orderCancelInputSchema,
  refundInputSchema,
  RETURN_STATUSES,
  returnDecisionInputSchema,
  returnInputSchema,
  shipmentInputSchema,
  unknownQueryParameterError,
} from '@pcpp/contracts/core';
import { z } from 'zod';
import { pagingFields } from '../../paging';
import { instantSchema, objectIdSchema } from '../../validation';
import { IDEMPOTENCY_KEY_MESSAGE } from '../orders/validators';

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
export const refundHeadersSchema = z.object({
  'Idempotency-Key': z
    .string({ error: 'Idempotency-Key is required: send a new key for each refund' })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, IDEMPOTENCY_KEY_MESSAGE)
    .meta({ description: 'Required: a new key for each refund, the same key when retrying one (1-100 letters, digits, - or _).' }),
});

/** POST /orders/{number}/shipments takes a key when the console sends one (a double click records one parcel). */
export const shipmentHeadersSchema = z.object({
  'Idempotency-Key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, IDEMPOTENCY_KEY_MESSAGE)
    .optional()
    .meta({ description: 'A new key for each parcel, the same key when retrying one.' }),
});
