import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { ApiError, errorMessage, orderKeys, userKeys, useAuth } from '@pcpp/contracts';
import {
  type Checkout,
  checkoutPageText,
  checkoutText,
  formatCents,
  lineChargeCents,
  OBJECT_ID_PATTERN,
  pageMeta,
  type ShippingAddress,
  shippingAddressSchema,
  type ShippingMethod,
  singleOrderText,
  toastMessages,
  totalsText,
} from '@pcpp/contracts/core';
import { Button, ErrorText, LoadFailure, Spinner, usePageMeta } from '@pcpp/contracts/ui';
import { AddressFields, tidyAddress } from '@pcpp/contracts/ui/address-fields';
import { OrderTotals } from '@pcpp/contracts/ui/dashboard';
import { useCheckoutQuote } from '../../../api/checkout-quote';
import { ShippingMethods } from '../../../components/shipping-methods';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { NotFoundPage } from '../../../components/not-found-page';
import { Inner } from '../../../components/section';
import { media } from '../../../lib/breakpoints';
import { createCheckoutPaymentIntent, PAYMENT_CONFIRMATION_WAIT_MS, paymentMadeState, useCheckout, useGiveOrderAddress } from '../api/checkout-calls';
import { CardFields, CardPaymentScope, useCardPayment } from '@pcpp/contracts/ui/card-payment';
import { CheckoutBox, CheckoutColumns as Columns } from './checkout-layout';

const Head = styled.header`
  display: grid;
  gap: 6px;
  margin-bottom: 20px;
  h1 { margin: 0; font-size: 1.8rem; ${media.medium} { font-size: 2.2rem; } }
  p { margin: 0; color: var(--color-ink-soft); font-size: 1.1rem; }
  strong { color: var(--color-ink); letter-spacing: 0.04em; }
`;

// The checkout's blocks, a little tighter here: they list facts rather than hold fields.
const Box = styled(CheckoutBox)`
  gap: 12px;
  h2 { font-size: 1.2rem; }
  p { margin: 0; }
  /* The status box's facts (the totals' list keeps its own rows). */
  > dl { margin: 0; display: grid; gap: 10px; }
  > dl > div { display: grid; gap: 2px; }
  > dl dt { color: var(--color-ink-soft); font-size: 0.9rem; }
  > dl dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { padding: 8px 4px; border-bottom: 1px solid var(--color-border); text-align: left; vertical-align: top; }
  td:nth-child(n + 2), th:nth-child(n + 2) { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
`;

const Status = styled.p<{ $paid: boolean }>`
  && {
    display: inline-block;
    justify-self: start;
    padding: 4px 12px;
    border-radius: 999px;
    font-weight: 700;
    background: ${({ $paid }) => ($paid ? '#dcfce7' : '#fef3c7')};
    color: ${({ $paid }) => ($paid ? '#166534' : '#92400e')};
  }
`;

function minutesLeft(holdExpiresAt: string | undefined): number | null {
  if (!holdExpiresAt) return null;
  return Math.max(0, Math.ceil((new Date(holdExpiresAt).getTime() - Date.now()) / 60_000));
}

const holdTimeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** What is left to pay: the unpaid lines with their tax and their share of the shipping. */
export function leftToPay(checkout: Checkout): number {
  return checkout.orders
    .filter((order) => order.status === 'placed')
    .reduce((sum, order) => sum + lineChargeCents(order), 0);
}

/** 'Pay now' for what is left unpaid: the card form, one payment for every unpaid line. */
function PayNow({ checkout, error, onError, onPaid }: { checkout: Checkout; error: string | null; onError: (message: string | null) => void; onPaid: () => void }) {
  const email = useAuth((s) => s.user?.email ?? '');
  const payment = useCardPayment();
  const [paying, setPaying] = useState(false);
  const pay = async () => {
    setPaying(true);
    onError(null);
    const outcome = await payment.pay(() => createCheckoutPaymentIntent(checkout.checkoutId), { name: checkout.address?.fullName ?? checkout.orders[0]?.name ?? email, email });
    setPaying(false);
    if (outcome.paid) onPaid();
    else onError(outcome.message);
  };
  return (
    <Box aria-labelledby="pay-now-title">
      <h2 id="pay-now-title">{checkoutText.payNow}</h2>
      <CardFields onState={payment.setCard} />
      {(error ?? payment.card.error) && <ErrorText role="alert">{error ?? payment.card.error}</ErrorText>}
      <Button type="button" disabled={!payment.ready || paying} onClick={() => void pay()}>
        {paying ? 'Paying…' : `${checkoutText.payNow} (${formatCents(leftToPay(checkout))})`}
      </Button>
    </Box>
  );
}

