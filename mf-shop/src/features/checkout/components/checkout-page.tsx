import { type InputHTMLAttributes, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { toast } from 'react-toastify';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage, useAuth, userKeys } from '@pcpp/contracts';
import {
  addressText,
  type Cart,
  checkoutText,
  formatCents,
  pageMeta,
  publicNameOf,
  type SavedAddress,
  SHIPPING_COUNTRIES,
  type ShippingAddress,
  shippingAddressSchema,
} from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria, LoadFailure, Spinner, usePageMeta } from '@pcpp/contracts/ui';
import type { z } from 'zod';
import { usePricedCart } from '../../../api/use-priced-cart';
import { Inner } from '../../../components/section';
import { surface } from '../../../components/surface';
import { media } from '../../../lib/breakpoints';
import { CATALOG_PATH } from '../../../lib/catalog-url';
import { paymentMadeState, useProfile, usePlaceCheckout } from '../api/checkout-calls';
import { CardFields, CardPaymentScope, useCheckoutPayment } from './card-payment';
import { CheckoutBox as Box, CheckoutColumns as Columns } from './checkout-layout';

const Title = styled.h1`
  margin: 0 0 20px;
  font-size: 1.9rem;
  ${media.medium} { font-size: 2.3rem; }
`;

const Fields = styled.div`
  display: grid;
  gap: 14px;
  ${media.medium} { grid-template-columns: 1fr 1fr; > .wide { grid-column: 1 / -1; } }
`;

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  li { display: flex; justify-content: space-between; gap: 12px; }
  span:last-child { font-variant-numeric: tabular-nums; white-space: nowrap; }
`;

const Total = styled.p`
  display: flex;
  justify-content: space-between;
  margin: 0;
  padding-top: 12px;
  border-top: 1px solid var(--color-border);
  font-size: 1.15rem;
  strong { font-variant-numeric: tabular-nums; }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  input { width: 20px; height: 20px; }
`;

const Note = styled.div`
  ${surface}
  display: grid;
  justify-items: center;
  gap: 16px;
  padding: 32px 16px;
  text-align: center;
  p { margin: 0; color: var(--color-ink-soft); }
