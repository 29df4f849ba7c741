import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { ApiError, useAuth } from '@pcpp/contracts';
import { OBJECT_ID_PATTERN, formatCents, lineChargeCents, pageMeta, publicNameOf, singleOrderText, toastMessages, type Order } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { CardPaymentScope } from '@pcpp/contracts/ui/card-payment';
import { useOrder } from '../api/get-order';
import { HoldTimeLeft } from '../../../components/hold-time-left';
import { CardPaymentForm } from './card-payment-form';

const PayFor = styled.h2`
  margin: 0 0 8px;
  font-size: 1.2rem;
  overflow-wrap: anywhere;
`;

const Due = styled.p`
  margin: 0 0 20px;
  font-size: 1.1rem;
  strong { font-variant-numeric: tabular-nums; }
`;

const Hold = styled(HoldTimeLeft)`
  margin: -12px 0 20px;
  font-size: 0.95rem;
`;

const Success = styled.div`
  display: grid;
  gap: 6px;
  padding: 16px;
  border: 1px solid #86efac;
  border-radius: 8px;
  background: #f0fdf4;
  p { margin: 0; }
  strong { color: #15803d; }
  span { overflow-wrap: anywhere; }
`;

// Before the card of an order placed with a free-text address: its address in fields, on its checkout page.
const AddressFirst = styled.section`
  display: grid;
  justify-items: start;
  gap: 12px;
  padding: 16px;
  border: 1px solid var(--color-border);
  border-radius: 8px;
  h3 { margin: 0; font-size: 1.1rem; }
  p { margin: 0; overflow-wrap: anywhere; }
`;

const REDIRECT_AFTER_MS = 2500;

const Note = styled.div`
  display: grid;
  justify-items: start;
  gap: 12px;
  p { margin: 0; }
`;

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Panel aria-labelledby="payment-title">
      <PageTitle id="payment-title">{title}</PageTitle>
      <Note>
        {children}
        <Button as={Link} to="/dashboard/myorders" $variant="secondary">
          Go to My Orders
        </Button>
      </Note>
    </Panel>
  );
}

/** The spec: the success message and the transaction id, then My Orders. */
function PaymentCompleted({ transactionId }: { transactionId: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/dashboard/myorders'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Panel aria-labelledby="payment-title">
      <PageTitle id="payment-title">Payment</PageTitle>
      <Success role="status">
        <p>
          <strong>{toastMessages.paymentCompleted}</strong>
        </p>
        <p>
          Transaction id: <span>{transactionId}</span>
        </p>
        <p>
          Taking you to <Link to="/dashboard/myorders">My Orders</Link>…
        </p>
      </Success>
    </Panel>
  );
}

function CardPayment({ order, onPaid }: { order: Order; onPaid: (transactionId: string) => void }) {
  const user = useAuth((s) => s.user);
  const name = user ? publicNameOf(user) : order.name;
  return (
    <Panel aria-labelledby="payment-title">
      <PageTitle id="payment-title">Hello, {name}</PageTitle>
      <PayFor>Please Pay for {order.productName}</PayFor>
      <Due>
        Amount due: <strong>{formatCents(lineChargeCents(order))}</strong> ({order.order_quantity} ×{' '}
        {formatCents(order.per_product_price)}
        {order.shippingAmount ? `, shipping ${formatCents(order.shippingAmount)}` : order.shippingAmount === 0 ? ', free shipping' : ''}
        {order.taxAmount ? `, tax ${formatCents(order.taxAmount)}` : ''}
        {order.addressNeeded ? ', plus shipping and tax' : ''})
      </Due>
      {order.holdExpiresAt && <Hold holdExpiresAt={order.holdExpiresAt} />}
      {order.addressNeeded ? (
        // The api refuses to charge it without its shipping and tax (409): ask for the address first.
        <AddressFirst aria-labelledby="address-first-title">
          <h3 id="address-first-title">{singleOrderText.addressFirstTitle}</h3>
          <p>{singleOrderText.addressFirst(order.address)}</p>
          <Button as={Link} to={`/checkout/${order.checkoutId}`}>
            {singleOrderText.giveAddress}
          </Button>
        </AddressFirst>
      ) : (
        <CardPaymentScope>
          <CardPaymentForm order={order} billing={{ name, email: order.email }} onPaid={onPaid} />
        </CardPaymentScope>
      )}
    </Panel>
  );
}

/** /dashboard/payment/{id}: pay for one of your unpaid orders by card (spec §2). */
export function PaymentPage() {
  usePageMeta(pageMeta.payment);
  const { id = '' } = useParams();
  const validId = OBJECT_ID_PATTERN.test(id);
  const order = useOrder(id, validId);
  const [paidNow, setPaidNow] = useState<string | null>(null);

  if (paidNow) return <PaymentCompleted transactionId={paidNow} />;
  if (!validId) return <Message title="Order not found">This link does not name an order.</Message>;
  if (order.isError && order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 403)) {
    return <Message title="Order not found">This order does not exist, or it is not yours.</Message>;
  }
  const toPay = (data: Order) => <OrderToPay order={data} onPaid={setPaidNow} />;
  if (order.isSuccess) return toPay(order.data);
  // Loading and failing inside the page's panel; a loaded order shows its own.
  return (
    <Panel aria-labelledby="payment-title">
      <PageTitle id="payment-title">Payment</PageTitle>
      <QueryView query={order} loadingLabel="Loading your order…" failure="Your order could not be loaded.">
        {toPay}
      </QueryView>
    </Panel>
  );
}

/** What the payment page shows for an order it could read. */
function OrderToPay({ order, onPaid }: { order: Order; onPaid: (transactionId: string) => void }) {
  if (order.paid) {
    return (
      <Message title="Already paid">
        <p>This order is already paid. Transaction id: {order.transactionId}</p>
      </Message>
    );
  }
  if (order.status !== 'placed') {
    return (
      <Message title="Nothing to pay">
        <p>This order was {order.status}, so there is nothing to pay.</p>
      </Message>
    );
  }
  return <CardPayment order={order} onPaid={onPaid} />;
}