type AddressValues = z.input<typeof shippingAddressSchema>;

/**
 * An order placed with the spec's free-text address: before the card, its structured address and
 * shipping method, priced by the api (the figures shown as they will be charged); then Pay now.
 */
function GiveAddress({ checkout }: { checkout: Checkout }) {
  const give = useGiveOrderAddress(checkout.checkoutId);
  const [method, setMethod] = useState<ShippingMethod>('standard');
  const form = useForm<AddressValues, unknown, ShippingAddress>({
    resolver: zodResolver(shippingAddressSchema),
    mode: 'onTouched',
    defaultValues: { fullName: checkout.orders[0]?.name ?? '', street: '', city: '', postalCode: '', country: 'US', region: '', phone: checkout.phone },
  });
  const typed = useWatch({ control: form.control }) as AddressValues;
  const complete = shippingAddressSchema.safeParse(typed);
  const lines = checkout.orders.filter((order) => order.status === 'placed').map((order) => ({ productId: order.productId, quantity: order.order_quantity }));
  const quoteInput = useDebouncedValue(complete.success && lines.length > 0 ? { lines, address: tidyAddress(complete.data), shippingMethod: method } : null, 400);
  const quote = useCheckoutQuote(quoteInput);
  const submit = form.handleSubmit(async (address) => {
    await give.mutateAsync({ address: tidyAddress(address), shippingMethod: method }).catch(() => undefined);
  });
  return (
    <FormProvider {...form}>
      <Box as="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="give-address-title">
        <h2 id="give-address-title">{singleOrderText.addressFirstTitle}</h2>
        <p>{singleOrderText.addressFirst(checkout.shipTo)}</p>
        <AddressFields idPrefix="give-address" />
        <ShippingMethods quote={quote.data} method={method} onMethod={setMethod} />
        {quoteInput !== null && quote.data && <OrderTotals label={checkoutPageText.totalsTitle} testIdPrefix="give-address" totals={quote.data} />}
        {quote.isFetching && <Spinner label={totalsText.quoting} />}
        {give.isError && <ErrorText role="alert">{errorMessage(give.error)}</ErrorText>}
        <Button type="submit" disabled={give.isPending}>
          {give.isPending ? singleOrderText.savingAddress : singleOrderText.saveAddress}
        </Button>
      </Box>
    </FormProvider>
  );
}

