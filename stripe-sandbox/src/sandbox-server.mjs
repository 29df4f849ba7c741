// The Stripe sandbox: the part of Stripe's HTTP api the product uses, in memory, for offline
// development and tests. Answers look like Stripe's, so the official `stripe` SDK (with its
// host/port/protocol options) and the Stripe.js stand-in talk to it as they would to Stripe.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { FormError, parseForm } from './form.mjs';
import { newId } from './ids.mjs';
import { createPaymentIntents } from './payment-intents.mjs';
import { standInScript } from './stand-in.mjs';
import { StripeError, authenticationError, invalidRequest, missingParam, noSuch } from './stripe-error.mjs';
import { API_VERSION, createWebhookSender, newEvent } from './webhooks.mjs';

/** @typedef {import('./form.mjs').FormObject} FormObject */

const MAX_BODY_BYTES = 64 * 1024;
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
const LIVE_KEY = /^(sk|rk|pk)_live_/;
const NO_KEY_MESSAGE =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";
const LIVE_KEY_MESSAGE = 'This is the Stripe sandbox: it accepts test keys only and refuses live keys (sk_live_, rk_live_, pk_live_).';
const PUBLISHABLE_KEY_MESSAGE =
  'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.';

const CORS_HEADERS = {
  // Like api.stripe.com: publishable-key calls come from any shop's pages; no cookies are used.
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
  'Access-Control-Expose-Headers': 'Request-Id, Idempotent-Replayed, Stripe-Version',
  'Access-Control-Max-Age': '600',
};

/**
 * @typedef {{ url: string, secretKey: string, publishableKey: string, webhookSecret: string | undefined,
 *   standInScriptUrl: string, close(): Promise<void> }} StripeSandbox
 */

/**
 * @param {{ port?: number, host?: string, secretKey?: string, publishableKey?: string, webhookUrl?: string,
 *   webhookSecret?: string, retryDelaysMs?: number[], log?: (line: string) => void }} [options]
 *   secretKey: `sk_test_…` and publishableKey: `pk_test_…`, each made up when absent from random
 *   bytes of its own: the publishable key is public (it is in every page), so nothing about the
 *   secret key may follow from it. webhookUrl: where events go, signed with webhookSecret (made up
 *   when absent).
 * @returns {Promise<StripeSandbox>}
 */
