import { cartInputSchema } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import { z } from 'zod';
import { idempotencyKeySchema } from '../../http/idempotency-headers';

/** PUT /cart and POST /cart/merge: contracts' schema (strict, at most 50 lines, each part once), ids parsed. */
export const cartBodySchema = cartInputSchema.transform(({ lines }) => ({
  lines: lines.map(({ productId, quantity }) => ({ productId: ObjectId.createFromHexString(productId), quantity })),
}));
export type CartBody = z.output<typeof cartBodySchema>;

/** POST /cart/merge: the visitor cart's own id, so merging the same browser cart twice adds it once. */
export const mergeHeadersSchema = z.object({
  'Idempotency-Key': idempotencyKeySchema.meta({
    description: 'The visitor cart’s id (1-100 letters, digits, - or _): a cart already merged under this key is not added again.',
  }),
});
