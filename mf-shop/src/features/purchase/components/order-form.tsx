import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from '@pcpp/contracts/router';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, errorMessage, useAuth } from '@pcpp/contracts';
import { addressLine, cartText, checkoutText, formatCents, lineTotalCents, orderFormSchema, toastMessages, type Part } from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria } from '@pcpp/contracts/ui';
import { useProfile } from '../../../api/use-profile';
import { surface } from '../../../components/surface';
import { useAddToCart } from '../../../components/use-add-to-cart';
import { usePlaceOrder } from '../api/place-order';

type OrderSchema = ReturnType<typeof orderFormSchema>;
type FormValues = z.input<OrderSchema>;
type OrderValues = z.output<OrderSchema>;

const Form = styled.form`
  ${surface}
  display: grid;
  gap: 16px;
  padding: 20px;
  h2 { margin: 0; font-size: 1.3rem; }
`;

const Submit = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding-top: 8px;
  border-top: 1px solid var(--color-border);
  p { margin: 0; font-size: 1.1rem; }
  strong { font-variant-numeric: tabular-nums; }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const newIdempotencyKey = () => crypto.randomUUID();

function totalOf(quantity: unknown, unitCents: number): string {
  const text = String(quantity ?? '').trim();
  return /^\d{1,7}$/.test(text) ? formatCents(lineTotalCents(unitCents, Number(text))) : '—';
}

/** The right side of the purchase page: the spec's order form, checked by the api's own schema. */
export function OrderForm({ part }: { part: Part }) {
  const email = useAuth((s) => s.user?.email ?? '');
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const cart = useAddToCart(part);
  // Why the quantity could not go into the cart, for the quantity it was said about.
  const [cartRefusal, setCartRefusal] = useState<{ quantity: unknown; message: string } | null>(null);
  // One key per submission: a retry after a lost answer returns the first order, never a second.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  // The limits move when the stock is refreshed; react-hook-form uses the latest resolver.
  const { min_quantity, p_quantity } = part;
  const schema = useMemo(() => orderFormSchema({ min_quantity, p_quantity }), [min_quantity, p_quantity]);
  const {
    register,
    handleSubmit,
    reset,
    control,
    trigger,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, OrderValues>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { productId: part._id, order_quantity: String(part.min_quantity), address: '', phone: '' },
  });

  // The saved address (the one address book) fills the address and the phone, unless typed already.
  const saved = useProfile().data?.shippingAddress;
  useEffect(() => {
    if (!saved) return;
    if (getValues('address') === '') setValue('address', addressLine(saved));
    if (getValues('phone') === '') setValue('phone', saved.phone);
  }, [saved, getValues, setValue]);

  // Fresh stock (after a 409, or bought meanwhile) re-checks the quantity already typed.
  useEffect(() => {
    if (getValues('order_quantity') !== '') void trigger('order_quantity');
  }, [part.p_quantity, part.min_quantity, getValues, trigger]);

  const submit = handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      const { insertedId, order } = await placeOrder.mutateAsync({ input: values, idempotencyKey });
      // The spec's toast, with the way to pay for the order at once: its checkout's confirmation page and card form
      // (every order placed now has one; an answer without it, from an older api, keeps the spec's payment page).
      const payAt = order.checkoutId ? `/checkout/${order.checkoutId}` : `/dashboard/payment/${insertedId}`;
      toast.success(
        <span>
          <span>{toastMessages.orderPlaced}</span> <Link to={payAt}>{checkoutText.payNow}</Link>
        </span>,
      );
      reset();
      setIdempotencyKey(newIdempotencyKey());
      navigate('/');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Stock went meanwhile: say how many are left; the page shows the fresh stock.
        toast.error(error.message);
        setIdempotencyKey(newIdempotencyKey());
        return;
      }
      setSubmitError(errorMessage(error));
    }
  });

  // The same quantity, checked by the same rule, into the cart instead (counting what it holds already).
  const addToCart = async () => {
    setCartRefusal(null);
    if (!(await trigger('order_quantity'))) return;
    const typed = getValues('order_quantity');
    const parsed = schema.shape.order_quantity.safeParse(typed);
    if (!parsed.success) return;
    const problem = cart.problem(parsed.data);
    if (problem) setCartRefusal({ quantity: typed, message: problem });
    else await cart.add(parsed.data);
  };

  const quantity = useWatch({ control, name: 'order_quantity' });
  // A new quantity is a new question for the cart.
  const cartError = cartRefusal && cartRefusal.quantity === quantity ? cartRefusal.message : null;
  const quantityError = errors.order_quantity?.message;
  const field = (name: 'address' | 'phone') => ({ id: `order-${name}`, error: errors[name]?.message });
  return (
    <Form noValidate onSubmit={submit} aria-labelledby="order-title">
      <h2 id="order-title">Place your order</h2>
      <Field id="order-product" label="Product name">
        <input id="order-product" type="text" value={part.name} readOnly />
      </Field>
      <Field id="order-email" label="Email">
        <input id="order-email" type="email" value={email} readOnly />
      </Field>
      <Field id="order-price" label="Per product price">
        <input id="order-price" type="text" value={formatCents(part.price)} readOnly />
      </Field>
      <Field
        id="order-quantity"
        label="Quantity"
        error={quantityError}
        hint={`From ${part.min_quantity} to ${part.p_quantity}${cart.inCart > 0 ? ` · ${cartText.inCart(cart.inCart)}` : ''}`}
      >
        <input
          id="order-quantity"
          type="number"
          inputMode="numeric"
          min={part.min_quantity}
          max={part.p_quantity}
          step={1}
          {...fieldAria('order-quantity', quantityError, 'hint')}
          {...register('order_quantity')}
        />
      </Field>
      <Field {...field('address')} label="Address">
        <input id="order-address" type="text" autoComplete="street-address" {...fieldAria('order-address', errors.address?.message)} {...register('address')} />
      </Field>
      <Field {...field('phone')} label="Phone number">
        <input id="order-phone" type="tel" autoComplete="tel" {...fieldAria('order-phone', errors.phone?.message)} {...register('phone')} />
      </Field>
      {submitError && <ErrorText role="alert">Your order was not placed: {submitError}</ErrorText>}
      {cartError && <ErrorText role="alert">{cartError}</ErrorText>}
      <Submit>
        <p aria-live="polite">
          Total: <strong data-testid="order-total">{totalOf(quantity, part.price)}</strong>
        </p>
        <Buttons>
          <Button type="button" $variant="secondary" disabled={Boolean(quantityError) || !cart.ready || cart.pending} onClick={() => void addToCart()}>
            {cart.pending ? cartText.adding : cartText.addToCart}
          </Button>
          <Button type="submit" disabled={Boolean(quantityError) || isSubmitting}>
            {isSubmitting ? 'Placing your order…' : 'Order Now'}
          </Button>
        </Buttons>
      </Submit>
    </Form>
  );
}
