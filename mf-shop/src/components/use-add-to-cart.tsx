import { Link } from '@pcpp/contracts/router';
import { addToCartChange, errorMessage, useCartChange, useCartLines } from '@pcpp/contracts';
import { cartText, type Part, quantityMessages } from '@pcpp/contracts/core';

/** The toast after adding: what is in the cart, and the way to it. */
function Added({ name }: { name: string }) {
  return (
    <span>
      {cartText.added(name)} <Link to="/cart">{cartText.viewCart}</Link>
    </span>
  );
}

/**
 * Adding a part to the cart with the purchase form's rule: the quantity is at least the minimum
 * order, and what the cart then holds is at most the stock.
 */
export function useAddToCart(part: Part) {
  const lines = useCartLines();
  const change = useCartChange();
  const inCart = lines?.find((line) => line.productId === part._id)?.quantity ?? 0;
  const room = Math.max(0, part.p_quantity - inCart);
  return {
    /** How many the cart holds already (0 while the cart is not known). */
    inCart,
    /** False while the cart is not known yet (the session or the cart is loading). */
    ready: lines !== undefined,
    pending: change.isPending,
    /** Why this quantity cannot be added (the spec's messages), or null. */
    problem(quantity: number): string | null {
      if (quantity < part.min_quantity) return quantityMessages.quantityMin(part.min_quantity);
      if (room === 0) return cartText.allInCart(part.p_quantity);
      if (quantity > room) return quantityMessages.quantityMax(room);
      return null;
    },
    /** Adds it; says so in a toast, or says why it could not. True when added. */
    async add(quantity: number): Promise<boolean> {
      // The toast library loads with the first toast, not with every card of the home page.
      const toasts = import('react-toastify');
      try {
        await change.mutateAsync(addToCartChange(part._id, quantity));
        const { toast } = await toasts;
        toast.success(<Added name={part.name} />, { toastId: `cart-${part._id}` });
        return true;
      } catch (error) {
        const { toast } = await toasts;
        toast.error(`${cartText.saveFailed} ${errorMessage(error)}`);
        return false;
      }
    },
  };
}
