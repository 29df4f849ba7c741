import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { toast } from 'react-toastify';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage, useAddressBook, useAuth, userKeys } from '@pcpp/contracts';
import {
  type AddressBookEntry,
  addressText,
  buildCartText,
  type Cart,
  type CheckoutQuoteInput,
  checkoutPageText,
  checkoutText,
  formatCents,
  pageMeta,
  publicNameOf,
  type SavedAddress,
  type ShippingAddress,
  shippingAddressSchema,
  type ShippingMethod,
  totalsText,
} from '@pcpp/contracts/core';
import { Button, ErrorText, LoadFailure, Spinner, usePageMeta } from '@pcpp/contracts/ui';
import { AddressFields, tidyAddress } from '@pcpp/contracts/ui/address-fields';
import { OrderTotals, VerifyEmailBanner } from '@pcpp/contracts/ui/dashboard';
import type { z } from 'zod';
import { usePricedCart } from '../../../api/use-priced-cart';
import { Inner } from '../../../components/section';
import { surface } from '../../../components/surface';
import { media } from '../../../lib/breakpoints';
import { CATALOG_PATH } from '../../../lib/catalog-url';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProfile } from '../../../api/use-profile';
import { useCheckoutQuote } from '../../../api/checkout-quote';
import { ShippingMethods } from '../../../components/shipping-methods';
import { useCartBuild } from '../../../lib/cart-build';
import { CardFields, CardPaymentScope, useCardPayment } from '@pcpp/contracts/ui/card-payment';
import { createCheckoutPaymentIntent, paymentMadeState, usePlaceCheckout } from '../api/checkout-calls';
import { AddressChoice, NEW_ADDRESS } from './address-choice';
import { CheckoutBox as Box, CheckoutColumns as Columns } from './checkout-layout';

const Title = styled.h1`
  margin: 0 0 20px;
  font-size: 1.9rem;
  ${media.medium} { font-size: 2.3rem; }
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

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  input { width: 20px; height: 20px; }
`;

const Muted = styled.p`
  margin: 0;
  color: var(--color-ink-soft);
  font-size: 0.95rem;
`;

const Place = styled.div`
  display: grid;
  gap: 8px;
  p { margin: 0; }
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

/**
 * A column of the checkout from large screens on. Below, its blocks join one column in which the
 * order summary and its total come before the payment (and the button after it).
 */
const Stack = styled.div<{ $gap?: number }>`
  display: contents;
  > .payment { order: 1; }
  > .after-payment { order: 2; }
  ${media.large} {
    display: grid;
    gap: ${({ $gap = 24 }) => $gap}px;
    > .payment, > .after-payment { order: 0; }
  }
