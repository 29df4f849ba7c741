import { validationMessages } from './messages';
import type { OrderLimits } from './orders';

/**
 * A typed quantity as the purchase form's schema reads it (orderFormSchema's order_quantity,
 * orders-schemas.ts; orders.test.ts holds the two alike): the number, or the first problem in the
 * spec's words. Without zod, so a part's page checks its quantity box without loading it.
 */
export function checkOrderQuantity(text: string, limits: OrderLimits): { quantity: number } | { error: string } {
  const trimmed = text.trim();
  const value = trimmed === '' ? Number.NaN : /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value)) return { error: validationMessages.quantityRequired };
  if (!Number.isSafeInteger(value)) return { error: 'quantity must be a whole number' };
  if (value < 1) return { error: 'quantity must be at least 1' };
  if (value < limits.min_quantity) return { error: validationMessages.quantityMin(limits.min_quantity) };
  if (value > limits.p_quantity) return { error: validationMessages.quantityMax(limits.p_quantity) };
  return { quantity: value };
}
