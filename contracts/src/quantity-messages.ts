// The quantity and stock sentences every card's Add to cart may show, in a module of their own:
// webpack keeps a module whole in the first chunk that needs any of it, and messages.ts holds every
// form's texts, which the home page does not need.

/** The spec's quantity messages, character for character (also in validationMessages). */
export const quantityMessages = {
  quantityMin: (min: number) => `Minimum order quantity at least ${min}`,
  quantityMax: (max: number) => `Maximum order quantity ${max}`,
};

/**
 * The api's answer to an order the stock cannot cover (409, with `available` beside the message).
 * Ours: the spec has no text for it.
 */
export function stockLeftMessage(available: number): string {
  return available > 0 ? `Only ${available} left in stock.` : 'This part is sold out.';
}
