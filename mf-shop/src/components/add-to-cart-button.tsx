import { Link } from '@pcpp/contracts/router';
import { cartText, type Part } from '@pcpp/contracts/core';
import { Button, VisuallyHidden } from '@pcpp/contracts/ui';
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
      disabled={!cart.ready || cart.pending}
      onClick={() => void cart.add(part.min_quantity)}
    >
      {cart.pending ? cartText.adding : <PartNamed name={part.name} />}
    </Button>
  );
}

/**
 * "Add to cart" as it shows, read as "Add <part> to cart": the name between its first word and the
 * rest, hidden from sight, so the accessible name holds the visible words (WCAG 2.5.3).
 */
function PartNamed({ name }: { name: string }) {
  const [verb, ...rest] = cartText.addToCart.split(' ');
  return (
    <>
      {verb}
      <VisuallyHidden> {name}</VisuallyHidden> {rest.join(' ')}
    </>
  );
}
