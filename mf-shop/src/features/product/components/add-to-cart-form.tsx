import { type FormEvent, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { cartText, checkOrderQuantity, type Part } from '@pcpp/contracts/core';
import { Button, Field, fieldAria } from '@pcpp/contracts/ui';
import { useAddToCart } from '../../../components/use-add-to-cart';
import { useEnteredBeforeHydration } from '../../../lib/entered-before-hydration';

const Form = styled.form`
  margin: 0;
`;

/** The quantity box right beside the button it feeds, on one line at every width. */
const Row = styled.div`
  display: flex;
  gap: 8px;
  align-items: stretch;
  && input { width: 6.5rem; flex: none; }
  button { flex: 1 1 auto; }
`;

/**
 * The quantity and 'Add to cart' on a part's page, side by side: the purchase form's rule (the
 * spec's messages), counting what the cart holds already.
 */
export function AddToCartForm({ part }: { part: Part }) {
  const id = useId();
  const cart = useAddToCart(part);
  const [text, setText] = useState(String(part.min_quantity));
  const input = useRef<HTMLInputElement>(null);
  // A part's page comes rendered by the server and its code arrives later: a figure typed meanwhile stays.
  useEnteredBeforeHydration(input, text, setText);
  // The purchase form's rule without its schema: the page's first load carries no zod.
  const checked = checkOrderQuantity(text, part);
  const quantity = 'quantity' in checked ? checked.quantity : null;
  const error = 'quantity' in checked ? (cart.ready ? cart.problem(checked.quantity) : null) : checked.error;
  const hint = cart.inCart > 0 ? cartText.inCart(cart.inCart) : `From ${part.min_quantity} to ${part.p_quantity}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (quantity !== null && !error) await cart.add(quantity);
  };
  const shownError = error ?? undefined;
  return (
    <Form noValidate onSubmit={submit} aria-label={cartText.addToCart}>
      <Field id={`${id}-quantity`} label="Quantity" hint={hint} error={shownError}>
        <Row>
          <input
            ref={input}
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={part.min_quantity}
            max={part.p_quantity}
            step={1}
            value={text}
            onChange={(event) => setText(event.target.value)}
            {...fieldAria(`${id}-quantity`, shownError, 'hint')}
          />
          <Button type="submit" $variant="secondary" disabled={!cart.ready || cart.pending || Boolean(shownError)}>
            {cart.pending ? cartText.adding : cartText.addToCart}
          </Button>
        </Row>
      </Field>
    </Form>
  );
}
