// Stripe's test cards the product relies on, with the outcome and the exact error Stripe gives
// (https://docs.stripe.com/testing). Any other number that passes the Luhn check is refused the
// way Stripe's test mode refuses a real card.

/**
 * @typedef {{ type: 'card_error' | 'invalid_request_error', code: string, decline_code?: string, message: string }} CardError
 * @typedef {{ outcome: 'succeeded' } | { outcome: 'requires_action' } | { outcome: 'declined', error: CardError }} CardOutcome
 */

/**
 * @param {string} code
 * @param {string} decline_code
 * @param {string} message
 * @returns {CardOutcome}
 */
const declined = (code, decline_code, message) => ({
  outcome: 'declined',
  error: { type: 'card_error', code, ...(decline_code ? { decline_code } : {}), message },
});

/** @type {Record<string, CardOutcome>} */
const CARDS = {
  '4242424242424242': { outcome: 'succeeded' },
  '5555555555554444': { outcome: 'succeeded' },
  '4000000000000002': declined('card_declined', 'generic_decline', 'Your card was declined.'),
  '4000000000009995': declined('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000000069': declined('expired_card', 'expired_card', 'Your card has expired.'),
  '4000000000000127': declined('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."),
  '4000002760003184': { outcome: 'requires_action' },
};

const LIVE_CARD = declined(
  'card_declined',
  'test_mode_live_card',
  'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
);

/** Stripe's test PaymentMethod ids, for server-side tests, and the card each stands for. */
export const TEST_PAYMENT_METHODS = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_threeDSecure2Required: '4000002760003184',
};

/** What confirming with this (Luhn-valid) number does. @param {string} number */
export function outcomeOf(number) {
  return CARDS[number] ?? LIVE_CARD;
}

/** After a failed 3-D Secure check: Stripe's last_payment_error. */
export const AUTHENTICATION_FAILURE = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  message:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
};

/** @param {string} number */
export function passesLuhn(number) {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** @param {string} number */
export function brandOf(number) {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65)/.test(number)) return 'discover';
  return 'unknown';
}
