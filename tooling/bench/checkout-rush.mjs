// POST /checkout from many customers at once, three parts a checkout, until a line runs out:
// checkouts/s, and the oversell check per part (what the accepted checkouts hold is exactly the
// stock consumed, no stock below 0) and the all-or-none check (every accepted checkout has all its
// lines, no refused one left any).
import { randomUUID } from 'node:crypto';
import { json, newCustomer, stockOf } from './order-rush.mjs';

const ADDRESS = { fullName: 'Bench Buyer', street: '1 Bench Street', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB', phone: '+44 7700 900000' };

/** @param {{ apiUrl: string, authEmulatorUrl: string, customers: number }} options */
export async function rushCheckouts({ apiUrl, authEmulatorUrl, customers }) {
  const tokens = await Promise.all(Array.from({ length: customers }, (_, i) => newCustomer({ apiUrl, authEmulatorUrl }, 1000 + i)));
  /** @typedef {{ _id: string, name: string, p_quantity: number, min_quantity: number }} BenchPart */
  /** @type {BenchPart[]} */
  const tools = await json(await fetch(`${apiUrl}/tools`), 'GET /tools');
  // The three parts with the fewest checkouts in stock: they run out within the rush.
  const parts = [...tools].sort((a, b) => a.p_quantity / a.min_quantity - b.p_quantity / b.min_quantity).filter((p) => p.p_quantity >= p.min_quantity).slice(0, 3);
  const before = await Promise.all(parts.map((part) => stockOf(apiUrl, part._id)));
  const body = JSON.stringify({ lines: parts.map((part) => ({ productId: part._id, quantity: part.min_quantity })), address: ADDRESS });
  /** @type {Record<number, number>} */
  const statuses = {};
  /** @type {{ checkoutId: string, lines: number }[]} */
  const accepted = [];

  const customer = async (/** @type {string} */ token) => {
    for (;;) {
      const response = await fetch(`${apiUrl}/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        body,
      });
      const answer = await response.json().catch(() => ({}));
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status !== 201) return;
      accepted.push({ checkoutId: answer.checkoutId, lines: answer.orders.length });
    }
  };
  const started = performance.now();
  await Promise.all(tokens.map(customer));
  const seconds = (performance.now() - started) / 1000;
  const after = await Promise.all(parts.map((part) => stockOf(apiUrl, part._id)));
  const perPart = parts.map((part, index) => ({
    id: part._id,
    name: part.name,
    stockBefore: before[index],
    stockAfter: after[index],
    held: accepted.length * part.min_quantity,
    consumed: before[index] - after[index],
  }));
  const oversellFree = perPart.every((p) => p.held === p.consumed && p.stockAfter >= 0);
  const whole = accepted.every((checkout) => checkout.lines === parts.length);
  return {
    customers,
    linesPerCheckout: parts.length,
    parts: perPart,
    checkoutsAccepted: accepted.length,
    statuses,
    seconds,
    checkoutsPerSecond: accepted.length / seconds,
    oversellCheck: oversellFree && whole ? 'pass' : 'miss',
  };
}
