import { z } from 'zod';
import { CART_MAX_LINES, CART_MAX_QUANTITY, type Cart, type CartLine, cartText } from './cart';
import { centsSchema, countSchema, objectIdStringSchema, partSchema } from './entity-schemas';
import { validationMessages as m } from './messages';
import { OBJECT_ID_PATTERN } from './orders';

// The cart's schemas: the api checks bodies with them and the browser answers (and a visitor's
// stored cart), loading them only when it checks one.

const quantityField = z
  .number({ error: m.quantityRequired })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(CART_MAX_QUANTITY, `quantity must be at most ${CART_MAX_QUANTITY}`);

/** One line as the browser sends it: which part and how many; never a price. */
export const cartLineInputSchema = z.strictObject({
  productId: z.string({ error: 'productId is required' }).regex(OBJECT_ID_PATTERN, 'productId is not a valid id'),
  quantity: quantityField,
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** PUT /cart and POST /cart/merge: the whole list of lines (strict; at most 50, each part once). */
export const cartInputSchema = z.strictObject({
  lines: z
    .array(cartLineInputSchema, { error: 'lines must be a list of {productId, quantity}' })
    .max(CART_MAX_LINES, cartText.tooManyLines)
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, cartText.duplicateLine),
});
export type CartInput = z.infer<typeof cartInputSchema>;

export const cartLineSchema = z.object({
  productId: objectIdStringSchema,
  quantity: countSchema,
  part: partSchema.nullable(),
  lineTotal: centsSchema,
  problem: z.string().optional(),
}) satisfies z.ZodType<CartLine>;

/** GET /cart, PUT /cart and POST /cart/merge answer the cart as it is now, priced by the database. */
export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  subtotal: centsSchema,
  ready: z.boolean(),
}) satisfies z.ZodType<Cart>;
