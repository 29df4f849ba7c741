// PaymentIntents in memory, with the life Stripe gives them: requires_payment_method →
// (confirm) succeeded | requires_action (3-D Secure) | back to requires_payment_method with
// last_payment_error on a decline; canceled from any state before it succeeded; and refunds of a
// succeeded one, whole or in parts, never more than was paid.
import { newId } from './ids.mjs';
import { StripeError, invalidRequest, missingParam, noSuch, unknownParam } from './stripe-error.mjs';
import { AUTHENTICATION_FAILURE, TEST_PAYMENT_METHODS, brandOf, outcomeOf, passesLuhn } from './card-outcomes.mjs';

/** @typedef {import('./form.mjs').FormObject} FormObject */
/** @typedef {Record<string, any>} PaymentIntent */
/** @typedef {Record<string, any>} PaymentMethod */

const CREATE_PARAMS = new Set([
  'amount', 'currency', 'metadata', 'description', 'receipt_email', 'payment_method', 'payment_method_types',
  'automatic_payment_methods', 'confirm', 'return_url', 'expand',
]);
const CONFIRM_PARAMS = new Set(['payment_method', 'payment_method_data', 'receipt_email', 'return_url', 'use_stripe_sdk', 'expand']);
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCEL_PARAMS = new Set(['cancellation_reason', 'expand']);
/** Stripe's own list: every state but succeeded and canceled. */
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
const REFUND_PARAMS = new Set(['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];
const MAX_AMOUNT = 99_999_999;

const now = () => Math.floor(Date.now() / 1000);

/**
 * @param {{ onEvent: (type: string, object: Record<string, any>) => void }} deps
 *   onEvent: called with `payment_intent.*`, `charge.refunded` and `refund.created` events (the webhooks).
 */
export function createPaymentIntents({ onEvent }) {
  /** @type {Map<string, PaymentIntent>} */
  const intents = new Map();
  /** @type {Map<string, Record<string, any>>} */
  const refunds = new Map();
  /** Cents refunded so far, per PaymentIntent id. @type {Map<string, number>} */
  const refunded = new Map();
  /** The card behind each intent's payment_method (attached at create, or waiting on 3-D Secure). @type {Map<string, PaymentMethod>} */
  const cards = new Map();

  /** @param {string} id */
  function find(id) {
    const intent = intents.get(id);
    if (!intent) throw noSuch('payment_intent', id, 'intent');
    return intent;
  }

  /**
   * A copy for an answer; publishable keys see what Stripe.js sees (no metadata).
   * @param {PaymentIntent} intent
   * @param {{ publishable?: boolean }} [options]
   */
  function view(intent, { publishable = false } = {}) {
    const copy = structuredClone(intent);
    if (publishable) delete copy.metadata;
    return copy;
  }

  /** @param {PaymentIntent} intent @param {PaymentMethod} paymentMethod */
  function succeed(intent, paymentMethod) {
    Object.assign(intent, {
      status: 'succeeded',
      payment_method: paymentMethod.id,
      amount_received: intent.amount,
      latest_charge: newId('ch'),
      last_payment_error: null,
      next_action: null,
    });
    onEvent('payment_intent.succeeded', view(intent));
  }

  /**
   * @param {PaymentIntent} intent
   * @param {PaymentMethod} paymentMethod
   * @param {Record<string, string>} error
   * @param {{ charge?: string | null }} [options]
   */
  function fail(intent, paymentMethod, error, { charge = null } = {}) {
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      latest_charge: charge ?? intent.latest_charge,
      last_payment_error: { ...error, ...(charge ? { charge } : {}), doc_url: docUrl(error.code), payment_method: publicPaymentMethod(paymentMethod) },
      next_action: null,
    });
    onEvent('payment_intent.payment_failed', view(intent));
  }

  /** @param {PaymentIntent} intent @param {PaymentMethod} paymentMethod */
  function charge(intent, paymentMethod) {
    const result = outcomeOf(paymentMethod.card.number);
    if (result.outcome === 'succeeded') return succeed(intent, paymentMethod);
    if (result.outcome === 'requires_action') {
      cards.set(intent.id, paymentMethod);
      Object.assign(intent, {
        status: 'requires_action',
        payment_method: paymentMethod.id,
        last_payment_error: null,
        next_action: {
          type: 'use_stripe_sdk',
          // The stand-in shows its dialog, then calls this to complete or fail the check.
          use_stripe_sdk: { type: 'stripe_sandbox_three_d_secure', authenticate_path: `/sandbox/payment_intents/${intent.id}/authenticate` },
        },
      });
      onEvent('payment_intent.requires_action', view(intent));
      return;
    }
    const chargeId = newId('ch');
    fail(intent, paymentMethod, result.error, { charge: chargeId });
    throw new StripeError(402, {
      ...result.error,
      charge: chargeId,
      doc_url: docUrl(result.error.code),
      payment_intent: view(intent),
      payment_method: publicPaymentMethod(paymentMethod),
    });
  }

  return {
    view,

    /** POST /v1/payment_intents @param {FormObject} params */
    create(params) {
      rejectUnknown(params, CREATE_PARAMS);
      const amount = integerParam(params.amount, 'amount');
      const currency = stringParam(params.currency, 'currency').toLowerCase();
      if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { param: 'currency' });
      if (currency === 'usd' && amount < 50) {
        throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
      }
      if (amount < 1) throw invalidRequest('This value must be greater than or equal to 1.', { code: 'parameter_invalid_integer', param: 'amount' });
      if (amount > MAX_AMOUNT) throw invalidRequest('Amount must be no more than $999,999.99', { code: 'amount_too_large', param: 'amount' });
      const id = newId('pi');
      /** @type {PaymentIntent} */
      const intent = {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        automatic_payment_methods: null,
        canceled_at: null,
        cancellation_reason: null,
        capture_method: 'automatic',
        client_secret: `${id}_secret_${newId('s').slice(2)}`,
        confirmation_method: 'automatic',
        created: now(),
        currency,
        description: optionalString(params.description, 'description'),
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        metadata: metadataParam(params.metadata),
        next_action: null,
        payment_method: null,
        payment_method_types: ['card'],
        receipt_email: optionalString(params.receipt_email, 'receipt_email'),
        status: 'requires_payment_method',
      };
      const paymentMethod = params.payment_method === undefined ? null : paymentMethodFrom({ payment_method: params.payment_method });
      intents.set(id, intent);
      if (paymentMethod) {
        cards.set(id, paymentMethod);
        Object.assign(intent, { payment_method: paymentMethod.id, status: 'requires_confirmation' });
      }
      onEvent('payment_intent.created', view(intent));
      if (booleanParam(params.confirm, 'confirm')) {
        if (!paymentMethod) throw missingParam('payment_method');
        charge(intent, paymentMethod);
      }
      return intent;
    },

    /** Every method answers the stored intent: give clients view(intent). @param {string} id */
    retrieve(id) {
      return find(id);
    },

    /** POST /v1/payment_intents/:id/confirm @param {string} id @param {FormObject} params */
    confirm(id, params) {
      rejectUnknown(params, CONFIRM_PARAMS);
      const intent = find(id);
      if (intent.status === 'succeeded') {
        throw invalidRequest('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.', {
          code: 'payment_intent_unexpected_state',
        });
      }
      if (!CONFIRMABLE.includes(intent.status)) {
        throw invalidRequest(
          `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
          { code: 'payment_intent_unexpected_state' },
        );
      }
      let paymentMethod = paymentMethodFrom(params);
      if (!paymentMethod && intent.status === 'requires_confirmation') paymentMethod = cards.get(id) ?? null;
      if (!paymentMethod) {
        throw invalidRequest(
          "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
          { code: 'payment_intent_unexpected_state' },
        );
      }
      if (params.receipt_email !== undefined) intent.receipt_email = optionalString(params.receipt_email, 'receipt_email');
      charge(intent, paymentMethod);
      return intent;
    },

    /**
     * POST /v1/payment_intents/:id/cancel: any state but succeeded and canceled; the card is no
     * longer charged (a confirm after it fails).
     * @param {string} id @param {FormObject} params
     */
    cancel(id, params) {
      rejectUnknown(params, CANCEL_PARAMS);
      const intent = find(id);
      const reason = params.cancellation_reason === undefined ? null : stringParam(params.cancellation_reason, 'cancellation_reason');
      if (reason !== null && !CANCELLATION_REASONS.includes(reason)) {
        throw invalidRequest(`Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.join(', ')}`, { param: 'cancellation_reason' });
      }
      if (!CANCELABLE.includes(intent.status)) {
        throw invalidRequest(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
          { code: 'payment_intent_unexpected_state' },
        );
      }
      cards.delete(id);
      Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: reason, next_action: null });
      onEvent('payment_intent.canceled', view(intent));
      return intent;
    },

    /**
     * POST /v1/refunds: by `payment_intent` (or its `charge`), the whole amount left or `amount`
     * cents of it, only of a succeeded payment.
     * @param {FormObject} params
     */
    refund(params) {
      rejectUnknown(params, REFUND_PARAMS);
      let intent;
      if (params.payment_intent !== undefined) intent = find(stringParam(params.payment_intent, 'payment_intent'));
      else if (params.charge !== undefined) {
        const charge = stringParam(params.charge, 'charge');
        intent = [...intents.values()].find((candidate) => candidate.latest_charge === charge && candidate.status === 'succeeded');
        if (!intent) throw noSuch('charge', charge, 'charge');
      } else throw missingParam('payment_intent');
      if (intent.status !== 'succeeded') {
        throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
          param: 'payment_intent',
        });
      }
      const left = intent.amount_received - (refunded.get(intent.id) ?? 0);
      if (left <= 0) {
        throw invalidRequest(`Charge ${intent.latest_charge} has already been refunded.`, { code: 'charge_already_refunded' });
      }
      const amount = params.amount === undefined ? left : integerParam(params.amount, 'amount');
      if (amount < 1) throw invalidRequest('This value must be greater than or equal to 1.', { code: 'parameter_invalid_integer', param: 'amount' });
      if (amount > left) {
        throw invalidRequest(
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          { code: 'amount_too_large', param: 'amount' },
        );
      }
      const reason = params.reason === undefined || params.reason === '' ? null : stringParam(params.reason, 'reason');
      if (reason !== null && !REFUND_REASONS.includes(reason)) {
        throw invalidRequest(`Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, { param: 'reason' });
      }
      refunded.set(intent.id, (refunded.get(intent.id) ?? 0) + amount);
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        charge: intent.latest_charge,
        created: now(),
        currency: intent.currency,
        metadata: metadataParam(params.metadata),
        payment_intent: intent.id,
        reason,
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      onEvent('refund.created', structuredClone(refund));
      onEvent('charge.refunded', {
        id: intent.latest_charge,
        object: 'charge',
        amount: intent.amount_received,
        amount_refunded: refunded.get(intent.id),
        currency: intent.currency,
        payment_intent: intent.id,
        refunded: refunded.get(intent.id) === intent.amount_received,
        metadata: structuredClone(intent.metadata),
      });
      return structuredClone(refund);
    },

    /**
     * GET /v1/refunds: the refunds made, newest first, of one payment when `payment_intent` is
     * given (at most `limit`, default 10, up to 100: a Stripe list, without pages).
     * @param {FormObject} params
     */
    listRefunds(params) {
      rejectUnknown(params, new Set(['payment_intent', 'limit']));
      const paymentIntent = params.payment_intent === undefined ? undefined : stringParam(params.payment_intent, 'payment_intent');
      const limit = params.limit === undefined ? 10 : integerParam(params.limit, 'limit');
      if (limit < 1 || limit > 100) throw invalidRequest('limit must be between 1 and 100', { param: 'limit' });
      const made = [...refunds.values()].filter((refund) => paymentIntent === undefined || refund.payment_intent === paymentIntent).reverse();
      return { object: 'list', data: structuredClone(made.slice(0, limit)), has_more: made.length > limit, url: '/v1/refunds' };
    },

    /** GET /v1/refunds/:id @param {string} id */
    retrieveRefund(id) {
      const refund = refunds.get(id);
      if (!refund) throw noSuch('refund', id, 'id');
      return structuredClone(refund);
    },

    /**
     * The sandbox's own step after the 3-D Secure dialog (not a Stripe endpoint).
     * @param {string} id @param {FormObject} params `{result: 'complete' | 'fail'}`
     */
    authenticate(id, params) {
      rejectUnknown(params, new Set(['result']));
      const result = stringParam(params.result, 'result');
      if (result !== 'complete' && result !== 'fail') throw invalidRequest('result must be complete or fail', { param: 'result' });
      const intent = find(id);
      if (intent.status !== 'requires_action') {
        throw invalidRequest(`This PaymentIntent is not waiting for authentication: its status is ${intent.status}.`, {
          code: 'payment_intent_unexpected_state',
        });
      }
      const paymentMethod = /** @type {PaymentMethod} */ (cards.get(id));
      if (result === 'complete') succeed(intent, paymentMethod);
      else fail(intent, paymentMethod, AUTHENTICATION_FAILURE);
      return intent;
    },
  };
}

