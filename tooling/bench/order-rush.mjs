// POST /order from many customers at once on one part until it is sold out: orders/s, and the
// oversell check (the quantity accepted equals the stock consumed, and stock never goes below 0).
import { randomUUID } from 'node:crypto';

/**
 * @param {Response} response
 * @param {string} what
 * @returns {Promise<any>} the JSON body
 */
export async function json(response, what) {
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${body.message ?? ''}`);
  return body;
}

/**
 * A new email+password account in the auth emulator, its email verified (only a verified account
 * orders; the emulator's admin api, as opening the emailed link would), exchanged for the api's access token.
 * @param {{ apiUrl: string, authEmulatorUrl: string }} urls
 * @param {number} index
 * @returns {Promise<string>}
 */
export async function newCustomer({ apiUrl, authEmulatorUrl }, index) {
  const email = `bench-${Date.now()}-${index}@pcparts.dev`;
  const signUp = await fetch(`${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1', returnSecureToken: true }),
  });
  const { idToken, localId } = await json(signUp, 'the emulator sign-up');
  await json(
    await fetch(`${authEmulatorUrl}/identitytoolkit.googleapis.com/v1/projects/demo-pcparts/accounts:update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId, emailVerified: true }),
    }),
    'the emulator email verification',
  );
  const exchange = await fetch(`${apiUrl}/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ email }),
  });
  const { token } = await json(exchange, 'the token exchange');
  return token;
}

/**
 * @param {string} apiUrl
 * @param {string} id
 * @returns {Promise<number>}
 */
export async function stockOf(apiUrl, id) {
  return (await json(await fetch(`${apiUrl}/tools/${id}`), `GET /tools/${id}`)).p_quantity;
}

/** @param {{ apiUrl: string, authEmulatorUrl: string, customers: number }} options */
export async function rushOrders({ apiUrl, authEmulatorUrl, customers }) {
  const tokens = await Promise.all(Array.from({ length: customers }, (_, i) => newCustomer({ apiUrl, authEmulatorUrl }, i)));
  // The part that takes the most orders of its minimum quantity before it sells out.
  const tools = await json(await fetch(`${apiUrl}/tools`), 'GET /tools');
  /** @typedef {{ _id: string, p_quantity: number, min_quantity: number }} BenchPart */
  const part = tools.reduce((/** @type {BenchPart} */ best, /** @type {BenchPart} */ tool) =>
    Math.floor(tool.p_quantity / tool.min_quantity) > Math.floor(best.p_quantity / best.min_quantity) ? tool : best,
  );
  const stockBefore = await stockOf(apiUrl, part._id);
  const body = JSON.stringify({ productId: part._id, order_quantity: part.min_quantity, address: '1 Bench Street, Leeds', phone: '+44 7700 900000' });
  /** @type {Record<number, number>} */
  const statuses = {};
  let accepted = 0;
  let acceptedQuantity = 0;

  const customer = async (/** @type {string} */ token) => {
    for (;;) {
      const response = await fetch(`${apiUrl}/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        body,
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 201) {
        accepted += 1;
        acceptedQuantity += part.min_quantity;
      } else {
        // 409: sold out (or less left than the minimum). Anything else ends this customer too.
        return;
      }
    }
  };
  const started = performance.now();
  await Promise.all(tokens.map(customer));
  const seconds = (performance.now() - started) / 1000;
  const stockAfter = await stockOf(apiUrl, part._id);
  const consumed = stockBefore - stockAfter;
  return {
    customers,
    part: { id: part._id, name: part.name, minQuantity: part.min_quantity },
    stockBefore,
    stockAfter,
    ordersAccepted: accepted,
    quantityAccepted: acceptedQuantity,
    stockConsumed: consumed,
    statuses,
    seconds,
    ordersPerSecond: accepted / seconds,
    oversellCheck: acceptedQuantity === consumed && stockAfter >= 0 && stockAfter < part.min_quantity ? 'pass' : 'miss',
  };
}
