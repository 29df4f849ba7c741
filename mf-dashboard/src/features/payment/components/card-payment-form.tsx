import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { useStripeJs } from '@pcpp/contracts';
import { toastMessages, type Order } from '@pcpp/contracts/core';
import { Button, ErrorText } from '@pcpp/contracts/ui';
import { CardFields, useCardPayment } from '@pcpp/contracts/ui/card-payment';
import { createPaymentIntent } from '../api/create-payment-intent';
import { useRecordPayment } from '../api/record-payment';

const Form = styled.form`
  display: grid;
  gap: 16px;
  max-width: 480px;
`;

/**
 * The card form (contracts' one card form) and its Pay button, inside `CardPaymentScope`; a card
 * error keeps the form usable. No button while Stripe.js loads or when it cannot.
 */
export function CardPaymentForm({
  order,
  billing,
  onPaid,
}: {
  order: Order;
  billing: { name: string; email: string };
  onPaid: (transactionId: string) => void;
}) {
  const stripe = useStripeJs();
  const payment = useCardPayment();
  const recordPayment = useRecordPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  async function pay(event: FormEvent) {
    event.preventDefault();
    // The spec: if the card form is not ready, nothing happens.
    if (!payment.ready || paying) return;
    setPaying(true);
    setFailure(null);
    try {
      const outcome = await payment.pay(() => createPaymentIntent(order._id), billing);
      if (!outcome.paid) {
        setFailure(outcome.message);
        return;
      }
      // Shown first: the order's own query refreshes to 'paid' once the api has recorded it.
      onPaid(outcome.transactionId);
      toast.success(toastMessages.paymentCompleted);
      await recordPayment.mutateAsync({ orderId: order._id, transactionId: outcome.transactionId }).catch(() => {
        // The webhook records it too: the page has already said the payment went through.
      });
    } finally {
      setPaying(false);
    }
  }

  const problem = failure ?? payment.card.error;
  return (
    <Form noValidate onSubmit={(event) => void pay(event)} aria-label="Card payment">
      <CardFields
        onState={(state) => {
          // Typing another card clears what the last attempt said.
          payment.setCard(state);
          setFailure(null);
        }}
      />
      {problem && <ErrorText role="alert">{problem}</ErrorText>}
      {stripe.isSuccess && (
        <Button type="submit" disabled={paying}>
          {paying ? 'Paying…' : 'Pay'}
        </Button>
      )}
    </Form>
  );
}
