import { addLinesChange, useCartChange } from '@pcpp/contracts';
import { type CartLineInput } from '@pcpp/contracts/core';

/**
 * 'Add build to cart': every chosen part at quantity 1, or the part's minimum order
 * (buildCartLines in contracts makes the lines), added to the cart as Add to cart adds one part
 * (a visitor's in this browser, a customer's through PUT /cart).
 */
export type AddBuildToCart = (lines: CartLineInput[]) => Promise<void>;

export function useAddBuildToCart(): AddBuildToCart {
  const change = useCartChange();
  return async (lines) => {
    await change.mutateAsync(addLinesChange(lines));
  };
}
