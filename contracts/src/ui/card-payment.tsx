import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { CARD_PAYMENTS_UNAVAILABLE, errorMessage, isSandbox, useStripeJs } from '@pcpp/contracts';
import { ErrorText, Spinner } from '@pcpp/contracts/ui';

// `@pcpp/contracts/ui/card-payment`: the one card form, for the shop's checkout (mf-shop) and the
// dashboard's Payment page (mf-dashboard). Not a shared module: Stripe's React bindings keep their
// context per copy, so each remote builds the scope, the fields and the hook from one copy of its
// own, in the lazy chunk of its payment pages.

const CardBox = styled.div`
  padding: 12px;
  border: 1px solid #94a3b8;
  border-radius: 8px;
  background: #fff;
`;

const TestMode = styled.p`
  margin: 0;
  padding: 10px 14px;
  border: 1px dashed #f59e0b;
  border-radius: 8px;
  background: #fffbeb;
  color: #92400e;
  font-weight: 600;
`;

/**
 * Stripe.js around the part of a page that takes a card. The rest of the page (the address) works
 * while it loads, or when card payments cannot load: the card fields say so.
 */
export function CardPaymentScope({ children }: { children: ReactNode }) {
  const stripe = useStripeJs();
  return <Elements stripe={stripe.data ?? null}>{children}</Elements>;
}

export interface CardState {
  /** The card element is mounted and can take a payment. */
  ready: boolean;
  /** What the card element says is wrong with the card typed so far. */
  error: string | null;
}

/**
 * The card fields (Stripe Elements): a spinner while Stripe.js loads, the sentence when it cannot,
 * the sandbox's test-card hint, then the card element.
 */
export function CardFields({ onState }: { onState: (state: CardState) => void }) {
  const stripe = useStripeJs();
  if (stripe.isPending) return <Spinner label="Loading the card form…" />;
  if (stripe.isError) {
    return (
      <ErrorText role="alert">
        {CARD_PAYMENTS_UNAVAILABLE} ({errorMessage(stripe.error)})
      </ErrorText>
    );
  }
  return (
    <>
      {isSandbox() && <TestMode>Test mode — use 4242 4242 4242 4242</TestMode>}
      <CardBox>
        <CardElement
          options={{ hidePostalCode: true }}
          onReady={() => onState({ ready: true, error: null })}
          onChange={(event) => onState({ ready: true, error: event.error?.message ?? null })}
        />
      </CardBox>
    </>
  );
}

export type PaymentOutcome = { paid: true; transactionId: string } | { paid: false; message: string };

/**
 * Pays with the card in the fields: `createIntent` asks the api for the PaymentIntent (one order's,
 * or a whole checkout's) and answers its client secret; Stripe.js confirms it with the card.
 */
export function useCardPayment() {
  const stripe = useStripe();
  const elements = useElements();
  const [card, setCard] = useState<CardState>({ ready: false, error: null });
  return {
    card,
    setCard,
    /** The spec: while the card form is not ready, paying does nothing. */
    ready: Boolean(stripe && elements && card.ready),
    async pay(createIntent: () => Promise<string>, billing: { name: string; email: string }): Promise<PaymentOutcome> {
      const element = elements?.getElement(CardElement);
      if (!stripe || !element) return { paid: false, message: 'The card form is not ready yet.' };
      try {
        const clientSecret = await createIntent();
        const { paymentIntent, error } = await stripe.confirmCardPayment(clientSecret, { payment_method: { card: element, billing_details: billing } });
        if (error) return { paid: false, message: error.message ?? 'Your card was not charged. Please try again.' };
        if (paymentIntent?.status !== 'succeeded') return { paid: false, message: 'The payment was not completed. Your card was not charged.' };
        return { paid: true, transactionId: paymentIntent.id };
      } catch (failure) {
        return { paid: false, message: errorMessage(failure) };
      }
    },
  };
}
