import { CART_MAX_LINES, cartLineProblem, cartText, mergeCartLines, priceCart } from './cart';
import { cartInputSchema } from './cart-schemas';
import type { Part } from './entities';
import { testPart } from './testing/fixtures';
import { testObjectId as id } from './testing/ids';

const part = (n: number, fields: Partial<Part> = {}): Part => testPart(n, { price: 1000, p_quantity: 10, min_quantity: 2, ...fields });

describe('cartLineProblem', () => {
  it('says the api’s sentences: the stock, the minimum order, a part no longer sold', () => {
    expect(cartLineProblem(part(1), 2)).toBeNull();
    expect(cartLineProblem(part(1), 10)).toBeNull();
    expect(cartLineProblem(part(1), 11)).toBe('Only 10 left in stock.');
    expect(cartLineProblem(part(1, { p_quantity: 0 }), 1)).toBe('This part is sold out.');
    expect(cartLineProblem(part(1), 1)).toBe('Minimum order quantity at least 2');
    expect(cartLineProblem(null, 1)).toBe(cartText.partGone);
  });
});

describe('priceCart', () => {
  it('adds up the line totals in cents at the parts’ prices and says whether it can be ordered', () => {
    const parts = new Map([part(1, { price: 1999 }), part(2, { price: 250 })].map((p) => [p._id, p]));
    const cart = priceCart(
      [
        { productId: id(1), quantity: 3 },
        { productId: id(2), quantity: 4 },
      ],
      (productId) => parts.get(productId),
    );
    expect(cart.subtotal).toBe(3 * 1999 + 4 * 250);
    expect(cart.ready).toBe(true);
    const flagged = priceCart([{ productId: id(3), quantity: 1 }], () => undefined);
    expect(flagged).toEqual({ lines: [{ productId: id(3), quantity: 1, part: null, lineTotal: 0, problem: cartText.partGone }], subtotal: 0, ready: false });
    expect(priceCart([], () => undefined).ready).toBe(false);
  });
});

describe('mergeCartLines', () => {
  it('adds the same part’s quantities, caps them at the stock, and appends new parts', () => {
    const stock = new Map([[id(1), 6], [id(2), 0], [id(3), 50]]);
    const merged = mergeCartLines(
      [{ productId: id(1), quantity: 4 }, { productId: id(2), quantity: 1 }],
      [{ productId: id(1), quantity: 5 }, { productId: id(2), quantity: 2 }, { productId: id(3), quantity: 7 }, { productId: id(4), quantity: 1 }],
      (productId) => stock.get(productId),
    );
    expect(merged).toEqual([
      { productId: id(1), quantity: 6 },
      // Sold out or unknown: the sum stays, and the line says why it cannot be ordered.
      { productId: id(2), quantity: 3 },
      { productId: id(3), quantity: 7 },
      { productId: id(4), quantity: 1 },
    ]);
  });

  it('never goes past 50 lines', () => {
    const lines = (from: number) => Array.from({ length: 40 }, (_, i) => ({ productId: id(from + i), quantity: 1 }));
    expect(mergeCartLines(lines(0), lines(100), () => 5)).toHaveLength(CART_MAX_LINES);
  });
});

describe('cartInputSchema', () => {
  it('takes ids and whole quantities only, each part once, at most 50', () => {
    expect(cartInputSchema.safeParse({ lines: [{ productId: id(1), quantity: 2 }] }).success).toBe(true);
    expect(cartInputSchema.safeParse({ lines: [{ productId: id(1), quantity: 2, price: 1 }] }).success).toBe(false);
    expect(cartInputSchema.safeParse({ lines: [{ productId: id(1), quantity: 0 }] }).success).toBe(false);
    const twice = cartInputSchema.safeParse({ lines: [{ productId: id(1), quantity: 1 }, { productId: id(1), quantity: 1 }] });
    expect(twice.error?.issues[0]?.message).toBe(cartText.duplicateLine);
  });
});