/**
 * The card to charge: a test PaymentMethod id (`pm_card_visa`) or `payment_method_data` with a
 * card number, as the stand-in sends it.
 * @param {FormObject} params
 * @returns {PaymentMethod | null}
 */
function paymentMethodFrom(params) {
  if (params.payment_method !== undefined && params.payment_method_data !== undefined) {
    throw invalidRequest('You cannot specify both payment_method and payment_method_data.', { param: 'payment_method_data' });
  }
  if (params.payment_method !== undefined) {
    const id = stringParam(params.payment_method, 'payment_method');
    const number = Object.hasOwn(TEST_PAYMENT_METHODS, id) ? TEST_PAYMENT_METHODS[/** @type {keyof typeof TEST_PAYMENT_METHODS} */ (id)] : undefined;
    if (!number) throw noSuch('PaymentMethod', id, 'payment_method');
    const year = new Date().getFullYear() + 3;
    return newPaymentMethod({ number, exp_month: 12, exp_year: year, cvc: '123' }, {});
  }
  if (params.payment_method_data === undefined) return null;
  const data = objectParam(params.payment_method_data, 'payment_method_data');
  rejectUnknown(data, new Set(['type', 'card', 'billing_details']), 'payment_method_data');
  if (data.type !== 'card') throw invalidRequest('The sandbox supports payment_method_data[type]=card only.', { param: 'payment_method_data[type]' });
  const card = objectParam(data.card, 'payment_method_data[card]');
  rejectUnknown(card, new Set(['number', 'exp_month', 'exp_year', 'cvc']), 'payment_method_data[card]');
  const number = stringParam(card.number, 'payment_method_data[card][number]').replace(/[\s-]/g, '');
  if (!passesLuhn(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  const month = integerParam(card.exp_month, 'payment_method_data[card][exp_month]');
  let year = integerParam(card.exp_year, 'payment_method_data[card][exp_year]');
  if (year < 100) year += 2000;
  const today = new Date();
  if (month < 1 || month > 12) throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  if (year < today.getFullYear() || year > today.getFullYear() + 50) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  }
  if (year === today.getFullYear() && month < today.getMonth() + 1) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  }
  const cvc = card.cvc === undefined ? undefined : stringParam(card.cvc, 'payment_method_data[card][cvc]');
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  const billing = data.billing_details === undefined ? {} : objectParam(data.billing_details, 'payment_method_data[billing_details]');
  return newPaymentMethod({ number, exp_month: month, exp_year: year, cvc }, billing);
}

