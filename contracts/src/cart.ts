import type { CartLineInput } from './cart-schemas';
import type { Part } from './entities';
import { lineTotalCents } from './money';
import { quantityMessages as m, stockLeftMessage } from './quantity-messages';

// The cart's texts and rules; its schemas are in cart-schemas.ts (a page loads zod only to check).

/** A cart holds at most this many lines (one per part). */
export const CART_MAX_LINES = 50;
/** No line asks for more than this (far above any stock; the stock decides the real limit). */
export const CART_MAX_QUANTITY = 100_000;

/** The cart's texts, ours: the spec has no cart. */
export const cartText = {
  addToCart: 'Add to cart',
  /** A card's Add to cart, as screen readers name it among many: the part in it. */
  addPartToCart: (name: string) => `Add ${name} to cart`,
  /** A card's link to the cart once the part is in it, naming its part the same way. */
  partInCartLink: (name: string, quantity: number) => `In your cart (${quantity}): ${name}`,
  adding: 'Adding…',
  added: (name: string) => `${name} is in your cart.`,
  buildAdded: (parts: number) => `The build’s ${parts} ${parts === 1 ? 'part is' : 'parts are'} in your cart.`,
  viewCart: 'View cart',
  title: 'Your cart',
  empty: 'Your cart is empty.',
  browse: 'Browse the parts',
  checkOut: 'Check out',
  remove: 'Remove',
  subtotal: 'Subtotal',
  tooManyLines: `A cart holds at most ${CART_MAX_LINES} different parts.`,
  duplicateLine: 'Each part can be in the cart only once: change its quantity instead.',
  partGone: 'This part is no longer sold. Remove it from your cart.',
  fixLines: 'Change or remove the lines marked in red to check out.',
  /** The navbar's cart link, for screen readers. */
  navLabel: (count: number) => `Cart, ${count} ${count === 1 ? 'part' : 'parts'}`,
  saveFailed: 'Your cart could not be saved. Please try again.',
  /** Beside the quantity on the product and purchase pages, when the cart holds some already. */
  inCart: (quantity: number) => `${quantity} already in your cart.`,
  /** Adding is refused: the cart already holds every unit in stock. */
  allInCart: (stock: number) => `All ${stock} in stock are in your cart already.`,
  inCartLink: (quantity: number) => `In your cart (${quantity})`,
  quantityLabel: (name: string) => `Quantity of ${name}`,
  fewer: (name: string) => `One fewer ${name}`,
  more: (name: string) => `One more ${name}`,
  removeLine: (name: string) => `Remove ${name} from your cart`,
} as const;

/**
 * Why a line cannot be ordered as it stands, in the sentence the api gives for it (the order's
 * 409 and the purchase form's minimum); null when it can. The api and the browser both use it.
 */
export function cartLineProblem(part: Pick<Part, 'p_quantity' | 'min_quantity'> | null, quantity: number): string | null {
  if (!part) return cartText.partGone;
  if (quantity > part.p_quantity) return stockLeftMessage(part.p_quantity);
  if (quantity < part.min_quantity) return m.quantityMin(part.min_quantity);
  return null;
}

/** A line with the database's part, its total and its problem, if any. */
export interface CartLine {
  productId: string;
  quantity: number;
  /** Null when the part is no longer sold. */
  part: Part | null;
  /** quantity × the part's price now, in cents; 0 when the part is gone. */
  lineTotal: number;
  problem?: string;
}

export interface Cart {
  lines: CartLine[];
  /** The sum of the line totals, in cents. */
  subtotal: number;
  /** True when every line can be ordered as it stands (and there is one). */
  ready: boolean;
}

/** Prices lines against the parts as they are now: the one place a cart's money is added up. */
export function priceCart(lines: readonly CartLineInput[], partOf: (productId: string) => Part | null | undefined): Cart {
  const priced = lines.map((line): CartLine => {
    const part = partOf(line.productId) ?? null;
    const problem = cartLineProblem(part, line.quantity);
    return {
      productId: line.productId,
      quantity: line.quantity,
      part,
      lineTotal: part ? lineTotalCents(part.price, line.quantity) : 0,
      ...(problem ? { problem } : {}),
    };
  });
  return {
    lines: priced,
    subtotal: priced.reduce((sum, line) => sum + line.lineTotal, 0),
    ready: priced.length > 0 && priced.every((line) => !line.problem),
  };
}

/**
 * A visitor's lines added to the account's: the same part's quantities are added and capped at
 * the stock (a sold-out or unknown part keeps the sum, and its line says why it cannot be
 * ordered); new parts go last. At most 50 lines: the visitor's lines beyond that are dropped.
 */
export function mergeCartLines(
  account: readonly CartLineInput[],
  visitor: readonly CartLineInput[],
  stockOf: (productId: string) => number | undefined,
): CartLineInput[] {
  const merged = account.map((line) => ({ ...line }));
  for (const line of visitor) {
    const same = merged.find((existing) => existing.productId === line.productId);
    if (!same && merged.length >= CART_MAX_LINES) continue;
    const target = same ?? { productId: line.productId, quantity: 0 };
    const stock = stockOf(line.productId);
    const sum = Math.min(target.quantity + line.quantity, CART_MAX_QUANTITY);
    target.quantity = stock !== undefined && stock > 0 ? Math.min(sum, stock) : sum;
    if (!same) merged.push(target);
  }
  return merged;
}
