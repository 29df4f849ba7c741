import { z } from 'zod';
import { ALERT_KINDS, alertMessages } from './alerts';
import { centsSchema, isoDateTimeSchema, objectIdStringSchema } from './entity-schemas';

// The shapes of stock and price alerts the api takes and answers, and of a part's price history,
// apart from their texts (alerts.ts).

/** POST /alerts: a back-in-stock alert names no price; a price alert names its target in cents. */
export const alertInputSchema = z
  .strictObject({
    productId: objectIdStringSchema.meta({ description: 'The part’s id.' }),
    kind: z.enum(ALERT_KINDS, { error: 'kind must be back-in-stock or price-below' }),
    priceBelow: z.number({ error: 'priceBelow must be a whole number of cents' }).int('priceBelow must be a whole number of cents').min(1, 'priceBelow must be at least 1 cent').max(100_000_000, 'priceBelow must be at most $1,000,000.00').optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'price-below' && input.priceBelow === undefined) ctx.addIssue({ code: 'custom', message: alertMessages.priceNeeded, path: ['priceBelow'] });
    if (input.kind === 'back-in-stock' && input.priceBelow !== undefined) ctx.addIssue({ code: 'custom', message: alertMessages.noPriceForStock, path: ['priceBelow'] });
  });
export type AlertInput = z.infer<typeof alertInputSchema>;

export const alertSchema = z.object({
  _id: objectIdStringSchema,
  productId: objectIdStringSchema,
  productName: z.string(),
  kind: z.enum(ALERT_KINDS),
  priceBelow: centsSchema.optional(),
  createdAt: isoDateTimeSchema,
});
export type Alert = z.infer<typeof alertSchema>;

export const priceChangeSchema = z.object({
  from: centsSchema,
  to: centsSchema,
  changedAt: isoDateTimeSchema,
});
export type PriceChange = z.infer<typeof priceChangeSchema>;