`;

type FormValues = z.input<typeof shippingAddressSchema>;
const newKey = () => crypto.randomUUID();

function Summary({ cart }: { cart: Cart }) {
  return (
    <Box aria-labelledby="checkout-lines-title">
      <h2 id="checkout-lines-title">{checkoutText.linesTitle}</h2>
      <Lines>
        {cart.lines.map((line) => (
          <li key={line.productId}>
            <span>
              {line.quantity} × {line.part?.name}
            </span>
            <span>{formatCents(line.lineTotal)}</span>
          </li>
        ))}
      </Lines>
      <Total>
        <span>{checkoutText.total}</span>
        <strong data-testid="checkout-total">{formatCents(cart.subtotal)}</strong>
      </Total>
    </Box>
  );
}

/** The address, the card and the one button: places every line of the cart, then pays for them. */
function CheckoutForm({ cart, saved }: { cart: Cart; saved: SavedAddress | undefined }) {
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const place = usePlaceCheckout();
  const payment = useCheckoutPayment();
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [saveAddress, setSaveAddress] = useState(!saved);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, ShippingAddress>({
    resolver: zodResolver(shippingAddressSchema),
    // A saved address is offered as it is; the form checks it again (a country no longer on the list is asked for).
    defaultValues: saved ? (saved as FormValues) : { fullName: user ? publicNameOf(user) : '', street: '', city: '', postalCode: '', country: 'US', phone: '' },
  });

  const submit = handleSubmit(async (address) => {
    setFailure(null);
    let checkoutId: string;
    try {
      const placed = await place.mutateAsync({
        input: { lines: cart.lines.map(({ productId, quantity }) => ({ productId, quantity })), address, saveAddress },
        idempotencyKey,
      });
      checkoutId = placed.checkoutId;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Stock went meanwhile: the cart shows which line and how many are left.
        toast.error(error.message);
        setIdempotencyKey(newKey());
        await queryClient.invalidateQueries({ queryKey: userKeys.all });
        navigate('/cart');
        return;
      }
      setFailure(errorMessage(error));
      return;
    }
    setIdempotencyKey(newKey());
    const paid = await payment.pay(checkoutId, { name: address.fullName, email: user?.email ?? '' });
    // Placed either way: the confirmation page shows it, paid, or with 'Pay now' and why the card failed.
    navigate(`/checkout/${checkoutId}`, { state: paid.paid ? paymentMadeState() : { cardError: paid.message } });
  });

  const field = (name: keyof FormValues, label: string, input: InputHTMLAttributes<HTMLInputElement>, wide = false) => (
    <div className={wide ? 'wide' : undefined}>
      <Field id={`address-${name}`} label={label} error={errors[name]?.message}>
        <input id={`address-${name}`} {...input} {...fieldAria(`address-${name}`, errors[name]?.message)} {...register(name)} />
      </Field>
    </div>
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={checkoutText.title}>
      <Columns>
        <div style={{ display: 'grid', gap: 24 }}>
          <Box aria-labelledby="checkout-address-title">
            <h2 id="checkout-address-title">{checkoutText.addressTitle}</h2>
            <Fields>
              {field('fullName', 'Full name', { type: 'text', autoComplete: 'name' }, true)}
              {field('street', 'Street and house number', { type: 'text', autoComplete: 'street-address' }, true)}
              {field('city', 'City', { type: 'text', autoComplete: 'address-level2' })}
              {field('postalCode', 'Postal code', { type: 'text', autoComplete: 'postal-code' })}
              <div>
                <Field id="address-country" label="Country" error={errors.country?.message}>
                  <select id="address-country" autoComplete="country" {...fieldAria('address-country', errors.country?.message)} {...register('country')}>
                    {SHIPPING_COUNTRIES.map(([code, name]) => (
                      <option key={code} value={code}>
                        {name}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              {field('phone', 'Phone number', { type: 'tel', autoComplete: 'tel' })}
            </Fields>
            <Check>
              <input type="checkbox" checked={saveAddress} onChange={(event) => setSaveAddress(event.target.checked)} />
              {addressText.saveForNextTime}
            </Check>
          </Box>
          <Box aria-labelledby="checkout-payment-title">
            <h2 id="checkout-payment-title">{checkoutText.paymentTitle}</h2>
            <CardFields onState={payment.setCard} />
            {payment.card.error && <ErrorText role="alert">{payment.card.error}</ErrorText>}
          </Box>
        </div>
        <div style={{ display: 'grid', gap: 16 }}>
          <Summary cart={cart} />
          {failure && <ErrorText role="alert">Your order was not placed: {failure}</ErrorText>}
          <Button type="submit" disabled={!payment.ready || isSubmitting}>
            {isSubmitting ? checkoutText.placing : `${checkoutText.placeAndPay} (${formatCents(cart.subtotal)})`}
          </Button>
        </div>
      </Columns>
    </form>
  );
}

/** /checkout: one page for where the parts go and paying for them. */
export function CheckoutPage() {
  usePageMeta(pageMeta.checkout);
  const priced = usePricedCart();
  const profile = useProfile();
  let body;
  if (priced.status === 'pending' || profile.isPending) body = <Spinner label="Loading your order…" />;
  else if (priced.status === 'error') body = <LoadFailure title="We could not load your cart." message={errorMessage(priced.error)} onRetry={priced.retry} framed />;
  else if (priced.cart.lines.length === 0 || !priced.cart.ready) {
    body = (
      <Note>
        <p>{priced.cart.lines.length === 0 ? checkoutText.emptyCart : checkoutText.fixCart}</p>
        <Button as={Link} to={priced.cart.lines.length === 0 ? CATALOG_PATH : '/cart'} $variant="secondary">
          {priced.cart.lines.length === 0 ? 'Browse the parts' : checkoutText.backToCart}
        </Button>
      </Note>
    );
  } else {
    body = (
      <CardPaymentScope>
        <CheckoutForm cart={priced.cart} saved={profile.data?.shippingAddress} />
      </CardPaymentScope>
    );
  }
  return (
    <Inner>
      <Title>{checkoutText.title}</Title>
      {body}
    </Inner>
  );
}