function Confirmation({
  checkout,
  awaiting,
  lateConfirmation,
  cardError,
  onPaid,
}: {
  checkout: Checkout;
  awaiting: boolean;
  lateConfirmation: boolean;
  cardError?: string;
  onPaid: () => void;
}) {
  const left = minutesLeft(checkout.holdExpiresAt);
  const payable = !checkout.paid && checkout.orders.some((order) => order.status === 'placed');
  // The card's error of the first try (from the checkout) or of a try here: the page says it is not paid.
  const [payError, setPayError] = useState<string | null>(cardError ?? null);
  const failed = payable && !awaiting && payError !== null;
  return (
    <>
      <Head>
        <h1>{checkout.paid ? toastMessages.paymentCompleted : failed ? checkoutText.paymentFailed : checkoutText.thanks}</h1>
        {failed && checkout.holdExpiresAt && <p data-testid="held-until">{checkoutText.heldUntil(holdTimeFormat.format(new Date(checkout.holdExpiresAt)))}</p>}
        <p>
          Order number <strong data-testid="order-number">{checkout.orderNumber}</strong>
        </p>
      </Head>
      <Columns>
        <div style={{ display: 'grid', gap: 24 }}>
          <Box aria-labelledby="confirmation-lines-title">
            <h2 id="confirmation-lines-title">{checkoutText.linesTitle}</h2>
            <Table>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {checkout.orders.map((order) => (
                  <tr key={order._id}>
                    <td>
                      {order.productName}
                      {order.status === 'cancelled' ? ' (cancelled)' : ''}
                    </td>
                    <td>{order.order_quantity}</td>
                    <td>{formatCents(order.totalAmount)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {/* Before its address, a free-text order has no shipping or tax yet (not "Free" and $0.00): its parts only. */}
            <OrderTotals label={checkoutPageText.totalsTitle} testIdPrefix="confirmation" totals={checkout.address ? checkout : { subtotal: checkout.subtotal }} />
          </Box>
          {awaiting && !checkout.paid && (
            <Box aria-live="polite">
              <Spinner label="Confirming your payment…" />
              {lateConfirmation && <p>Your payment is taking longer to confirm than usual. Reload this page in a minute to see it.</p>}
            </Box>
          )}
          {payable && !awaiting && !checkout.address && <GiveAddress checkout={checkout} />}
          {payable && !awaiting && checkout.address && (
            <CardPaymentScope>
              <PayNow checkout={checkout} error={payError} onError={setPayError} onPaid={onPaid} />
            </CardPaymentScope>
          )}
        </div>
        <Box aria-labelledby="confirmation-status-title">
          <h2 id="confirmation-status-title">Status</h2>
          <Status $paid={checkout.paid} data-testid="checkout-status">
            {checkout.paid ? checkoutText.paid : payable ? checkoutText.unpaid : checkoutText.cancelled}
          </Status>
          {payable && left !== null && <p>{checkoutText.timeLeft(left)}</p>}
          <dl>
            <div>
              <dt>Ship to</dt>
              <dd>{checkout.shipTo}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{checkout.phone}</dd>
            </div>
            {checkout.delivery && (
              <div>
                <dt>{totalsText.deliveryTitle}</dt>
                <dd data-testid="confirmation-delivery">
                  {checkoutPageText.deliveryLine(checkout.delivery)}
                </dd>
              </div>
            )}
            {checkout.transactionId && (
              <div>
                <dt>Transaction id</dt>
                <dd data-testid="transaction-id">{checkout.transactionId}</dd>
              </div>
            )}
          </dl>
          <p>{checkoutText.whatNext}</p>
          <Button as={Link} to="/dashboard/myorders" $variant="secondary">
            Go to My Orders
          </Button>
        </Box>
      </Columns>
    </>
  );
}

/** /checkout/{id}: the order number, lines, total, address, payment; 'Pay now' while unpaid. */
export function ConfirmationPage() {
  usePageMeta(pageMeta.checkoutConfirmation);
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as { paying?: number; cardError?: string };
  const awaitingSince = typeof state.paying === 'number' ? state.paying : null;
  const validId = OBJECT_ID_PATTERN.test(id);
  const checkout = useCheckout(id, awaitingSince);
  const [late, setLate] = useState(false);
  // Past the wait, the page stops asking and says so (the webhook is late; the payment is not lost).
  useEffect(() => {
    if (awaitingSince === null) return;
    const timer = setTimeout(() => setLate(true), Math.max(0, awaitingSince + PAYMENT_CONFIRMATION_WAIT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [awaitingSince]);
  const queryClient = useQueryClient();
  const email = useAuth((s) => s.user?.email ?? '');
  // The checkout took its lines out of the cart: the navbar's count and the cart page read it again.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: userKeys.cart(email) });
  }, [queryClient, email]);
  const paid = checkout.data?.paid;
  // Paid now: My Orders and the navbar's count of orders to pay are out of date.
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'mine'] });
  }, [paid, queryClient]);
  if (!validId || (checkout.error instanceof ApiError && checkout.error.status === 404)) return <NotFoundPage />;
  return (
    <Inner>
      {checkout.isPending && <Spinner label="Loading your order…" />}
      {checkout.isError && (
        <LoadFailure title="We could not load your order." message={errorMessage(checkout.error)} onRetry={() => void checkout.refetch()} framed />
      )}
      {checkout.isSuccess && (
        <Confirmation
          checkout={checkout.data}
          awaiting={awaitingSince !== null}
          lateConfirmation={late}
          cardError={state.cardError}
          // The card error of the first try is over; the page waits for the payment to show.
          onPaid={() => navigate(location.pathname, { replace: true, state: paymentMadeState() })}
        />
      )}
    </Inner>
  );
}
