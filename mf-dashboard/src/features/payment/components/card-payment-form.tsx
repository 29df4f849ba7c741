import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { errorMessage } from '@pcpp/contracts';
import { toastMessages, type Order } from '@pcpp/contracts/core';
import { Button, ErrorText } from '@pcpp/contracts/ui';
import { useCreatePaymentIntent } from '../api/create-payment-intent';
import { useRecordPayment } from '../api/record-payment';

const Form = styled.form`
  display: grid;
  gap: 16px;
  max-width: 480px;
`;

const CardBox = styled.div`
  padding: 12px;
  border: 1px solid #94a3b8;
  border-radius: 8px;
  background: #fff;
`;

/** The card form (Stripe Elements) and its Pay button; a card error keeps the form usable. */
export function CardPaymentForm({
  order,
  billing,
  onPaid,
}: {
  order: Order;
  billing: { name: string; email: string };
  onPaid: (transactionId: string) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const createIntent = useCreatePaymentIntent();
  const recordPayment = useRecordPayment();
  const [cardReady, setCardReady] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  async function pay(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    // The spec: if the card form is not ready, nothing happens.
    if (!stripe || !card || !cardReady || paying) return;
    setPaying(true);
    setCardError(null);
    try {
      const clientSecret = await createIntent.mutateAsync(order._id);
      const { paymentIntent, error } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      if (error) {
        setCardError(error.message ?? 'Your card was not charged. Please try again.');
        return;
      }
      if (paymentIntent?.status !== 'succeeded') {
        setCardError('The payment was not completed. Your card was not charged.');
        return;
      }
      // Shown first: the order's own query refreshes to 'paid' once the api has recorded it.
      onPaid(paymentIntent.id);
      toast.success(toastMessages.paymentCompleted);
      await recordPayment.mutateAsync({ orderId: order._id, transactionId: paymentIntent.id });
    } catch (failure) {
      setCardError(errorMessage(failure));
    } finally {
      setPaying(false);
    }
  }

  return (
    <Form noValidate onSubmit={(event) => void pay(event)} aria-label="Card payment">
      <CardBox>
        <CardElement
          options={{ hidePostalCode: true }}
          onReady={() => setCardReady(true)}
          onChange={(event) => setCardError(event.error?.message ?? null)}
        />
      </CardBox>
      {cardError && <ErrorText role="alert">{cardError}</ErrorText>}
      <Button type="submit" disabled={!stripe || paying}>
        {paying ? 'Paying…' : 'Pay'}
      </Button>
    </Form>
  );
}
