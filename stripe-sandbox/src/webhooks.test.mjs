// Webhooks reach a real local HTTP receiver and verify with the SDK's own check.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import Stripe from 'stripe';
import { startStripeSandbox } from './index.mjs';

/**
 * A receiver answering each delivery with the next status of `statuses` (200 once they run
 * out), keeping what arrived.
 * @param {number[]} [statuses]
 */
async function startReceiver(statuses = []) {
  /** @type {{ body: string, signature: string }[]} */
  const received = [];
  /** @type {(() => void)[]} */
  const waiters = [];
  const server = http.createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']) });
      res.writeHead(statuses.shift() ?? 200).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    /** Resolves once a delivery satisfies `test`. @param {(delivery: { body: string, signature: string }) => boolean} test */
    async next(test) {
      for (;;) {
        const found = received.find(test);
        if (found) return found;
        await new Promise((resolve) => waiters.push(() => resolve(undefined)));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

const verifier = new Stripe('sk_test_verifier_only');
const isEvent = (/** @type {string} */ type, /** @type {string} */ intentId) => (/** @type {{ body: string }} */ delivery) => {
  const event = JSON.parse(delivery.body);
  return event.type === type && event.data.object.id === intentId;
};

describe('webhooks', () => {
  /** @type {Awaited<ReturnType<typeof startReceiver>>} */
  let receiver;
  /** @type {Awaited<ReturnType<typeof startStripeSandbox>>} */
  let sandbox;
  /** @type {Stripe} */
  let stripe;

  before(async () => {
    // The first delivery fails: the sandbox tries again.
    receiver = await startReceiver([500]);
    sandbox = await startStripeSandbox({ webhookUrl: receiver.url, webhookSecret: 'whsec_test_secret', retryDelaysMs: [10, 10], log: () => {} });
    const { hostname, port } = new URL(sandbox.url);
    stripe = new Stripe(sandbox.secretKey, { host: hostname, port, protocol: 'http' });
  });
  after(async () => {
    await sandbox.close();
    await receiver.close();
  });

  it('signs payment_intent.succeeded like Stripe, retries a failed delivery, and constructEvent accepts it', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 3100, currency: 'usd', metadata: { orderId: 'order-7' } }, { idempotencyKey: 'order-7-3100' });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });

    await receiver.next(isEvent('payment_intent.succeeded', intent.id));
    const deliveries = receiver.received.filter(isEvent('payment_intent.succeeded', intent.id));
    const delivery = deliveries.at(-1);
    assert.ok(delivery);
    assert.match(delivery.signature, /^t=\d+,v1=[0-9a-f]{64}$/);

    const event = verifier.webhooks.constructEvent(delivery.body, delivery.signature, 'whsec_test_secret');
    assert.equal(event.type, 'payment_intent.succeeded');
    assert.match(event.id, /^evt_/);
    const paid = /** @type {Stripe.PaymentIntent} */ (event.data.object);
    assert.equal(paid.status, 'succeeded');
    assert.equal(paid.amount, 3100);
    assert.deepEqual(paid.metadata, { orderId: 'order-7' });

    // A tampered body or another secret fails the same check.
    assert.throws(() => verifier.webhooks.constructEvent(delivery.body.replace('3100', '1'), delivery.signature, 'whsec_test_secret'));
    assert.throws(() => verifier.webhooks.constructEvent(delivery.body, delivery.signature, 'whsec_other'));

    // The very first delivery (payment_intent.created) met the receiver's 500 and came again.
    const created = isEvent('payment_intent.created', intent.id);
    await receiver.next(() => receiver.received.filter(created).length >= 2);
    const [first, second] = receiver.received.filter(created).map((item) => JSON.parse(item.body).id);
    assert.equal(first, second);
  });

  it('tells about a decline with payment_intent.payment_failed', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 3100, currency: 'usd' });
    await assert.rejects(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }));
    const delivery = await receiver.next(isEvent('payment_intent.payment_failed', intent.id));
    const event = verifier.webhooks.constructEvent(delivery.body, delivery.signature, 'whsec_test_secret');
    assert.equal(/** @type {Stripe.PaymentIntent} */ (event.data.object).last_payment_error?.code, 'card_declined');
  });

  it('adds endpoints through the webhook_endpoints api, each with its own secret and events', async () => {
    const other = await startReceiver();
    try {
      const endpoint = await stripe.webhookEndpoints.create({ url: other.url, enabled_events: ['payment_intent.succeeded'] });
      assert.match(String(endpoint.secret), /^whsec_/);
      const intent = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
      await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
      const delivery = await other.next(isEvent('payment_intent.succeeded', intent.id));
      assert.equal(verifier.webhooks.constructEvent(delivery.body, delivery.signature, String(endpoint.secret)).type, 'payment_intent.succeeded');
      assert.equal(other.received.some((item) => JSON.parse(item.body).type !== 'payment_intent.succeeded'), false);
      assert.equal((await stripe.webhookEndpoints.del(endpoint.id)).deleted, true);
    } finally {
      await other.close();
    }
  });
});
