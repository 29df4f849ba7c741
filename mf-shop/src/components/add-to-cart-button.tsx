import { Link } from '@pcpp/contracts/router';
import { cartText, type Part } from '@pcpp/contracts/core';
import { Button } from '@pcpp/contracts/ui';
import { useAddToCart } from './use-add-to-cart';

/**
 * A card's way to the cart: adds the minimum order; once the part is in the cart, the link to it
 * (the quantity is changed there). Each names its part for screen readers ("Add … to cart"),
 * where a grid holds a dozen of them.
 */
export function AddToCartButton({ part, className }: { part: Part; className?: string }) {
  const cart = useAddToCart(part);
  if (cart.inCart > 0) {
    return (
      <Button as={Link} to="/cart" $variant="secondary" className={className} aria-label={cartText.partInCartLink(part.name, cart.inCart)}>
        {cartText.inCartLink(cart.inCart)}
      </Button>
    );
  }
  return (
    <Button
      type="button"
      $variant="secondary"
      className={className}
      aria-label={cartText.addPartToCart(part.name)}
      disabled={!cart.ready || cart.pending}
      onClick={() => void cart.add(part.min_quantity)}
    >
      {cart.pending ? cartText.adding : cartText.addToCart}
    </Button>
  );
}
