import { useEffect, useMemo, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from '@pcpp/contracts/router';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, errorMessage, useAuth } from '@pcpp/contracts';
import {
  addressLine,
  cartText,
  checkoutPageText,
  checkoutText,
  formatCents,
  isPhoneNumber,
  lineTotalCents,
  orderFormSchema,
  publicNameOf,
  type SavedAddress,
  type ShippingAddress,
  shippingAddressSchema,
  type ShippingMethod,
  singleOrderText,
  toastMessages,
  totalsText,
  type Part,
} from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria, Spinner } from '@pcpp/contracts/ui';
import { AddressFields, tidyAddress } from '@pcpp/contracts/ui/address-fields';
import { OrderTotals } from '@pcpp/contracts/ui/dashboard';
import { useCheckoutQuote } from '../../../api/checkout-quote';
import { useProfile } from '../../../api/use-profile';
import { ShippingMethods } from '../../../components/shipping-methods';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { surface } from '../../../components/surface';
import { useAddToCart } from '../../../components/use-add-to-cart';
import { usePlaceOrder } from '../api/place-order';

type OrderSchema = ReturnType<typeof orderFormSchema>;
/** The address's fields but the phone: the spec's Phone number is the address's phone. */
type ShipToValues = Omit<z.input<typeof shippingAddressSchema>, 'phone'>;
type FormValues = z.input<OrderSchema> & { shipTo: ShipToValues };
/** What the form gives POST /order: the spec's fields, the address a line or the checkout's address object. */
type OrderValues = Omit<z.output<OrderSchema>, 'address'> & { address: string | ShippingAddress };

/** How the address is given: the checkout's fields (priced before Order Now), or the spec's one line. */
type AddressMode = 'fields' | 'line';

const emptyShipTo = (name: string): ShipToValues => ({ fullName: name, street: '', city: '', postalCode: '', country: 'US', region: '' });
function shipToOf(saved: SavedAddress): ShipToValues {
  const { phone: _phone, ...rest } = saved;
  return { ...rest, region: saved.region ?? (saved.country === 'US' ? '' : undefined) } as ShipToValues;
}

/**
 * Checks the spec's fields with the api's rule; in 'fields' mode the address with the Phone number
 * as its phone (the address's phone error shows under the Phone number), and gives POST /order the
 * address object instead of the line.
 */
function orderResolver(schema: OrderSchema, mode: AddressMode): Resolver<FormValues, unknown, OrderValues> {
  const spec = zodResolver(schema);
  const address = zodResolver(shippingAddressSchema);
  return async (values, context, options) => {
    const { shipTo, ...fields } = values;
    const specFields = { ...fields, address: mode === 'line' ? fields.address : 'given in fields' };
    const checked = await spec(specFields as z.input<OrderSchema>, context, options as never);
    if (mode === 'line') return checked as Awaited<ReturnType<Resolver<FormValues, unknown, OrderValues>>>;
    const where = await address({ ...shipTo, phone: fields.phone } as z.input<typeof shippingAddressSchema>, context, options as never);
    const { phone: addressPhone, ...addressErrors } = where.errors as Record<string, unknown>;
    const errors = {
      ...checked.errors,
      ...(!checked.errors.phone && addressPhone ? { phone: addressPhone } : {}),
      ...(Object.keys(addressErrors).length > 0 ? { shipTo: addressErrors } : {}),
    };
    if (Object.keys(errors).length > 0) return { values: {}, errors } as never;
    return { values: { ...(checked.values as z.output<OrderSchema>), address: tidyAddress(where.values as ShippingAddress) }, errors: {} };
  };
}

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

const AddressGroup = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: grid;
  gap: 12px;
  legend { padding: 0; margin-bottom: 6px; font-weight: 600; }
