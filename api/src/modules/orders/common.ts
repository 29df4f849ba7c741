import { type LineQuantity, orderText } from '@pcpp/contracts/core';
import type { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import type { AccessClaims } from '../../auth/access-token';
import type { RoleAuthority } from '../../auth/role-authority';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../errors';
import type { Logger } from '../../logger';
import type { EmailMessage } from '../mail/transport';
import type { OrderDocument, OrderEffect, OrderLineDocument } from './documents';
import { type OrderEmailFacts, wholeOrderEmail } from './emails';
import type { OrderQueries } from './read-model/queries';
import type { OrderStore } from './store/order-store';
import type { Stock } from './store/stock';

/**
 * What an unpaid line's payment needs before the line is cancelled: its PaymentIntent cancelled at
 * Stripe (the payments module's; wired in services.ts, so this module imports nothing of it). It
 * throws a ConflictError when the payment went through meanwhile (the line is paid now) or is still
 * being processed.
 */
export interface PaymentCanceller {
  cancelPaymentOf(line: Pick<OrderLineDocument, '_id' | 'paymentIntentId'>): Promise<void>;
}

/** Test seams for fault injection (orders/refunds/interrupted-refund.test.ts): never set in production. */
export interface OrderFaults {
  /** Runs after a refund's claim is written, before Stripe is asked. */
  afterRefundClaim?(refundId: ObjectId): Promise<void>;
}

/** What the orders module's services share. */
export interface OrdersContext {
  store: OrderStore;
  queries: OrderQueries;
  stock: Stock;
  roles: RoleAuthority;
  stripe: Stripe | undefined;
  payments?: PaymentCanceller;
  shopUrl: string;
  holdMinutes: number;
  returnWindowDays: number;
  logger: Logger;
  now: () => Date;
  faults?: OrderFaults;
}

export const plural = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

export const notFound = () => new NotFoundError(orderText.notFound);

/** The order by number; anyone who may not see it is told it does not exist, as for a number no order has. */
export async function orderFor(context: OrdersContext, caller: AccessClaims, number: string, { ownerOnly = false } = {}): Promise<OrderDocument> {
  const order = await context.store.findByNumber(number);
  if (!order) throw notFound();
  if (order.email === caller.email) return order;
  if (ownerOnly || (await context.roles.roleOf(caller.email)) !== 'admin') throw notFound();
  return order;
}

/** Each wanted line must be one of the order's, each at most once. */
export function linesById(order: OrderDocument, wanted: LineQuantity[]): { line: OrderLineDocument; quantity: number }[] {
  return wanted.map((want) => {
    const line = order.lines.find((candidate) => candidate._id.toHexString() === want.lineId);
    if (!line) throw new BadRequestError(`lineId ${want.lineId} is not a line of this order`);
    return { line, quantity: want.quantity };
  });
}

/** A line of the order by id (the order is read with it, so it is there). */
export const lineOf = (order: Pick<OrderDocument, 'lines'>, lineId: ObjectId): OrderLineDocument => {
  const line = order.lines.find((candidate) => candidate._id.equals(lineId));
  if (!line) throw new Error(`line ${lineId.toHexString()} is not in its order`);
  return line;
};

/** The order's lines with one replaced. */
export const replaceLine = (order: Pick<OrderDocument, 'lines'>, next: OrderLineDocument) =>
  order.lines.map((line) => (line._id.equals(next._id) ? next : line));

export function stripeClient(context: Pick<OrdersContext, 'stripe'>): Stripe {
  if (!context.stripe) throw new ServiceUnavailableError('Card payments are not available on this server');
  return context.stripe;
}

// What follows a change (written with it: store/effects.ts).

export const emailEffect = (message: EmailMessage): OrderEffect => ({ kind: 'email', message });

export const activityEffect = (at: Date, entry: Extract<OrderEffect, { kind: 'activity' }>['entry']): OrderEffect => ({ kind: 'activity', at, entry });

/** The Activity log names orders by number and links to their first line (the order pages' link). */
export const activitySubject = (order: Pick<OrderDocument, 'lines'>) =>
  order.lines[0] ? { subject: { kind: 'order' as const, id: order.lines[0]._id.toHexString() } } : {};

/** An email about some of an order's lines (those a parcel, refund or return is about). */
export function wholeOrderEffect(
  context: Pick<OrdersContext, 'shopUrl'>,
  order: Pick<OrderDocument, 'number' | 'email' | 'name' | 'lines'>,
  lines: { lineId: ObjectId; quantity: number }[],
  parts: { subject: string; intro: string; facts?: [string, string][]; links?: [string, string][] },
): OrderEffect {
  const facts: OrderEmailFacts = {
    number: order.number,
    email: order.email,
    name: order.name,
    lines: lines.map((entry) => ({ productName: order.lines.find((line) => line._id.equals(entry.lineId))?.productName ?? 'A part', quantity: entry.quantity })),
    facts: parts.facts ?? [],
    ...(parts.links ? { links: parts.links } : {}),
  };
  return emailEffect(wholeOrderEmail(facts, { shopUrl: context.shopUrl }, { subject: parts.subject, intro: parts.intro }));
}