export async function startStripeSandbox({
  port = 0,
  host = '127.0.0.1',
  secretKey = randomKey('sk_test'),
  publishableKey = randomKey('pk_test'),
  webhookUrl,
  webhookSecret,
  retryDelaysMs = [1_000, 5_000, 15_000, 60_000],
  log = (line) => console.warn(`[stripe sandbox] ${line}`),
} = {}) {
  if (!secretKey.startsWith('sk_test_')) {
    throw new Error('The Stripe sandbox accepts test keys only: its secret key must start with sk_test_ (live keys are refused).');
  }
  if (!publishableKey.startsWith('pk_test_')) throw new Error('The Stripe sandbox’s publishable key must start with pk_test_.');
  if (publishableKey.slice('pk_test_'.length) === secretKey.slice('sk_test_'.length)) {
    throw new Error('The Stripe sandbox’s secret key must not be derivable from its publishable key: give them different random tails.');
  }

  /** @type {Map<string, { id: string, object: 'webhook_endpoint', url: string, secret: string, enabled_events: string[], status: 'enabled', livemode: false, created: number }>} */
  const webhookEndpoints = new Map();
  if (webhookUrl) {
    webhookSecret ??= `whsec_${randomBytes(24).toString('base64url')}`;
    const endpoint = newWebhookEndpoint(webhookUrl, ['*'], webhookSecret);
    webhookEndpoints.set(endpoint.id, endpoint);
  }
  const webhooks = createWebhookSender({ endpoints: () => [...webhookEndpoints.values()], retryDelaysMs, log });
  /**
   * The idempotency key of the request being handled, for the event's `request` field.
   * @type {string | null}
   */
  let currentIdempotencyKey = null;
  const intents = createPaymentIntents({ onEvent: (type, object) => webhooks.send(newEvent(type, object, currentIdempotencyKey)) });
  /** Answers kept per API key and Idempotency-Key. @type {Map<string, { route: string, fingerprint: string, status: number, body: string, requestId: string }>} */
  const idempotent = new Map();
  let baseUrl = '';

  /**
   * @param {string} key
   * @returns {'secret' | 'publishable'}
   */
  function keyKind(key) {
    if (!key) throw authenticationError(NO_KEY_MESSAGE);
    if (LIVE_KEY.test(key)) throw authenticationError(LIVE_KEY_MESSAGE);
    if (key === secretKey) return 'secret';
    if (key === publishableKey) return 'publishable';
    throw authenticationError(`Invalid API Key provided: ${redact(key)}`);
  }

  /**
   * A publishable key may act on one PaymentIntent, given that intent's client_secret.
   * @param {'secret' | 'publishable'} kind
   * @param {Record<string, any>} intent
   * @param {FormObject} params
   */
  function authorizeIntent(kind, intent, params) {
    if (kind === 'secret') return;
    if (params.client_secret === undefined) throw authenticationError(PUBLISHABLE_KEY_MESSAGE);
    if (params.client_secret !== intent.client_secret) {
      throw invalidRequest('The client_secret provided does not match any associated PaymentIntent on this account.', {
        code: 'payment_intent_invalid_parameter',
        param: 'client_secret',
      });
    }
  }

  /**
   * @param {string | undefined} method
   * @param {string} pathname
   * @param {'secret' | 'publishable'} kind
   * @param {FormObject} params
   * @returns {{ status: number, body: object }}
   */
  function route(method, pathname, kind, params) {
    // key and client_secret say who calls (see apiKeyOf and authorizeIntent), not what to do.
    const { client_secret: _secret, key: _key, ...rest } = params;
    if (method === 'POST' && pathname === '/v1/payment_intents') {
      if (kind !== 'secret') throw authenticationError(PUBLISHABLE_KEY_MESSAGE);
      return { status: 200, body: intents.view(intents.create(rest)) };
    }
    let match = /^\/v1\/payment_intents\/([^/]+)$/.exec(pathname);
    if (match && method === 'GET') {
      const intent = intents.retrieve(decodeURIComponent(match[1]));
      authorizeIntent(kind, intent, params);
      return { status: 200, body: intents.view(intent, { publishable: kind === 'publishable' }) };
    }
    match = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(pathname);
    if (match && method === 'POST') {
      const id = decodeURIComponent(match[1]);
      authorizeIntent(kind, intents.retrieve(id), params);
      return { status: 200, body: intents.view(intents.confirm(id, rest), { publishable: kind === 'publishable' }) };
    }
    match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(pathname);
    if (match && method === 'POST') {
      // Only the shop's server cancels: Stripe.js cannot.
      if (kind !== 'secret') throw authenticationError(PUBLISHABLE_KEY_MESSAGE);
      return { status: 200, body: intents.view(intents.cancel(decodeURIComponent(match[1]), rest)) };
    }
    if (method === 'POST' && pathname === '/v1/refunds') {
      if (kind !== 'secret') throw authenticationError(PUBLISHABLE_KEY_MESSAGE);
      return { status: 200, body: intents.refund(rest) };
    }
    if (method === 'GET' && pathname === '/v1/refunds') {
      if (kind !== 'secret') throw authenticationError(PUBLISHABLE_KEY_MESSAGE);
      return { status: 200, body: intents.listRefunds(rest) };
    }
    match = /^\/v1\/refunds\/([^/]+)$/.exec(pathname);
    if (match && method === 'GET') {
      if (kind !== 'secret') throw authenticationError(PUBLISHABLE_KEY_MESSAGE);
      return { status: 200, body: intents.retrieveRefund(decodeURIComponent(match[1])) };
    }
    match = /^\/sandbox\/payment_intents\/([^/]+)\/authenticate$/.exec(pathname);
    if (match && method === 'POST') {
      const id = decodeURIComponent(match[1]);
      authorizeIntent(kind, intents.retrieve(id), params);
      return { status: 200, body: intents.view(intents.authenticate(id, rest), { publishable: kind === 'publishable' }) };
    }
    if (pathname === '/v1/webhook_endpoints' && method === 'POST') {
      if (kind !== 'secret') throw authenticationError(PUBLISHABLE_KEY_MESSAGE);
      if (typeof params.url !== 'string') throw missingParam('url');
      const events = Array.isArray(params.enabled_events) ? params.enabled_events.filter((/** @type {unknown} */ item) => typeof item === 'string') : [];
      if (events.length === 0) throw missingParam('enabled_events');
      const endpoint = newWebhookEndpoint(params.url, events, `whsec_${randomBytes(24).toString('base64url')}`);
      webhookEndpoints.set(endpoint.id, endpoint);
      return { status: 200, body: endpoint };
    }
    match = /^\/v1\/webhook_endpoints\/([^/]+)$/.exec(pathname);
    if (match && method === 'DELETE') {
      if (kind !== 'secret') throw authenticationError(PUBLISHABLE_KEY_MESSAGE);
      const id = decodeURIComponent(match[1]);
      if (!webhookEndpoints.delete(id)) throw noSuch('webhook endpoint', id, 'id');
      return { status: 200, body: { id, object: 'webhook_endpoint', deleted: true } };
    }
    throw new StripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  /**
   * POSTs with an Idempotency-Key: the same key and parameters get the first answer again;
   * other parameters (or another endpoint) get Stripe's idempotency error.
   * @param {http.IncomingMessage} req
   * @param {string} pathname
   * @param {FormObject} params
   * @param {string} requestId
   * @returns {{ status: number, body: object, requestId: string, replayed?: boolean }}
   */
  function handleApiCall(req, pathname, params, requestId) {
    const kind = keyKind(apiKeyOf(req, params));
    const idempotencyKey = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    if (typeof idempotencyKey !== 'string' || idempotencyKey === '') return { ...route(req.method, pathname, kind, params), requestId };
    if (idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw invalidRequest(`Invalid Idempotency-Key: it must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters long.`);
    }
    const scope = `${kind === 'secret' ? secretKey : publishableKey}\n${idempotencyKey}`;
    const routeName = `${req.method} ${pathname}`;
    const { key: _key, ...fingerprinted } = params;
    const fingerprint = canonicalJson(fingerprinted);
    const earlier = idempotent.get(scope);
    if (earlier) {
      if (earlier.route !== routeName) {
        throw new StripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${earlier.route}' vs '${routeName}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      }
      if (earlier.fingerprint !== fingerprint) {
        throw new StripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      }
      return { status: earlier.status, body: JSON.parse(earlier.body), requestId: earlier.requestId, replayed: true };
    }
    currentIdempotencyKey = idempotencyKey;
    let answer;
    try {
      answer = route(req.method, pathname, kind, params);
    } catch (error) {
      // Stripe keeps the outcome once the call ran (a decline included), not a refused input.
      if (error instanceof StripeError && error.status === 402) {
        idempotent.set(scope, { route: routeName, fingerprint, status: 402, body: JSON.stringify({ error: error.body }), requestId });
      }
      throw error;
    } finally {
      currentIdempotencyKey = null;
    }
    idempotent.set(scope, { route: routeName, fingerprint, status: answer.status, body: JSON.stringify(answer.body), requestId });
    return { ...answer, requestId };
  }

  const server = http.createServer((req, res) => {
    const requestId = newId('req', 14);
    /**
     * @param {number} status
     * @param {unknown} body
     * @param {Record<string, string>} [headers]
     */
    const send = (status, body, headers = {}) => {
      res.writeHead(status, {
        ...CORS_HEADERS,
        'Content-Type': 'application/json',
        'Cache-Control': 'no-cache, no-store',
        'Request-Id': requestId,
        'Stripe-Version': API_VERSION,
        ...headers,
      });
      res.end(JSON.stringify(body, null, 2));
    };
    const { pathname, search } = new URL(req.url ?? '/', 'http://sandbox');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS).end();
      return;
    }
    if (req.method === 'GET' && pathname === '/js/stripe-stand-in.js') {
      res.writeHead(200, { ...CORS_HEADERS, 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(standInScript(baseUrl));
      return;
    }
    if (req.method === 'GET' && pathname === '/') {
      send(200, { object: 'stripe_sandbox', livemode: false, api_version: API_VERSION, stand_in_script: `${baseUrl}/js/stripe-stand-in.js` });
      return;
    }
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        if (size > MAX_BODY_BYTES) throw invalidRequest('The request body is too large.');
        const text = req.method === 'GET' || req.method === 'DELETE' ? search.slice(1) : Buffer.concat(chunks).toString('utf8');
        const params = parseForm(text);
        const answer = handleApiCall(req, pathname, params, requestId);
        /** @type {Record<string, string>} */
        const headers = answer.replayed ? { 'Idempotent-Replayed': 'true', 'Original-Request': answer.requestId } : {};
        send(answer.status, answer.body, headers);
      } catch (error) {
        if (error instanceof StripeError) send(error.status, { error: error.body });
        else if (error instanceof FormError) send(400, { error: { type: 'invalid_request_error', message: error.message } });
        else {
          log(`unexpected error: ${error instanceof Error ? error.stack : String(error)}`);
          send(500, { error: { type: 'api_error', message: 'An unexpected error occurred in the Stripe sandbox.' } });
        }
      }
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;

  let closing;
  return {
    url: baseUrl,
    secretKey,
    publishableKey,
    webhookSecret,
    standInScriptUrl: `${baseUrl}/js/stripe-stand-in.js`,
    close() {
      closing ??= new Promise((resolve) => {
        webhooks.close();
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** A test key: its prefix and 24 random bytes of its own. @param {string} prefix */
function randomKey(prefix) {
  return `${prefix}_sandbox_${randomBytes(24).toString('hex')}`;
}

/**
 * The key from `Authorization: Bearer` (or Basic, as curl -u sends it), else a `key` parameter as Stripe.js sends it.
 * @param {http.IncomingMessage} req
 * @param {FormObject} params
 */
function apiKeyOf(req, params) {
  const header = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
  return typeof params.key === 'string' ? params.key : '';
}

/** As Stripe shows a wrong key: its kind, stars, its last four characters. @param {string} key */
function redact(key) {
  const prefix = /^[a-z]+_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}${'*'.repeat(Math.max(key.length - prefix.length - 4, 0))}${key.slice(-4)}`;
}

/** @param {unknown} value @returns {string} */
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(/** @type {Record<string, unknown>} */ (value)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** @param {string} url @param {string[]} enabledEvents @param {string} secret */
function newWebhookEndpoint(url, enabledEvents, secret) {
  return {
    id: newId('we'),
    object: /** @type {const} */ ('webhook_endpoint'),
    url,
    secret,
    enabled_events: enabledEvents,
    status: /** @type {const} */ ('enabled'),
    livemode: /** @type {const} */ (false),
    created: Math.floor(Date.now() / 1000),
  };
}
