/** @jest-environment jsdom */
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { CARD_PAYMENTS_UNAVAILABLE } from '../query/stripe-js';
import { renderWithQueryClient } from '../testing';
import { CardFields, CardPaymentScope, useCardPayment } from './card-payment';

// The one card form of the shop's checkout and the dashboard's Payment page, without Stripe.js:
// no runtime config here, so Stripe.js cannot load, as offline with real keys.

const createIntent = jest.fn(async () => 'secret');

function Form() {
  const payment = useCardPayment();
  const [said, setSaid] = useState('');
  return (
    <>
      <CardFields onState={payment.setCard} />
      <button type="button" data-ready={payment.ready} onClick={async () => setSaid(JSON.stringify(await payment.pay(createIntent, { name: 'Jane', email: 'jane@example.com' })))}>
        Pay
      </button>
      <output aria-label="Outcome">{said}</output>
    </>
  );
}

it('says card payments are unavailable, with why, when Stripe.js cannot load; paying then does nothing', async () => {
  renderWithQueryClient(
    <CardPaymentScope>
      <Form />
    </CardPaymentScope>,
  );
  expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Loading the card form…');
  expect(await screen.findByRole('alert')).toHaveTextContent(`${CARD_PAYMENTS_UNAVAILABLE} (No payment provider is configured)`);
  const pay = screen.getByRole('button', { name: 'Pay' });
  expect(pay).toHaveAttribute('data-ready', 'false');
  fireEvent.click(pay);
  expect(await screen.findByText(JSON.stringify({ paid: false, message: 'The card form is not ready yet.' }))).toBeInTheDocument();
  // No PaymentIntent is asked for while there is no card to confirm it with.
  expect(createIntent).not.toHaveBeenCalled();
});
