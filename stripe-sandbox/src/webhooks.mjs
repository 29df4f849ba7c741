// Events and their delivery, signed as Stripe signs them: the `Stripe-Signature` header
// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint's secret>`.
import { createHmac } from 'node:crypto';
import { newId } from './ids.mjs';

export const API_VERSION = '2026-10-28.endive';
const DELIVERY_TIMEOUT_MS = 10_000;

/** @param {string} payload @param {string} secret @param {number} [timestamp] unix seconds */
export function signatureHeader(payload, secret, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** @param {string} type @param {object} object @param {string | null} [idempotencyKey] */
export function newEvent(type, object, idempotencyKey = null) {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: newId('req', 14), idempotency_key: idempotencyKey },
    type,
  };
}

/**
 * Delivers each event to every endpoint that wants it; a failed attempt (not 2xx, or no answer)
 * is tried again after each of `retryDelaysMs`, re-signed each time, as Stripe does.
 *
 * @param {{ endpoints: () => { url: string, secret: string, enabled_events: string[] }[],
 *           retryDelaysMs: number[], log: (line: string) => void }} options
 */
export function createWebhookSender({ endpoints, retryDelaysMs, log }) {
  /** @type {Set<NodeJS.Timeout>} */
  const timers = new Set();
  /** @type {Set<AbortController>} */
  const inFlight = new Set();
  let closed = false;

  /** @param {{ url: string, secret: string }} endpoint @param {{ id: string, type: string }} event @param {number} attempt 0 for the first */
  async function deliver(endpoint, event, attempt) {
    if (closed) return;
    const payload = JSON.stringify(event, null, 2);
    const controller = new AbortController();
    inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), DELIVERY_TIMEOUT_MS);
    let outcome;
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signatureHeader(payload, endpoint.secret),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: controller.signal,
      });
      await response.arrayBuffer();
      if (response.ok) return;
      outcome = `HTTP ${response.status}`;
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timer);
      inFlight.delete(controller);
    }
    if (closed) return;
    const delay = retryDelaysMs[attempt];
    if (delay === undefined) {
      log(`webhook ${event.type} ${event.id} to ${endpoint.url} failed (${outcome}); giving up after ${attempt + 1} attempts`);
      return;
    }
    log(`webhook ${event.type} ${event.id} to ${endpoint.url} failed (${outcome}); trying again in ${delay} ms`);
    const retry = setTimeout(() => {
      timers.delete(retry);
      void deliver(endpoint, event, attempt + 1);
    }, delay);
    timers.add(retry);
  }

  return {
    /** @param {{ id: string, type: string }} event */
    send(event) {
      for (const endpoint of endpoints()) {
        if (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(event.type)) void deliver(endpoint, event, 0);
      }
    },
    /** Cancels pending retries and aborts deliveries under way. */
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const controller of inFlight) controller.abort();
    },
  };
}
