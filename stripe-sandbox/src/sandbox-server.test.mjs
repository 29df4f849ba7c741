// The sandbox through the official `stripe` SDK, as the api uses it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Stripe from 'stripe';
import { startStripeSandbox } from './index.mjs';

/** @type {Awaited<ReturnType<typeof startStripeSandbox>>} */
let sandbox;
/** @type {Stripe} */
let stripe;

/** @param {string} key */
function clientFor(key) {
  const { hostname, port } = new URL(sandbox.url);
  return new Stripe(key, { host: hostname, port, protocol: 'http', maxNetworkRetries: 0 });
}

/** A call's rejection, to look at. @param {Promise<unknown>} promise */
async function rejectionOf(promise) {
  try {
    await promise;
  } catch (error) {
    return /** @type {any} */ (error);
  }
  assert.fail('expected the call to fail');
}

const FUTURE_YEAR = new Date().getFullYear() + 2;
/** @param {string} number */
const cardData = (number) => ({ type: 'card', card: { number, exp_month: 12, exp_year: FUTURE_YEAR, cvc: '123' } });

before(async () => {
  sandbox = await startStripeSandbox({ log: () => {} });
  stripe = clientFor(sandbox.secretKey);
});
after(() => sandbox.close());

describe('PaymentIntents', () => {
  it('creates one shaped like Stripe’s, and retrieves it', async () => {
    const created = await stripe.paymentIntents.create({ amount: 1234, currency: 'usd', metadata: { orderId: 'order-1' } });
    assert.match(created.id, /^pi_[A-Za-z0-9]{24}$/);
    assert.equal(created.object, 'payment_intent');
    assert.equal(created.amount, 1234);
    assert.equal(created.currency, 'usd');
    assert.equal(created.status, 'requires_payment_method');
    assert.equal(created.client_secret?.startsWith(`${created.id}_secret_`), true);
    assert.deepEqual(created.metadata, { orderId: 'order-1' });
    assert.equal(created.livemode, false);
    assert.equal(created.latest_charge, null);

    const retrieved = await stripe.paymentIntents.retrieve(created.id);
    assert.deepEqual(retrieved, created);
  });

  it('refuses bad input with Stripe’s invalid_request_error', async () => {
    const missing = await rejectionOf(stripe.paymentIntents.create(/** @type {any} */ ({ currency: 'usd' })));
    assert.equal(missing.type, 'StripeInvalidRequestError');
    assert.equal(missing.code, 'parameter_missing');
    assert.equal(missing.param, 'amount');
    assert.equal(missing.message, 'Missing required param: amount.');

    const unknown = await rejectionOf(stripe.paymentIntents.create(/** @type {any} */ ({ amount: 1000, currency: 'usd', price: 1 })));
    assert.equal(unknown.code, 'parameter_unknown');
    assert.equal(unknown.message, 'Received unknown parameter: price');

    const small = await rejectionOf(stripe.paymentIntents.create({ amount: 10, currency: 'usd' }));
    assert.equal(small.code, 'amount_too_small');
    assert.equal(small.message, 'Amount must be at least $0.50 usd');

    const missingIntent = await rejectionOf(stripe.paymentIntents.retrieve('pi_doesnotexist'));
    assert.equal(missingIntent.statusCode, 404);
    assert.equal(missingIntent.code, 'resource_missing');
    assert.equal(missingIntent.message, "No such payment_intent: 'pi_doesnotexist'");
  });
});

