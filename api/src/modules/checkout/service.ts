import {
  addressLine,
  CARD_MINIMUM_CENTS,
  type Checkout,
  type CheckoutQuote,
  lineTotalCents,
  totalsText,
  publicNameOf,
  type SavedAddress,
  orderRuleText,
  stockLeftMessage,
  validationMessages,
} from '@pcpp/contracts/core';
import { ObjectId, type WithId } from 'mongodb';
import type Stripe from 'stripe';
import type { AccessClaims } from '../../auth/access-token';
import type { IdentityProvider } from '../../auth/firebase';
import type { CheckoutDocument } from './documents';
import type { OrderDocument } from '../orders/documents';
import type { PartDocument } from '../parts/documents';
import { BadRequestError, ConflictError, ForbiddenError, HttpError, NotFoundError, ServiceUnavailableError } from '../../errors';
import type { Logger } from '../../logger';
import type { CartRepository } from '../cart/repository';
import type { Outbox } from '../mail/outbox';
import { type CheckoutSummary, checkoutPaidEmail, checkoutPlacedEmail } from '../mail/templates';
import type { HoldLine, HoldRules } from '../orders/hold-rules';
import type { OrdersRepository } from '../orders/repository';
import { newOrderNumber, placedLine, toOrder } from '../orders/service';
import { type CheckoutFulfilment, REFUND_REASONS } from '../payments/service';
import type { InvoiceLinks } from '../fulfilment/invoice-links';
import type { AddressBookService } from '../users/address-book';
import type { CheckoutRepository } from './repository';
import { chargeOf, figuresOf } from '../orders/line-charge';
import { assertCardPayable, type CheckoutPricing, type PricedCheckout } from './totals';
import type { CheckoutBody, CheckoutQuoteBody } from './validators';

const CURRENCY = 'usd';
export const CHECKOUT_NOT_FOUND = 'Checkout not found';
/** The lines an order's figures count: all of them, but a line cancelled unpaid while others stand no longer. */
const countedLines = (lines: WithId<OrderDocument>[]) => {
  const standing = lines.filter((line) => line.paid || line.status !== 'cancelled');
  return standing.length > 0 ? standing : lines;
};

function toCheckout(doc: WithId<CheckoutDocument>, orders: WithId<OrderDocument>[], holdMinutes: number): Checkout {
  return {
    checkoutId: doc._id.toHexString(),
    orderNumber: doc.number,
    orders: orders.map(toOrder),
    totalAmount: doc.totalAmount,
    ...figuresOf(countedLines(orders)),
    ...(doc.delivery ? { delivery: { ...doc.delivery } } : {}),
    ...(doc.address ? { address: { ...doc.address } } : {}),
    shipTo: orders[0]?.address ?? (doc.address ? addressLine(doc.address) : ''),
    phone: orders[0]?.phone ?? doc.address?.phone ?? '',
    paid: isPaid(doc, orders),
    ...(doc.transactionId ? { transactionId: doc.transactionId } : {}),
    // Its lines' hold (a checkout past the share holds only while it pays), else the usual one.
    ...(doc.paid ? {} : { holdExpiresAt: (orders[0]?.holdExpiresAt ?? new Date(doc.createdAt.getTime() + holdMinutes * 60_000)).toISOString() }),
    createdAt: doc.createdAt.toISOString(),
  };
}

/** Paid by the checkout's payment, or every line still standing paid one by one (the spec's payment page). */
const isPaid = (doc: CheckoutDocument, orders: WithId<OrderDocument>[]) =>
  doc.paid || (orders.some((order) => order.paid) && orders.every((order) => order.paid || order.status === 'cancelled'));

/** The unpaid lines a payment is for now (a line cancelled alone drops out of the amount). */
const payableOrders = (orders: WithId<OrderDocument>[]) => orders.filter((order) => order.status === 'placed' && !order.paid);
const sumOf = (orders: WithId<OrderDocument>[]) => orders.reduce((sum, order) => sum + order.totalAmount, 0);

/** The lines' prices and the parts they name, in the order given (quote and checkout alike). */
interface CheckedLine extends HoldLine {
  price: number;
}