`;

const BuildProblems = styled.div`
  padding: 12px 14px;
  border-left: 4px solid var(--color-danger, #b91c1c);
  border-radius: 6px;
  background: #fef2f2;
  ul { margin: 6px 0 0; padding-left: 20px; display: grid; gap: 4px; }
`;

type FormValues = z.input<typeof shippingAddressSchema>;
const newKey = () => crypto.randomUUID();

/** The same address, whatever the case of the postal code or the blanks around (a saved one still as chosen). */
const sameAddress = (a: FormValues, b: FormValues) =>
  (['fullName', 'street', 'city', 'postalCode', 'country', 'region', 'phone'] as const).every((field) => (a[field] ?? '').trim().toLowerCase() === (b[field] ?? '').trim().toLowerCase());

/** A saved address as the form's values (a country no longer on the list is asked for again). */
const valuesOf = (address: SavedAddress): FormValues => {
  const { fullName, street, city, postalCode, country, region, phone } = address;
  return { fullName, street, city, postalCode, country: (country || 'US') as FormValues['country'], region: region ?? (country === 'US' || !country ? '' : undefined), phone };
};


/** The lines, then Subtotal, Shipping, Tax and Total as the api worked them out for this address and method. */
function Summary({ cart, quote }: { cart: Cart; quote: ReturnType<typeof useCheckoutQuote> | null }) {
  const figures = quote?.data;
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
      <OrderTotals label={checkoutPageText.totalsTitle} testIdPrefix="checkout" totals={figures ?? { subtotal: cart.subtotal }} />
      {quote === null && <Muted>{checkoutPageText.quoteNeedsAddress}</Muted>}
      {quote?.isFetching && <Spinner label={totalsText.quoting} />}
      {quote?.isError && !quote.isFetching && (
        // A 400 is the api's sentence about this order (parts under the card minimum); anything else, ours.
        <ErrorText role="alert">{quote.error instanceof ApiError && quote.error.status === 400 ? quote.error.message : totalsText.quoteFailed}</ErrorText>
      )}
    </Box>
  );
}

/**
 * The address, the method, the card and the one button: places every line of the cart, then pays
 * for them. The address is one of the saved ones (the default chosen first) or a new one, which
 * can be saved to the address book.
 */
function CheckoutForm({ cart, saved, book }: { cart: Cart; saved: SavedAddress | undefined; book: AddressBookEntry[] }) {
  const user = useAuth((s) => s.user);
  const verified = user?.emailVerified !== false;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const place = usePlaceCheckout();
  const payment = useCardPayment();
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  // Saved addresses whole enough to ship to (one taken from a line of text is checked in the form first).
  const offered = book.filter((entry) => !entry.needsCheck);
  const [chosen, setChosen] = useState(() => offered.find((entry) => entry.isDefault)?._id ?? offered[0]?._id ?? NEW_ADDRESS);
  const blank: FormValues = { fullName: user ? publicNameOf(user) : '', street: '', city: '', postalCode: '', country: 'US', region: '', phone: '' };
  // A new address starts from the profile's (a line of text to check), else blank.
  const startNew = (): FormValues => (saved && book.length === 0 ? valuesOf(saved) : book.find((entry) => entry.needsCheck && entry.isDefault) ? valuesOf(book.find((entry) => entry.isDefault)!) : blank);
  const [saveAddress, setSaveAddress] = useState(offered.length === 0);
  const [method, setMethod] = useState<ShippingMethod>('standard');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, ShippingAddress>({
    resolver: zodResolver(shippingAddressSchema),
    mode: 'onTouched',
    // A saved address is offered as it is; the form checks it again (a country no longer on the list is asked for).
    defaultValues: chosen === NEW_ADDRESS ? startNew() : valuesOf(offered.find((entry) => entry._id === chosen)!),
  });
  const { handleSubmit, control, reset, formState: { isSubmitting } } = form;
  // Choosing fills the fields; editing them after makes it a new address (the choice shows it).
  const choose = (id: string) => {
    setChosen(id);
    const entry = offered.find((candidate) => candidate._id === id);
    reset(entry ? valuesOf(entry) : startNew());
  };

  // The quote follows the address as typed, once it is a whole address; asked when typing pauses.
  const typed = useWatch({ control }) as FormValues;
  const chosenEntry = offered.find((entry) => entry._id === chosen);
  const shownChoice = chosenEntry && sameAddress(typed, valuesOf(chosenEntry)) ? chosen : NEW_ADDRESS;
  const lines = cart.lines.map(({ productId, quantity }) => ({ productId, quantity }));
  const complete = shippingAddressSchema.safeParse(typed);
  const quoteInput = useDebouncedValue<CheckoutQuoteInput | null>(complete.success ? { lines, address: tidyAddress(complete.data), shippingMethod: method } : null, 400);
  const quote = useCheckoutQuote(quoteInput);

  const submit = handleSubmit(async (address) => {
    setFailure(null);
    let checkoutId: string;
    try {
      const placed = await place.mutateAsync({ input: { lines, address: tidyAddress(address), saveAddress, shippingMethod: method }, idempotencyKey });
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
    // The api made the PaymentIntent for the checkout's total (the figures its answer carries).
    const paid = await payment.pay(() => createCheckoutPaymentIntent(checkoutId), { name: address.fullName, email: user?.email ?? '' });
    // Placed either way: the confirmation page shows it, paid, or with 'Pay now' and why the card failed.
    navigate(`/checkout/${checkoutId}`, { state: paid.paid ? paymentMadeState() : { cardError: paid.message } });
  });

  // The build in the cart with Problems: they are repeated above the button.
  const build = useCartBuild(cart.lines.map((line) => line.productId));
  // The total on the button is never stale: while the address or method waits for its quote, it says so.
  const asked = complete.success ? JSON.stringify({ lines, address: tidyAddress(complete.data), shippingMethod: method }) : null;
  const quotePending = asked !== null && (asked !== JSON.stringify(quoteInput) || quote.isFetching);
  const total = quote.data?.total;
  const placeLabel = quotePending
    ? `${checkoutText.placeAndPay} (${totalsText.updatingTotal})`
    : total === undefined
      ? checkoutText.placeAndPay
      : `${checkoutText.placeAndPay} (${formatCents(total)})`;
  return (
    <>
      {!verified && <VerifyEmailBanner atCheckout />}
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} aria-label={checkoutText.title}>
          <Columns>
            <Stack>
              <Box aria-labelledby="checkout-address-title">
                <h2 id="checkout-address-title">{checkoutText.addressTitle}</h2>
                {offered.length > 0 && <AddressChoice saved={offered} chosen={shownChoice} onChoose={choose} />}
                <AddressFields idPrefix="address" />
                <Check>
                  <input type="checkbox" checked={saveAddress} onChange={(event) => setSaveAddress(event.target.checked)} />
                  {addressText.saveForNextTime}
                </Check>
              </Box>
              <Box as="div">
                <ShippingMethods quote={quote.data} method={method} onMethod={setMethod} />
              </Box>
              <Box aria-labelledby="checkout-payment-title" className="payment">
                <h2 id="checkout-payment-title">{checkoutText.paymentTitle}</h2>
                <CardFields onState={payment.setCard} />
                {payment.card.error && <ErrorText role="alert">{payment.card.error}</ErrorText>}
              </Box>
            </Stack>
            <Stack $gap={16}>
              <Summary cart={cart} quote={quoteInput === null ? null : quote} />
              {build?.state === 'problems' && (
                <BuildProblems className="after-payment" role="note" data-testid="checkout-build-problems">
                  <strong>{buildCartText.buildProblemsAtCheckout(build.problems.length)}</strong>
                  <ul>
                    {build.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                </BuildProblems>
              )}
              {failure && <ErrorText role="alert" className="after-payment">Your order was not placed: {failure}</ErrorText>}
              <Place className="after-payment">
                <Button type="submit" disabled={!verified || !payment.ready || isSubmitting} aria-describedby={verified ? undefined : 'place-disabled-reason'}>
                  {isSubmitting ? checkoutText.placing : placeLabel}
                </Button>
                {!verified && <ErrorText id="place-disabled-reason">{checkoutText.placeDisabledUnverified}</ErrorText>}
              </Place>
            </Stack>
          </Columns>
        </form>
      </FormProvider>
    </>
  );
}

/** /checkout: one page for where the parts go and paying for them. */
export function CheckoutPage() {
  usePageMeta(pageMeta.checkout);
  const priced = usePricedCart();
  const profile = useProfile();
  const book = useAddressBook();
  let body;
  if (priced.status === 'pending' || profile.isPending || book.isPending) body = <Spinner label="Loading your order…" />;
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
        {/* Without the address book (it failed to load), the profile's saved address as before. */}
        <CheckoutForm cart={priced.cart} saved={profile.data?.shippingAddress} book={book.data?.addresses ?? []} />
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