/**
 * @param {{ number: string, exp_month: number, exp_year: number, cvc?: string }} card
 * @param {FormObject} billing
 * @returns {PaymentMethod}
 */
function newPaymentMethod(card, billing) {
  const address = typeof billing.address === 'object' && !Array.isArray(billing.address) ? billing.address : {};
  return {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    billing_details: {
      name: typeof billing.name === 'string' ? billing.name : null,
      email: typeof billing.email === 'string' ? billing.email : null,
      phone: typeof billing.phone === 'string' ? billing.phone : null,
      address: {
        city: null, country: null, line1: null, line2: null, postal_code: null, state: null,
        ...Object.fromEntries(Object.entries(address).filter(([, value]) => typeof value === 'string')),
      },
    },
    card: { ...card, brand: brandOf(card.number), last4: card.number.slice(-4), country: 'US', funding: 'credit' },
    created: now(),
    livemode: false,
  };
}

/** A PaymentMethod as Stripe shows it: never the number or the CVC. @param {PaymentMethod} paymentMethod */
export function publicPaymentMethod(paymentMethod) {
  const { number: _number, cvc: _cvc, ...card } = paymentMethod.card;
  return { ...paymentMethod, card };
}

/** @param {string} code */
const docUrl = (code) => `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;

/** @param {string} code @param {string} message @param {string} param */
function cardError(code, message, param) {
  return new StripeError(402, { type: 'card_error', code, message, param, doc_url: docUrl(code) });
}

/** @param {FormObject} params @param {Set<string>} allowed @param {string} [prefix] */
function rejectUnknown(params, allowed, prefix) {
  for (const key of Object.keys(params)) if (!allowed.has(key)) throw unknownParam(prefix ? `${prefix}[${key}]` : key);
}

/** @param {unknown} value @param {string} param */
function stringParam(value, param) {
  if (value === undefined) throw missingParam(param);
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, { param });
  return value;
}

/** @param {unknown} value @param {string} param */
function optionalString(value, param) {
  return value === undefined || value === '' ? null : stringParam(value, param);
}

/** @param {unknown} value @param {string} param */
function integerParam(value, param) {
  const text = stringParam(value, param);
  if (!/^-?\d+$/.test(text)) throw invalidRequest(`Invalid integer: ${text}`, { code: 'parameter_invalid_integer', param });
  return Number(text);
}

/** @param {unknown} value @param {string} param */
function booleanParam(value, param) {
  if (value === undefined) return false;
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalidRequest(`Invalid boolean: ${String(value)}`, { param });
}

/** @param {unknown} value @param {string} param @returns {FormObject} */
function objectParam(value, param) {
  if (value === undefined) throw missingParam(param);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidRequest(`Invalid object`, { param });
  return /** @type {FormObject} */ (value);
}

/** Stripe's limits: 50 keys, names up to 40 characters, values up to 500. @param {unknown} value */
function metadataParam(value) {
  if (value === undefined || value === '') return {};
  const metadata = objectParam(value, 'metadata');
  const entries = Object.entries(metadata).filter(([, item]) => item !== '');
  if (entries.length > 50) throw invalidRequest('Invalid metadata: metadata cannot have more than 50 keys', { param: 'metadata' });
  for (const [key, item] of entries) {
    if (key.length > 40) throw invalidRequest('Invalid metadata: metadata keys must be at most 40 characters long', { param: `metadata[${key}]` });
    if (typeof item !== 'string') throw invalidRequest('Invalid metadata: metadata values must be strings', { param: `metadata[${key}]` });
    if (item.length > 500) throw invalidRequest('Invalid metadata: metadata values must be at most 500 characters long', { param: `metadata[${key}]` });
  }
  return Object.fromEntries(entries);
}
