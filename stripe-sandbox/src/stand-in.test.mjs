// The Stripe.js stand-in as the sandbox serves it, run in jsdom against the real sandbox.
// Its use through @stripe/react-stripe-js in Chromium is the payment page's Playwright test.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import Stripe from 'stripe';
import { startStripeSandbox } from './index.mjs';

/** @type {Awaited<ReturnType<typeof startStripeSandbox>>} */
let sandbox;
/** @type {Stripe} */
let stripe;
/** @type {string} */
let script;

const YY = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

before(async () => {
  sandbox = await startStripeSandbox({ log: () => {} });
  const { hostname, port } = new URL(sandbox.url);
  stripe = new Stripe(sandbox.secretKey, { host: hostname, port, protocol: 'http' });
  const response = await fetch(sandbox.standInScriptUrl);
  assert.equal(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
  script = await response.text();
});
after(() => sandbox.close());

/** A page with the stand-in loaded and a card element mounted in #card. */
function pageWithCard(elementOptions = {}) {
  const dom = new JSDOM('<!doctype html><html><body><div id="card"></div></body></html>', { runScripts: 'outside-only', url: 'http://localhost:3000/' });
  const { window } = dom;
  window.fetch = fetch;
  window.eval(script);
  const stripeJs = window.Stripe(sandbox.publishableKey);
  const elements = stripeJs.elements();
  const card = elements.create('card', elementOptions);
  /** @type {any[]} */
  const changes = [];
  card.on('change', (/** @type {unknown} */ event) => changes.push(event));
  card.mount('#card');
  const input = (/** @type {string} */ label) => /** @type {HTMLInputElement} */ (window.document.querySelector(`#card input[aria-label^="${label}"]`));
  const type = (/** @type {string} */ label, /** @type {string} */ value) => {
    const field = input(label);
    field.value = value;
    field.dispatchEvent(new window.Event('input', { bubbles: true }));
    return field;
  };
  const leave = (/** @type {string} */ label) => input(label).dispatchEvent(new window.FocusEvent('blur'));
  const fillCard = (/** @type {string} */ number, expiry = `12${YY}`, cvc = '123') => {
    type('Card number', number);
    type('Expiration date', expiry);
    type('CVC', cvc);
    type('ZIP', '94107');
  };
  return { window, stripeJs, elements, card, changes, input, type, leave, fillCard, lastChange: () => changes.at(-1) };
}

/**
 * Waits for the 3-D Secure dialog (the confirm call is still under way).
 * @param {import('jsdom').DOMWindow} window
 * @returns {Promise<Element>}
 */
async function dialogIn(window) {
  for (;;) {
    const dialog = window.document.querySelector('[role="dialog"]');
    if (dialog) return dialog;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The dialog's button of that name (a test fails at once without it). */
const buttonNamed = (/** @type {Element} */ dialog, /** @type {string} */ name) =>
  /** @type {HTMLButtonElement} */ ([...dialog.querySelectorAll('button')].find((button) => button.textContent === name));

describe('the Stripe.js stand-in', () => {
  it('defines window.Stripe for test publishable keys only', () => {
    const { window } = new JSDOM('', { runScripts: 'outside-only' });
    window.eval(script);
    assert.equal(typeof window.Stripe, 'function');
    assert.throws(() => window.Stripe('pk_live_51Habc'), /pk_test_/);
    const instance = window.Stripe(sandbox.publishableKey);
    for (const method of ['elements', 'createToken', 'createPaymentMethod', 'confirmCardPayment', '_registerWrapper', 'registerAppInfo']) {
      assert.equal(typeof instance[method], 'function', method);
    }
  });

  it('renders number, expiry, CVC and ZIP inputs and reports changes as Stripe’s card element does', () => {
    const { type, leave, input, lastChange, card, elements } = pageWithCard();
    assert.equal(elements.getElement('card'), card);
    // @stripe/react-stripe-js passes the CardElement component, which carries its type.
    assert.equal(elements.getElement({ __elementType: 'card' }), card);

    assert.equal(type('Card number', '4242424242424242').value, '4242 4242 4242 4242');
    assert.deepEqual({ complete: lastChange().complete, empty: lastChange().empty, error: lastChange().error, brand: lastChange().brand }, {
      complete: false,
      empty: false,
      error: undefined,
      brand: 'visa',
    });

    type('Card number', '4242 4242 4242 4241');
    assert.equal(lastChange().error.message, 'Your card number is invalid.');
    assert.equal(input('Card number').getAttribute('aria-invalid'), 'true');
    assert.equal(input('Card number').style.color, 'rgb(223, 27, 65)');

    type('Card number', '4242 42');
    assert.equal(input('Card number').getAttribute('aria-invalid'), null);
    assert.equal(input('Card number').style.color, '');
    leave('Card number');
    assert.equal(lastChange().error.message, 'Your card number is incomplete.');

    type('Card number', '4242424242424242');
    assert.equal(type('Expiration date', '0120').value, '01 / 20');
    assert.equal(lastChange().error.message, "Your card's expiration year is in the past.");
    type('Expiration date', `13${YY}`);
    assert.equal(lastChange().error.message, "Your card's expiration month is invalid.");
    type('Expiration date', `12${YY}`);
    type('CVC', '12');
    leave('CVC');
    assert.equal(lastChange().error.message, "Your card's security code is incomplete.");
    type('CVC', '1234');
    assert.equal(input('CVC').value, '123');
    assert.equal(lastChange().complete, false);
    type('ZIP', '94107');
    assert.equal(lastChange().complete, true);
    assert.equal(lastChange().error, undefined);
    assert.equal(lastChange().value.postalCode, '94107');
  });

  it('can hide the ZIP, and be destroyed and created again', () => {
    const { type, lastChange, card, elements, window } = pageWithCard({ hidePostalCode: true });
    type('Card number', '4242424242424242');
    type('Expiration date', `12${YY}`);
    type('CVC', '123');
    assert.equal(lastChange().complete, true);
    assert.throws(() => elements.create('card'), /only create one Element of type card/);
    card.destroy();
    assert.equal(window.document.querySelector('#card input'), null);
    assert.equal(elements.getElement('card'), null);
    assert.ok(elements.create('card'));
  });

  it('confirmCardPayment: an incomplete card is a validation error and nothing is sent', async () => {
    const { stripeJs, card, type } = pageWithCard();
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' });
    type('Card number', '4242');
    const result = await stripeJs.confirmCardPayment(intent.client_secret, { payment_method: { card } });
    assert.equal(result.error.type, 'validation_error');
    assert.equal(result.error.message, 'Your card number is incomplete.');
    assert.equal((await stripe.paymentIntents.retrieve(intent.id)).last_payment_error, null);
  });

  it('confirmCardPayment with 4242…: the paymentIntent has succeeded', async () => {
    const { stripeJs, card, fillCard } = pageWithCard();
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' });
    fillCard('4242 4242 4242 4242');
    const result = await stripeJs.confirmCardPayment(intent.client_secret, {
      payment_method: { card, billing_details: { name: 'Ada Lovelace', email: 'ada@example.com' } },
    });
    assert.equal(result.error, undefined);
    assert.equal(result.paymentIntent.id, intent.id);
    assert.equal(result.paymentIntent.status, 'succeeded');
    assert.equal((await stripe.paymentIntents.retrieve(intent.id)).status, 'succeeded');
  });

  it('confirmCardPayment with 4000 0000 0000 0002: Stripe’s decline message, and the card can be changed and tried again', async () => {
    const { stripeJs, card, fillCard } = pageWithCard();
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' });
    fillCard('4000 0000 0000 0002');
    const declined = await stripeJs.confirmCardPayment(intent.client_secret, { payment_method: { card } });
    assert.equal(declined.error.type, 'card_error');
    assert.equal(declined.error.code, 'card_declined');
    assert.equal(declined.error.message, 'Your card was declined.');
    assert.equal(declined.error.payment_intent.status, 'requires_payment_method');

    fillCard('4000 0000 0000 9995');
    const poor = await stripeJs.confirmCardPayment(intent.client_secret, { payment_method: { card } });
    assert.equal(poor.error.message, 'Your card has insufficient funds.');

    fillCard('4242 4242 4242 4242');
    assert.equal((await stripeJs.confirmCardPayment(intent.client_secret, { payment_method: { card } })).paymentIntent.status, 'succeeded');
  });

  for (const [choice, expected] of /** @type {const} */ ([['Complete', 'succeeded'], ['Fail', 'requires_payment_method']])) {
    it(`3-D Secure (4000 0027 6000 3184): the dialog's ${choice} button`, async () => {
      const { stripeJs, card, fillCard, window } = pageWithCard();
      const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' });
      fillCard('4000 0027 6000 3184');
      const pending = stripeJs.confirmCardPayment(intent.client_secret, { payment_method: { card } });
      const dialog = await dialogIn(window);
      assert.equal(dialog.getAttribute('aria-modal'), 'true');
      assert.equal(window.document.activeElement, buttonNamed(dialog, 'Complete'));
      buttonNamed(dialog, choice).click();
      const result = await pending;
      assert.equal(window.document.querySelector('[role="dialog"]'), null);
      if (choice === 'Complete') {
        assert.equal(result.paymentIntent.status, 'succeeded');
      } else {
        assert.equal(result.error.code, 'payment_intent_authentication_failure');
        assert.equal(result.error.message, 'We are unable to authenticate your payment method. Please choose a different payment method and try again.');
      }
      assert.equal((await stripe.paymentIntents.retrieve(intent.id)).status, expected);
    });
  }

  it('Escape in the 3-D Secure dialog fails the check', async () => {
    const { stripeJs, card, fillCard, window } = pageWithCard();
    const intent = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' });
    fillCard('4000002760003184');
    const pending = stripeJs.confirmCardPayment(intent.client_secret, { payment_method: { card } });
    const dialog = await dialogIn(window);
    buttonNamed(dialog, 'Complete').dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    assert.equal((await pending).error.code, 'payment_intent_authentication_failure');
  });
});