/** Each test card, as a test PaymentMethod id and as a card number. */
const DECLINES = [
  { pm: 'pm_card_chargeDeclined', number: '4000000000000002', code: 'card_declined', decline: 'generic_decline', message: 'Your card was declined.' },
  { pm: 'pm_card_chargeDeclinedInsufficientFunds', number: '4000000000009995', code: 'card_declined', decline: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  { pm: 'pm_card_chargeDeclinedExpiredCard', number: '4000000000000069', code: 'expired_card', decline: 'expired_card', message: 'Your card has expired.' },
  { pm: 'pm_card_chargeDeclinedIncorrectCvc', number: '4000000000000127', code: 'incorrect_cvc', decline: 'incorrect_cvc', message: "Your card's security code is incorrect." },
];

describe('test cards', () => {
  for (const paymentMethod of [{ payment_method: 'pm_card_visa' }, { payment_method_data: cardData('4242424242424242') }]) {
    it(`4242 4242 4242 4242 succeeds (${Object.keys(paymentMethod)[0]})`, async () => {
      const intent = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd' });
      const confirmed = await stripe.paymentIntents.confirm(intent.id, /** @type {any} */ (paymentMethod));
      assert.equal(confirmed.status, 'succeeded');
      assert.equal(confirmed.amount_received, 2500);
      assert.match(String(confirmed.latest_charge), /^ch_/);
      assert.match(String(confirmed.payment_method), /^pm_/);
      assert.equal((await stripe.paymentIntents.retrieve(intent.id)).status, 'succeeded');

      const again = await rejectionOf(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }));
      assert.equal(again.code, 'payment_intent_unexpected_state');
      assert.equal(again.message, 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.');
    });
  }

  for (const card of DECLINES) {
    for (const paymentMethod of [{ payment_method: card.pm }, { payment_method_data: cardData(card.number) }]) {
      it(`${card.number} is declined: ${card.message} (${Object.keys(paymentMethod)[0]})`, async () => {
        const intent = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd' });
        const error = await rejectionOf(stripe.paymentIntents.confirm(intent.id, /** @type {any} */ (paymentMethod)));
        assert.equal(error.type, 'StripeCardError');
        assert.equal(error.statusCode, 402);
        assert.equal(error.code, card.code);
        assert.equal(error.decline_code, card.decline);
        assert.equal(error.message, card.message);
        assert.equal(error.payment_intent.id, intent.id);
        assert.equal(error.payment_intent.status, 'requires_payment_method');

        const stored = await stripe.paymentIntents.retrieve(intent.id);
        assert.equal(stored.status, 'requires_payment_method');
        assert.equal(stored.last_payment_error?.code, card.code);
        assert.equal(stored.last_payment_error?.message, card.message);
        assert.equal(stored.amount_received, 0);
        // The customer may try another card on the same intent.
        assert.equal((await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).status, 'succeeded');
      });
    }
  }

  it('a number that fails the Luhn check is incorrect; a real card is refused in test mode', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd' });
    const wrong = await rejectionOf(stripe.paymentIntents.confirm(intent.id, /** @type {any} */ ({ payment_method_data: cardData('4242424242424241') })));
    assert.equal(wrong.code, 'incorrect_number');
    assert.equal(wrong.message, 'Your card number is incorrect.');
    const live = await rejectionOf(stripe.paymentIntents.confirm(intent.id, /** @type {any} */ ({ payment_method_data: cardData('4111111111111111') })));
    assert.equal(live.decline_code, 'test_mode_live_card');
  });

  /** The sandbox's step after its 3-D Secure dialog. @param {string} id @param {'complete' | 'fail'} result */
  async function authenticate(id, result) {
    const response = await fetch(`${sandbox.url}/sandbox/payment_intents/${id}/authenticate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `result=${result}`,
    });
    assert.equal(response.status, 200);
    return response.json();
  }

  for (const paymentMethod of [{ payment_method: 'pm_card_threeDSecure2Required' }, { payment_method_data: cardData('4000002760003184') }]) {
    it(`4000 0027 6000 3184 needs 3-D Secure: completed, it succeeds (${Object.keys(paymentMethod)[0]})`, async () => {
      const intent = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd' });
      const confirmed = await stripe.paymentIntents.confirm(intent.id, /** @type {any} */ (paymentMethod));
      assert.equal(confirmed.status, 'requires_action');
      assert.equal(confirmed.next_action?.type, 'use_stripe_sdk');
      const completed = await authenticate(intent.id, 'complete');
      assert.equal(completed.status, 'succeeded');
      assert.equal((await stripe.paymentIntents.retrieve(intent.id)).status, 'succeeded');
    });
  }

  it('3-D Secure failed: back to requires_payment_method with payment_intent_authentication_failure', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd' });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_threeDSecure2Required' });
    const failed = await authenticate(intent.id, 'fail');
    assert.equal(failed.status, 'requires_payment_method');
    assert.equal(failed.last_payment_error.code, 'payment_intent_authentication_failure');
    const stored = await stripe.paymentIntents.retrieve(intent.id);
    assert.equal(stored.last_payment_error?.code, 'payment_intent_authentication_failure');
  });
});

describe('idempotency keys', () => {
  it('the same key and parameters give the same answer; other parameters get Stripe’s idempotency error', async () => {
    const params = { amount: 4200, currency: 'usd', metadata: { orderId: 'order-42' } };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-42-4200' });
    const [second, third] = await Promise.all([
      stripe.paymentIntents.create(params, { idempotencyKey: 'order-42-4200' }),
      stripe.paymentIntents.create({ ...params, metadata: { orderId: 'order-42' } }, { idempotencyKey: 'order-42-4200' }),
    ]);
    assert.equal(second.id, first.id);
    assert.equal(third.client_secret, first.client_secret);
    assert.equal(second.lastResponse.headers['idempotent-replayed'], 'true');

    const other = await rejectionOf(stripe.paymentIntents.create({ ...params, amount: 4300 }, { idempotencyKey: 'order-42-4200' }));
    assert.equal(other.type, 'StripeIdempotencyError');
    assert.equal(other.statusCode, 400);
    assert.equal(
      other.message,
      "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'order-42-4200' if you meant to execute a different request.",
    );
    // Another key is another intent.
    assert.notEqual((await stripe.paymentIntents.create(params, { idempotencyKey: 'order-42-4200-b' })).id, first.id);
  });

  it('replays a decline instead of charging again', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd' });
    const first = await rejectionOf(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: 'confirm-1' }));
    const again = await rejectionOf(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }, { idempotencyKey: 'confirm-1' }));
    assert.equal(again.code, 'card_declined');
    assert.equal(again.charge, first.charge);
  });
});

describe('keys', () => {
  it('refuses live keys and unknown keys with Stripe’s 401', async () => {
    for (const key of ['sk_live_51Habc0123456789', 'rk_live_51Habc0123456789']) {
      const error = await rejectionOf(clientFor(key).paymentIntents.create({ amount: 1000, currency: 'usd' }));
      assert.equal(error.type, 'StripeAuthenticationError');
      assert.equal(error.statusCode, 401);
      assert.match(error.message, /accepts test keys only/);
    }
    const unknown = await rejectionOf(clientFor('sk_test_notthesandboxkey1234').paymentIntents.create({ amount: 1000, currency: 'usd' }));
    assert.equal(unknown.type, 'StripeAuthenticationError');
    assert.equal(unknown.message, 'Invalid API Key provided: sk_test_****************1234');

    const none = await fetch(`${sandbox.url}/v1/payment_intents`, { method: 'POST', body: 'amount=1000&currency=usd' });
    assert.equal(none.status, 401);
    assert.match((await none.json()).error.message, /^You did not provide an API key/);
  });

  it('makes the secret key independent of the public one: the key derived from the publishable key is refused', async () => {
    const publicTail = sandbox.publishableKey.slice('pk_test_'.length);
    const secretTail = sandbox.secretKey.slice('sk_test_'.length);
    assert.notEqual(secretTail, publicTail);
    // What a third party could make of the key every page carries (the probe of issue 20).
    const derived = `sk_test_${publicTail}`;
    const error = await rejectionOf(clientFor(derived).paymentIntents.create({ amount: 1000, currency: 'usd', metadata: { orderId: 'someone-else' } }));
    assert.equal(error.type, 'StripeAuthenticationError');
    assert.equal(error.statusCode, 401);
    // Another start makes other keys.
    const other = await startStripeSandbox({ log: () => {} });
    try {
      assert.notEqual(other.secretKey, sandbox.secretKey);
      assert.notEqual(other.publishableKey, sandbox.publishableKey);
    } finally {
      await other.close();
    }
    await assert.rejects(
      startStripeSandbox({ secretKey: 'sk_test_sametail123', publishableKey: 'pk_test_sametail123', log: () => {} }),
      /must not be derivable/,
    );
  });

  it('will not run with a live secret key', async () => {
    await assert.rejects(startStripeSandbox({ secretKey: 'sk_live_51Habc0123456789', log: () => {} }), /test keys only/);
  });

  it('lets the publishable key confirm and read one intent, given its client secret, and nothing else', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1999, currency: 'usd', metadata: { orderId: 'secret-order' } });
    const post = (/** @type {string} */ path, /** @type {Record<string, string>} */ body) =>
      fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) });
    const key = sandbox.publishableKey;

    const create = await post('/v1/payment_intents', { key, amount: '1000', currency: 'usd' });
    assert.equal(create.status, 401);

    const noSecret = await fetch(`${sandbox.url}/v1/payment_intents/${intent.id}?key=${key}`);
    assert.equal(noSecret.status, 401);
    const wrongSecret = await fetch(`${sandbox.url}/v1/payment_intents/${intent.id}?key=${key}&client_secret=${intent.id}_secret_wrong`);
    assert.equal(wrongSecret.status, 400);

    const read = await fetch(`${sandbox.url}/v1/payment_intents/${intent.id}?key=${key}&client_secret=${intent.client_secret}`);
    assert.equal(read.status, 200);
    assert.equal(read.headers.get('access-control-allow-origin'), '*');
    const body = await read.json();
    assert.equal(body.status, 'requires_payment_method');
    assert.equal(body.metadata, undefined);

    const confirm = await post(`/v1/payment_intents/${intent.id}/confirm`, {
      key,
      client_secret: String(intent.client_secret),
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': String(FUTURE_YEAR),
      'payment_method_data[card][cvc]': '123',
      'payment_method_data[billing_details][name]': 'Ada Lovelace',
    });
    assert.equal(confirm.status, 200);
    assert.equal((await confirm.json()).status, 'succeeded');
    assert.equal((await stripe.paymentIntents.retrieve(intent.id)).status, 'succeeded');
  });
});

describe('cancel and refunds', () => {
  it('cancels an intent before it is paid: a confirm after it fails and nothing is charged', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 4200, currency: 'usd' });
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    assert.equal(canceled.status, 'canceled');
    assert.equal(canceled.cancellation_reason, 'abandoned');
    assert.equal(typeof canceled.canceled_at, 'number');
    const confirm = await rejectionOf(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }));
    assert.equal(confirm.code, 'payment_intent_unexpected_state');
    assert.match(confirm.message, /status of canceled/);
    assert.equal((await stripe.paymentIntents.retrieve(intent.id)).amount_received, 0);
    const twice = await rejectionOf(stripe.paymentIntents.cancel(intent.id));
    assert.equal(twice.code, 'payment_intent_unexpected_state');
  });

  it('does not cancel a succeeded intent, and the publishable key cannot cancel at all', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 4200, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
    assert.equal(intent.status, 'succeeded');
    const error = await rejectionOf(stripe.paymentIntents.cancel(intent.id));
    assert.equal(error.code, 'payment_intent_unexpected_state');
    assert.match(error.message, /^You cannot cancel this PaymentIntent because it has a status of succeeded\./);
    const open = await stripe.paymentIntents.create({ amount: 4200, currency: 'usd' });
    const byPublishable = await rejectionOf(clientFor(sandbox.publishableKey).paymentIntents.cancel(open.id));
    assert.equal(byPublishable.statusCode, 401);
  });

  it('refunds a succeeded payment once, in full or in parts, never more than was paid', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
    const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 1500, reason: 'requested_by_customer' });
    assert.match(part.id, /^re_\w+$/);
    assert.equal(part.object, 'refund');
    assert.equal(part.amount, 1500);
    assert.equal(part.status, 'succeeded');
    assert.equal(part.payment_intent, intent.id);
    assert.equal(part.charge, intent.latest_charge);
    const tooMuch = await rejectionOf(stripe.refunds.create({ payment_intent: intent.id, amount: 4000 }));
    assert.equal(tooMuch.code, 'amount_too_large');
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    assert.equal(rest.amount, 3500);
    const again = await rejectionOf(stripe.refunds.create({ payment_intent: intent.id }));
    assert.equal(again.code, 'charge_already_refunded');
    assert.deepEqual(await stripe.refunds.retrieve(rest.id), rest);
    // The same refund asked twice with one idempotency key is one refund.
    const other = await stripe.paymentIntents.create({ amount: 900, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
    const first = await stripe.refunds.create({ payment_intent: other.id }, { idempotencyKey: `refund-${other.id}` });
    const replay = await stripe.refunds.create({ payment_intent: other.id }, { idempotencyKey: `refund-${other.id}` });
    assert.equal(replay.id, first.id);
    // Listed by payment, newest first: the replay made none.
    assert.deepEqual((await stripe.refunds.list({ payment_intent: intent.id })).data.map((made) => made.amount), [3500, 1500]);
    assert.deepEqual((await stripe.refunds.list({ payment_intent: other.id })).data.map((made) => made.id), [first.id]);
  });

  it('refuses to refund a payment that did not succeed', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const error = await rejectionOf(stripe.refunds.create({ payment_intent: intent.id }));
    assert.equal(error.code, 'charge_not_refundable');
    assert.equal(error.message, `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
    const missing = await rejectionOf(stripe.refunds.create(/** @type {any} */ ({})));
    assert.equal(missing.code, 'parameter_missing');
  });
});