`;

/** The switch between the address's fields and the spec's one line: a link-like button. */
const SwitchMode = styled.button`
  justify-self: start;
  min-height: 44px;
  padding: 0;
  border: 0;
  background: none;
  color: var(--color-primary-dark, #1d4ed8);
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
`;

const Note = styled.p`
  margin: 0;
  color: var(--color-ink-soft);
  font-size: 0.95rem;
`;

const newIdempotencyKey = () => crypto.randomUUID();

/** A phone the quote is asked with while the Phone number is not whole yet: the phone plays no part in the price. */
const QUOTE_PHONE = '+1 415 555 0100';

/** The figures before Order Now: priced by the api for the address and method ('fields'), or the parts alone and why. */
function OrderFigures({ quote, subtotal, mode }: { quote: ReturnType<typeof useCheckoutQuote> | null; subtotal: number | null; mode: AddressMode }) {
  if (mode === 'line') {
    return (
      <>
        {subtotal !== null && <OrderTotals label={checkoutPageText.totalsTitle} testIdPrefix="purchase" totals={{ subtotal }} />}
        <Note>{singleOrderText.oneLineNote}</Note>
      </>
    );
  }
  return (
    <>
      {quote?.data ? (
        <OrderTotals label={checkoutPageText.totalsTitle} testIdPrefix="purchase" totals={quote.data} />
      ) : (
        subtotal !== null && <OrderTotals label={checkoutPageText.totalsTitle} testIdPrefix="purchase" totals={{ subtotal }} />
      )}
      {quote === null && <Note>{checkoutPageText.quoteNeedsAddress}</Note>}
      {quote?.isFetching && <Spinner label={totalsText.quoting} />}
      {quote?.isError && !quote.isFetching && (
        <ErrorText role="alert">{quote.error instanceof ApiError && quote.error.status === 400 ? quote.error.message : totalsText.quoteFailed}</ErrorText>
      )}
    </>
  );
}

/** The right side of the purchase page: the spec's order form, checked by the api's own schema, priced like a checkout. */
export function OrderForm({ part }: { part: Part }) {
  const user = useAuth((s) => s.user);
  const email = user?.email ?? '';
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const cart = useAddToCart(part);
  // Why the quantity could not go into the cart, for the quantity it was said about.
  const [cartRefusal, setCartRefusal] = useState<{ quantity: unknown; message: string } | null>(null);
  // One key per submission: a retry after a lost answer returns the first order, never a second.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [mode, setMode] = useState<AddressMode>('fields');
  const [method, setMethod] = useState<ShippingMethod>('standard');
  // The limits move when the stock is refreshed; react-hook-form uses the latest resolver.
  const { min_quantity, p_quantity } = part;
  const schema = useMemo(() => orderFormSchema({ min_quantity, p_quantity }), [min_quantity, p_quantity]);
  const resolver = useMemo(() => orderResolver(schema, mode), [schema, mode]);
  const form = useForm<FormValues, unknown, OrderValues>({
    resolver,
    mode: 'onChange',
    defaultValues: { productId: part._id, order_quantity: String(part.min_quantity), address: '', phone: '', shipTo: emptyShipTo(user ? publicNameOf(user) : '') },
  });
  const {
    register,
    handleSubmit,
    reset,
    control,
    trigger,
    getValues,
    setValue,
    formState: { errors, isSubmitting, dirtyFields },
  } = form;

  // The saved address (the one address book) fills the address's fields, its line and the phone, unless typed already.
  const saved = useProfile().data?.shippingAddress;
  useEffect(() => {
    if (!saved) return;
    if (!dirtyFields.shipTo) setValue('shipTo', shipToOf(saved));
    if (getValues('address') === '') setValue('address', addressLine(saved));
    if (getValues('phone') === '') setValue('phone', saved.phone);
    // Only when the saved address arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved, getValues, setValue]);

  // Fresh stock (after a 409, or bought meanwhile) re-checks the quantity already typed.
  useEffect(() => {
    if (getValues('order_quantity') !== '') void trigger('order_quantity');
  }, [part.p_quantity, part.min_quantity, getValues, trigger]);

  const quantity = useWatch({ control, name: 'order_quantity' });
  const shipTo = useWatch({ control, name: 'shipTo' });
  const phone = useWatch({ control, name: 'phone' });
  const quantityText = String(quantity ?? '').trim();
  const wholeQuantity = /^\d{1,7}$/.test(quantityText) && Number(quantityText) >= part.min_quantity && Number(quantityText) <= part.p_quantity ? Number(quantityText) : null;
  // The quote follows the address as typed, once whole (the phone plays no part in the price).
  const complete = shippingAddressSchema.safeParse({ ...shipTo, phone: isPhoneNumber(String(phone ?? '')) ? phone : QUOTE_PHONE });
  const quoteInput = useDebouncedValue(
    mode === 'fields' && complete.success && wholeQuantity !== null
      ? { lines: [{ productId: part._id, quantity: wholeQuantity }], address: tidyAddress(complete.data), shippingMethod: method }
      : null,
    400,
  );
  const quote = useCheckoutQuote(quoteInput);
  const subtotal = wholeQuantity === null ? null : lineTotalCents(part.price, wholeQuantity);
  const total = mode === 'fields' && quoteInput !== null && quote.data && !quote.isFetching ? quote.data.total : subtotal;

  const submit = handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      const input = mode === 'fields' ? { ...values, shippingMethod: method } : values;
      const { insertedId, order } = await placeOrder.mutateAsync({ input, idempotencyKey });
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

  // A new quantity is a new question for the cart.
  const cartError = cartRefusal && cartRefusal.quantity === quantity ? cartRefusal.message : null;
  const quantityError = errors.order_quantity?.message;
  const field = (name: 'address' | 'phone') => ({ id: `order-${name}`, error: errors[name]?.message });
  return (
    <FormProvider {...form}>
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
        {mode === 'fields' ? (
          <AddressGroup aria-labelledby="order-address-title">
            <legend id="order-address-title">Address</legend>
            <AddressFields idPrefix="order-ship-to" namePrefix="shipTo." withPhone={false} />
          </AddressGroup>
        ) : (
          <Field {...field('address')} label="Address">
            <input id="order-address" type="text" autoComplete="street-address" {...fieldAria('order-address', errors.address?.message)} {...register('address')} />
          </Field>
        )}
        <SwitchMode type="button" onClick={() => setMode(mode === 'fields' ? 'line' : 'fields')}>
          {mode === 'fields' ? singleOrderText.typeOnOneLine : singleOrderText.useFields}
        </SwitchMode>
        <Field {...field('phone')} label="Phone number">
          <input id="order-phone" type="tel" autoComplete="tel" {...fieldAria('order-phone', errors.phone?.message)} {...register('phone')} />
        </Field>
        {mode === 'fields' && <ShippingMethods quote={quote.data} method={method} onMethod={setMethod} />}
        <OrderFigures quote={mode === 'fields' && quoteInput !== null ? quote : null} subtotal={subtotal} mode={mode} />
        {submitError && <ErrorText role="alert">Your order was not placed: {submitError}</ErrorText>}
        {cartError && <ErrorText role="alert">{cartError}</ErrorText>}
        <Submit>
          <p aria-live="polite">
            Total: <strong data-testid="order-total">{total === null ? '—' : formatCents(total)}</strong>
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
    </FormProvider>
  );
}
