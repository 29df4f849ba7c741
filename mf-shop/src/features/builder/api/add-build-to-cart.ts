/**
 * 'Add build to cart': every chosen part at quantity 1, or the part's minimum order
 * (buildCartLines in contracts makes the lines). The shop has no cart yet (issue 21): until it
 * does there is no function here and the builder shows no such button; nothing pretends to add
 * anything. The cart sets this to its own "add these lines" and the button appears.
 */
export interface CartLine {
  productId: string;
  quantity: number;
}

export type AddBuildToCart = (lines: CartLine[]) => Promise<void>;

export const addBuildToCart: AddBuildToCart | null = null;