export function createCheckoutService(deps: {
  checkouts: CheckoutRepository;
  orders: OrdersRepository;
  carts: CartRepository;
  /** "Save this address" keeps it in the address book (its default). */
  users: { saveShippingAddress: AddressBookService['saveFromCheckout'] };
  identity: Pick<IdentityProvider, 'accountByEmail'>;
  outbox: Outbox;
  stripe: Stripe | undefined;
  shopUrl: string;
  holdMinutes: number;
  /** The ordering rules (issue 20), one instance for orders and checkouts. */
  holds: HoldRules;
  /** Shipping and tax (issue 32): the quote and the order are priced by it alike. */
  pricing: CheckoutPricing;
  logger: Logger;
  /** The paid email's link to the invoice. */
  invoiceLinks?: Pick<InvoiceLinks, 'url'>;
}) {
  const { checkouts, orders } = deps;
  // The ordering rules of a single order (issue 20), for the checkout as one order and each of its lines.
  const { holds } = deps;

  function summary(doc: WithId<CheckoutDocument>, lines: WithId<OrderDocument>[], name: string): CheckoutSummary {
    return {
      number: doc.number,
      email: doc.email,
      name,
      checkoutId: doc._id.toHexString(),
      lines: lines.map((order) => ({
        productName: order.productName,
        quantity: order.order_quantity,
        unitPrice: order.per_product_price,
        total: order.totalAmount,
      })),
      figures: figuresOf(lines),
      ...(doc.delivery ? { delivery: doc.delivery } : {}),
      address: lines[0]?.address ?? (doc.address ? addressLine(doc.address) : ''),
      phone: lines[0]?.phone ?? doc.address?.phone ?? '',
      ...(doc.transactionId ? { transactionId: doc.transactionId } : {}),
    };
  }

  /** The parts of the lines; an unknown part or a quantity below its minimum refuses the whole checkout. */
  async function checkLines(body: Pick<CheckoutBody, 'lines'>): Promise<CheckedLine[]> {
    const parts: CheckedLine[] = [];
    for (const line of body.lines) {
      const part = await orders.findPart(line.productId);
      const productId = line.productId.toHexString();
      if (!part) throw new HttpError(404, 'A part of your order is no longer sold', { details: { productId } });
      if (line.quantity < part.min_quantity) {
        throw new BadRequestError(validationMessages.quantityMin(part.min_quantity), { details: { productId } });
      }
      parts.push({ productId: part._id, partName: part.name, minQuantity: part.min_quantity, quantity: line.quantity, price: part.price });
    }
    return parts;
  }

  /**
   * Takes every line's stock, each in the one conditional step that checks it; when a line cannot
   * be held, the lines already held are given back before the 409 says which line and how many
   * are left. So a checkout holds all its lines or none.
   */
  async function holdAll(body: CheckoutBody): Promise<WithId<PartDocument>[]> {
    const held: { productId: ObjectId; quantity: number; part: WithId<PartDocument> }[] = [];
    for (const line of body.lines) {
      const part = await orders.takeStock(line.productId, line.quantity);
      if (part) {
        held.push({ ...line, part });
        continue;
      }
      await Promise.all(held.map((taken) => orders.returnStock(taken.productId, taken.quantity)));
      const now = await orders.findPart(line.productId);
      const available = now?.p_quantity ?? 0;
      const name = now?.name ?? 'A part';
      throw new ConflictError(`${name}: ${stockLeftMessage(available)}`, {
        details: { productId: line.productId.toHexString(), available },
      });
    }
    return held.map((taken) => taken.part);
  }

  /** One customer's checkouts and orders are placed in turn (see HoldRules.inTurn). */
  function place(caller: AccessClaims, body: CheckoutBody): Promise<Checkout> {
    return holds.inTurn(caller.email, () => placeNow(caller, body));
  }

  async function placeNow(caller: AccessClaims, body: CheckoutBody): Promise<Checkout> {
    // Before any stock is taken: a deleted or disabled account orders nothing, an unverified one neither.
    const { displayName, emailVerified } = await deps.identity.accountByEmail(caller.email);
    if (!emailVerified) throw new ForbiddenError(orderRuleText.verifyEmailFirst);
    const holdLines = await checkLines(body);
    const now = new Date();
    const priceOf = (prices: number[]) =>
      deps.pricing.price({ lineAmounts: body.lines.map((line, index) => lineTotalCents(prices[index]!, line.quantity)), address: body.address, method: body.shippingMethod, now });
    // Before any stock is held: a total no card can pay is refused with its sentence, never a 502 at payment.
    assertCardPayable((await priceOf(holdLines.map((line) => line.price))).subtotal);
    const refusal = await holds.refusal(caller.email, holdLines, { placed: false });
    if (refusal) throw refusal;
    // Past the share of a part's stock that orders paid later may hold, a checkout (it pays on its
    // page) still gets the stock, held only as long as the payment takes.
    const payNowHold = Boolean(await holds.pastShare(holdLines, { placed: false }));
    const holdMinutes = payNowHold ? holds.limits.payNowHoldMinutes : deps.holdMinutes;
    const held = await holdAll(body);
    // Priced again at the prices the stock was held at (an admin may have changed one in between).
    let priced: PricedCheckout;
    try {
      priced = await priceOf(held.map((part) => part.price));
      assertCardPayable(priced.subtotal);
    } catch (error) {
      await Promise.all(body.lines.map((line) => orders.returnStock(line.productId, line.quantity)));
      throw error;
    }
    const checkoutId = new ObjectId();
    const name = publicNameOf({ displayName, email: caller.email });
    const address: SavedAddress = { ...body.address };
    let number: string;
    try {
      // The shop's one order-number generator (reserved, random); every line carries the checkout's number.
      number = await newOrderNumber(orders);
    } catch (error) {
      await Promise.all(body.lines.map((line) => orders.returnStock(line.productId, line.quantity)));
      throw error;
    }
    const docs: WithId<OrderDocument>[] = body.lines.map((line, index) => ({
      _id: new ObjectId(),
      ...placedLine({
        number,
        checkoutId,
        part: held[index]!,
        quantity: line.quantity,
        email: caller.email,
        name,
        address: addressLine(address),
        phone: address.phone,
        at: now,
        holdMinutes,
        payNowHold,
      }),
      ...priced.lines[index]!,
    }));
    let checkout: WithId<CheckoutDocument> | undefined;
    try {
      await checkouts.insertOrders(docs);
      const candidate: WithId<CheckoutDocument> = {
        _id: checkoutId,
        email: caller.email,
        number,
        orderIds: docs.map((doc) => doc._id),
        totalAmount: sumOf(docs),
        address,
        delivery: priced.delivery,
        paid: false,
        createdAt: now,
      };
      // The number is reserved for this checkout alone, so a clash here is a bug, not bad luck.
      if (!(await checkouts.insert(candidate))) throw new Error(`order number ${number} is taken by another checkout`);
      checkout = candidate;
      // Counted with this checkout stored: of concurrent checkouts past a cap, none stays.
      const late = await holds.refusal(caller.email, holdLines, { placed: true });
      if (late) throw late;
      const pastShare = payNowHold ? null : await holds.pastShare(holdLines, { placed: true });
      if (pastShare) throw holds.payNowOnly(pastShare);
    } catch (error) {
      await checkouts.deleteCheckout(checkoutId);
      await Promise.all(body.lines.map((line) => orders.returnStock(line.productId, line.quantity)));
      throw error;
    }
    await deps.outbox.enqueue(checkoutPlacedEmail(summary(checkout, docs, name), { shopUrl: deps.shopUrl, holdMinutes }));
    if (body.saveAddress) await deps.users.saveShippingAddress(caller.email, address);
    await dropFromCart(caller.email, body.lines.map((line) => line.productId.toHexString()));
    return toCheckout(checkout, docs, deps.holdMinutes);
  }

  /** What was ordered leaves the cart; anything else in it stays. */
  async function dropFromCart(email: string, productIds: string[]): Promise<void> {
    const cart = await deps.carts.find(email);
    if (!cart) return;
    const ordered = new Set(productIds);
    await deps.carts.replace(
      email,
      cart.lines.filter((line) => !ordered.has(line.productId.toHexString())),
    );
  }

  async function ownCheckout(caller: AccessClaims, id: ObjectId): Promise<WithId<CheckoutDocument>> {
    const doc = await checkouts.findById(id);
    // Someone else's checkout is "not found", admins included (they have the orders pages).
    if (!doc || doc.email !== caller.email) throw new NotFoundError(CHECKOUT_NOT_FOUND);
    return doc;
  }

  function stripeClient(): Stripe {
    if (!deps.stripe) throw new ServiceUnavailableError('Card payments are not available on this server');
    return deps.stripe;
  }

  return {
    /** POST /checkout (once per Idempotency-Key: the http layer's, as the route declares). */
    place,

    /** POST /checkout/quote: the figures and shipping options the checkout would have, holding nothing. */
    async quote(body: CheckoutQuoteBody): Promise<CheckoutQuote> {
      const lines = await checkLines(body);
      // The page shows the card minimum's sentence as soon as it asks, before any address is typed.
      assertCardPayable(lines.reduce((sum, line) => sum + lineTotalCents(line.price, line.quantity), 0));
      const { delivery: _delivery, lines: _lines, ...quote } = await deps.pricing.price({
        lineAmounts: lines.map((line) => lineTotalCents(line.price, line.quantity)),
        address: body.address,
        method: body.shippingMethod,
        now: new Date(),
      });
      return quote;
    },

    /** GET /shipping-rates: the table the cart's estimate prices with. */
    shippingRates: () => ({ rates: deps.pricing.rates.map((rate) => ({ ...rate })) }),

    /** GET /checkout/{id}: the caller's own checkout with its orders as they are now. */
    async get(caller: AccessClaims, id: ObjectId): Promise<Checkout> {
      const doc = await ownCheckout(caller, id);
      return toCheckout(doc, await checkouts.ordersOf(doc), deps.holdMinutes);
    },

    /**
     * POST /create-payment-intent with {checkoutId}: one PaymentIntent for every unpaid line of the
     * checkout, for their sum as stored (the same intent when asked again for the same amount).
     */
    async createPaymentIntent(caller: AccessClaims, id: ObjectId): Promise<{ clientSecret: string }> {
      const stripe = stripeClient();
      const doc = await ownCheckout(caller, id);
      const lines = await checkouts.ordersOf(doc);
      if (isPaid(doc, lines)) throw new ConflictError('This order is already paid');
      const payable = payableOrders(lines);
      if (payable.length === 0) throw new ConflictError('This order is cancelled and cannot be paid');
      const amount = chargeOf(payable);
      // Lines cancelled one by one can leave less than a card takes: say so, never a 502.
      if (amount < CARD_MINIMUM_CENTS) throw new ConflictError(totalsText.cardMinimum);
      const checkoutId = doc._id.toHexString();
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          { amount, currency: CURRENCY, description: `PC PART PICKER order ${doc.number}`, metadata: { checkoutId } },
          { idempotencyKey: `checkout-${checkoutId}-${amount}` },
        );
      } catch (error) {
        deps.logger.error({ err: error, checkoutId }, 'Stripe call failed');
        throw new HttpError(502, 'The payment provider refused the request', { cause: error });
      }
      // On the checkout and on each line: cancelling a line (or the hold sweep) cancels the payment first.
      await checkouts.notePaymentIntent(doc._id, payable.map((order) => order._id), intent.id);
      if (!intent.client_secret) throw new HttpError(502, 'The payment provider refused the request');
      return { clientSecret: intent.client_secret };
    },

    /**
     * A succeeded PaymentIntent that names a checkout: every unpaid line of it becomes paid in one
     * step, exactly once however often the payment is delivered, and only when the amount is the
     * sum of those lines. A payment it cannot take (another amount, a checkout paid already by
     * another payment or with every line cancelled, a checkout that does not exist) pays nothing
     * and is to be given back (the payments service refunds it once and records it on the lines).
     */
    async fulfil(intent: Stripe.PaymentIntent): Promise<CheckoutFulfilment> {
      const checkoutId = intent.metadata?.checkoutId ?? '';
      if (intent.status !== 'succeeded' || !/^[0-9a-f]{24}$/.test(checkoutId)) {
        deps.logger.warn({ checkoutId, paymentIntent: intent.id, status: intent.status }, 'not a succeeded payment for a checkout: nothing paid');
        return 'mismatch';
      }
      const doc = await checkouts.findById(ObjectId.createFromHexString(checkoutId));
      if (!doc) {
        deps.logger.warn({ checkoutId, paymentIntent: intent.id }, 'a payment for no checkout of the shop: given back');
        return { refund: REFUND_REASONS.noOrder, orders: [] };
      }
      const lines = await checkouts.ordersOf(doc);
      if (doc.paid) return doc.transactionId === intent.id ? 'already-paid' : { refund: REFUND_REASONS.paidTwice, orders: lines };
      const payable = payableOrders(lines);
      if (payable.length === 0) {
        // Another delivery of this same payment may have paid the lines since the checkout was read.
        const again = await checkouts.findById(doc._id);
        if (again?.paid && again.transactionId === intent.id) return 'already-paid';
        const reason = lines.some((order) => order.paid) ? REFUND_REASONS.paidTwice : REFUND_REASONS.cancelled;
        return { refund: reason, orders: lines };
      }
      if (intent.amount !== chargeOf(payable) || intent.currency !== CURRENCY) {
        deps.logger.warn({ checkoutId, paymentIntent: intent.id, amount: intent.amount, due: chargeOf(payable) }, 'a checkout payment does not match its lines: nothing paid, given back');
        return { refund: REFUND_REASONS.wrongAmount, orders: lines };
      }
      if (!(await checkouts.claimPaid(doc._id, intent.id))) {
        // Another delivery claimed it first: this same payment (done), or another one (given back).
        const now = await checkouts.findById(doc._id);
        return now?.transactionId === intent.id ? 'already-paid' : { refund: REFUND_REASONS.paidTwice, orders: lines };
      }
      await checkouts.payOrders(doc._id, intent.id, new Date());
      deps.logger.info({ checkoutId, paymentIntent: intent.id }, 'checkout paid');
      const paid = { ...doc, paid: true, transactionId: intent.id };
      const invoiceUrl = await deps.invoiceLinks?.url(doc.number);
      await deps.outbox.enqueue(checkoutPaidEmail(summary(paid, payable, payable[0]!.name), { shopUrl: deps.shopUrl, ...(invoiceUrl ? { invoiceUrl } : {}) }));
      return 'paid';
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
