import {
  addressLine,
  CARD_MINIMUM_CENTS,
  lineTotalCents,
  orderRuleText,
  publicNameOf,
  type SavedAddress,
  type ShippingAddress,
  type ShippingMethod,
  type ShippingOption,
  singleOrderText,
  stockLeftMessage,
  totalsText,
  validationMessages,
} from '@pcpp/contracts/core';
import { type Collection, ObjectId, type WithId } from 'mongodb';
import type { AccessClaims } from '../../../auth/access-token';
import type { IdentityProvider } from '../../../auth/firebase';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, ServiceUnavailableError } from '../../../errors';
import type { PartDocument } from '../../parts/documents';
import type { OrdersContext } from '../common';
import type { OrderDocument, OrderLineDocument, OrderNumberDocument } from '../documents';
import { checkoutPlacedEmail, type CheckoutSummary, orderPlacedEmail } from '../emails';
import { figuresOf } from '../model/charges';
import { withDerivedState } from '../model/state';
import { Refusal } from '../store/order-store';
import { NO_UNITS } from '../model/units';
import { toOrder } from '../read-model/views';
import type { HoldLine, HoldRules } from './hold-rules';
import { newOrderNumber } from './order-numbers';

/** Refuses (400, with the sentence) parts that come to less than a card takes: before any stock is held. */
export function assertCardPayable(subtotal: number): void {
  if (subtotal < CARD_MINIMUM_CENTS) throw new BadRequestError(totalsText.cardMinimum);
}

/** What a checkout's pricing gives each line and the order (the checkout module's pricing, called at the held prices). */
export interface PricedLines {
  subtotal: number;
  delivery: ShippingOption;
  lines: { taxAmount: number; shippingAmount: number }[];
  tax?: { rate: number; country: string; region?: string };
}

/** A checkout to place: its parts as checked, where it goes, and how to price it at the prices the stock is held at. */
export interface CheckoutPlacement {
  lines: { part: HoldLine & { price: number }; quantity: number }[];
  address: SavedAddress;
  addressLine: string;
  price(prices: number[]): Promise<PricedLines>;
}

/** A single order (POST /order): the spec's body, ids parsed; the address a free-text line or the checkout's address. */
export interface SingleOrderBody {
  productId: ObjectId;
  quantity: number;
  address: string | ShippingAddress;
  phone: string;
  shippingMethod?: ShippingMethod;
}

/**
 * Shipping and tax for an order's lines to a structured address: the checkout module's pricing
 * (wired in services.ts, so this module imports nothing of it). A single order is priced by it as
 * a checkout of one line is.
 */
export type OrderPricing = (input: { lineAmounts: number[]; address: ShippingAddress; method?: ShippingMethod | undefined }) => Promise<PricedLines>;

/** What a priced single order stores: where it goes (structured), how it ships, its tax, and each line's share. */
function pricedFields(address: ShippingAddress, priced: PricedLines): Pick<OrderDocument, 'address' | 'shipTo' | 'delivery' | 'tax'> {
  return { address: addressLine(address), shipTo: { ...address }, delivery: priced.delivery, ...(priced.tax ? { tax: priced.tax } : {}) };
}

export function createPlacement(context: OrdersContext, deps: {
  identity: Pick<IdentityProvider, 'accountByEmail'>;
  holds: HoldRules;
  orderNumbers: Collection<OrderNumberDocument>;
  /** Absent in tests that place only free-text orders: a structured address is then refused (503). */
  pricing?: OrderPricing;
  /** Observes each placed order (tests). */
}) {
  const { store, stock } = context;
  const { holds } = deps;

  /** Before any stock is taken: a deleted or disabled account orders nothing, an unverified one neither. */
  async function customerName(caller: AccessClaims): Promise<string> {
    const { displayName, emailVerified } = await deps.identity.accountByEmail(caller.email);
    if (!emailVerified) throw new ForbiddenError(orderRuleText.verifyEmailFirst);
    return publicNameOf({ displayName, email: caller.email });
  }

  /**
   * Takes every line's stock, each in the one conditional step that checks it; when a line cannot
   * be held, the lines already held are given back before the 409 says which line and how many
   * are left. So an order holds all its lines or none.
   */
  async function holdAll(lines: { productId: ObjectId; quantity: number }[], single: boolean): Promise<WithId<PartDocument>[]> {
    const held: { productId: ObjectId; quantity: number; part: WithId<PartDocument> }[] = [];
    for (const line of lines) {
      const part = await stock.take(line.productId, line.quantity);
      if (part) {
        held.push({ ...line, part });
        continue;
      }
      await Promise.all(held.map((taken) => stock.giveBack(taken.productId, taken.quantity)));
      const now = await stock.findPart(line.productId);
      if (!now) throw single ? new NotFoundError('Part not found') : new ConflictError('A part: This part is sold out.', { details: { productId: line.productId.toHexString(), available: 0 } });
      const available = now.p_quantity;
      if (single) throw new ConflictError(stockLeftMessage(available), { details: { available } });
      throw new ConflictError(`${now.name}: ${stockLeftMessage(available)}`, { details: { productId: line.productId.toHexString(), available } });
    }
    return held.map((taken) => taken.part);
  }

  const giveBackAll = (lines: { productId: ObjectId; quantity: number }[]) => Promise.all(lines.map((line) => stock.giveBack(line.productId, line.quantity)));

  /**
   * Stores the order with its stock held; counts the hold caps again with it stored (of concurrent
   * orders past a cap, none stays). When it cannot stay, it is deleted and its stock given back
   * before anyone was told of it. Its placed email is written with it.
   */
  async function store_(order: OrderDocument, holdLines: HoldLine[], { payNow }: { payNow: boolean }, placedEmail: () => OrderDocument['effects']): Promise<OrderDocument> {
    const taken = order.lines.map((line) => ({ productId: line.productId, quantity: line.order_quantity }));
    const stored: OrderDocument = { ...order, effects: placedEmail() };
    try {
      await store.insert(stored);
    } catch (error) {
      await giveBackAll(taken);
      throw error;
    }
    try {
      const late = await holds.refusal(order.email, holdLines, { placed: true });
      if (late) throw late;
      const pastShare = payNow ? null : await holds.pastShare(holdLines, { placed: true });
      if (pastShare) throw holds.payNowOnly(pastShare);
    } catch (error) {
      await store.deleteUnannounced(order._id);
      await giveBackAll(taken);
      throw error;
    }
    await store.settle(stored);
    return stored;
  }

  function newLine(fields: { part: Pick<WithId<PartDocument>, '_id' | 'name' | 'price'>; quantity: number; email: string; at: Date; holdMinutes: number; payNowHold?: boolean; priced?: PricedLines['lines'][number] }): OrderLineDocument {
    return {
      _id: new ObjectId(),
      productId: fields.part._id,
      productName: fields.part.name,
      per_product_price: fields.part.price,
      order_quantity: fields.quantity,
      totalAmount: lineTotalCents(fields.part.price, fields.quantity),
      ...(fields.priced ? { taxAmount: fields.priced.taxAmount, shippingAmount: fields.priced.shippingAmount } : {}),
      paid: false,
      status: 'placed',
      statusHistory: [{ status: 'placed', at: fields.at, by: fields.email }],
      holdExpiresAt: new Date(fields.at.getTime() + fields.holdMinutes * 60_000),
      ...(fields.payNowHold ? { payNowHold: true as const } : {}),
      givenBack: [],
      units: { ...NO_UNITS },
    };
  }

  function newOrder(fields: Omit<OrderDocument, 'paid' | 'parcels' | 'refunds' | 'returns' | 'state' | 'version'>): OrderDocument {
    const order = { ...fields, paid: false, parcels: [], refunds: [], returns: [], version: 0 } as unknown as OrderDocument;
    return withDerivedState(order, { at: fields.createdAt, by: fields.email });
  }

  /** What the checkout's emails list. */
  function checkoutSummary(order: OrderDocument, lines = order.lines): CheckoutSummary {
    return {
      number: order.number,
      email: order.email,
      name: order.name,
      checkoutId: order._id.toHexString(),
      lines: lines.map((line) => ({ productName: line.productName, quantity: line.order_quantity, unitPrice: line.per_product_price, total: line.totalAmount })),
      figures: figuresOf(lines),
      ...(order.delivery ? { delivery: order.delivery } : {}),
      address: order.address,
      phone: order.phone,
      ...(order.transactionId ? { transactionId: order.transactionId } : {}),
    };
  }

  /**
   * POST /order: the name and unit price from the part, the email from the token, the name from the
   * account. Only a verified email orders, and only within the hold caps (checked before the stock
   * is taken, for the answer, and again with the order stored). The stock is taken in the step that
   * checks it.
   */
  async function placeSingleNow(caller: AccessClaims, input: SingleOrderBody): Promise<OrderDocument> {
    const name = await customerName(caller);
    const current = await stock.findPart(input.productId);
    if (!current) throw new NotFoundError('Part not found');
    if (input.quantity < current.min_quantity) throw new BadRequestError(validationMessages.quantityMin(current.min_quantity));
    assertCardPayable(lineTotalCents(current.price, input.quantity));
    const shipTo = typeof input.address === 'string' ? null : input.address;
    const priceAt = async (price: number): Promise<PricedLines | null> => {
      if (!shipTo) return null;
      if (!deps.pricing) throw new ServiceUnavailableError('Orders to a structured address cannot be priced right now.');
      return deps.pricing({ lineAmounts: [lineTotalCents(price, input.quantity)], address: shipTo, method: input.shippingMethod });
    };
    // Asked before any stock is held: an address the pricing refuses holds nothing.
    await priceAt(current.price);
    const holdLines: HoldLine[] = [{ productId: current._id, partName: current.name, minQuantity: current.min_quantity, quantity: input.quantity }];
    const refusal = await holds.refusal(caller.email, holdLines, { placed: false });
    if (refusal) throw refusal;
    // Paid later, on the Payment page: never past the share of stock such orders may hold.
    const pastShare = await holds.pastShare(holdLines, { placed: false });
    if (pastShare) throw holds.payNowOnly(pastShare);

    const [part] = await holdAll([{ productId: input.productId, quantity: input.quantity }], true);
    const at = context.now();
    let number: string;
    let priced: PricedLines | null;
    try {
      // Priced again at the price the stock was held at, as a checkout is.
      priced = await priceAt(part!.price);
      number = await newOrderNumber(deps.orderNumbers);
    } catch (error) {
      await stock.giveBack(input.productId, input.quantity);
      throw error;
    }
    const order = newOrder({
      _id: new ObjectId(),
      number,
      email: caller.email,
      name,
      ...(shipTo && priced ? pricedFields(shipTo, priced) : { address: input.address as string }),
      phone: input.phone,
      createdAt: at,
      lines: [newLine({ part: part!, quantity: input.quantity, email: caller.email, at, holdMinutes: context.holdMinutes, ...(priced ? { priced: priced.lines[0] } : {}) })],
    });
    return store_(order, holdLines, { payNow: false }, () => ({
      [new ObjectId().toHexString()]: { kind: 'email', message: orderPlacedEmail(toOrder(order, order.lines[0]!), { shopUrl: context.shopUrl, holdMinutes: context.holdMinutes }) },
    }));
  }

  /**
   * POST /checkout's placing: every line's stock or none, priced again at the prices the stock was
   * held at, under one order number. Past the share of a part's stock that orders paid later may
   * hold, a checkout (it pays on its page) still gets the stock, held only as long as the payment takes.
   */
  async function placeCheckoutNow(caller: AccessClaims, request: CheckoutPlacement): Promise<OrderDocument> {
    const name = await customerName(caller);
    const holdLines = request.lines.map((line) => ({ ...line.part, quantity: line.quantity }));
    assertCardPayable((await request.price(request.lines.map((line) => line.part.price))).subtotal);
    const refusal = await holds.refusal(caller.email, holdLines, { placed: false });
    if (refusal) throw refusal;
    const payNowHold = Boolean(await holds.pastShare(holdLines, { placed: false }));
    const holdMinutes = payNowHold ? holds.limits.payNowHoldMinutes : context.holdMinutes;
    const wanted = request.lines.map((line) => ({ productId: line.part.productId, quantity: line.quantity }));
    const held = await holdAll(wanted, false);
    let priced: PricedLines;
    let number: string;
    try {
      priced = await request.price(held.map((part) => part.price));
      assertCardPayable(priced.subtotal);
      number = await newOrderNumber(deps.orderNumbers);
    } catch (error) {
      await giveBackAll(wanted);
      throw error;
    }
    const at = context.now();
    const order = newOrder({
      _id: new ObjectId(),
      number,
      email: caller.email,
      name,
      address: request.addressLine,
      phone: request.address.phone,
      shipTo: { ...request.address },
      delivery: priced.delivery,
      ...(priced.tax ? { tax: priced.tax } : {}),
      createdAt: at,
      lines: request.lines.map((line, index) =>
        newLine({ part: held[index]!, quantity: line.quantity, email: caller.email, at, holdMinutes, payNowHold, priced: priced.lines[index] }),
      ),
    });
    return store_(order, holdLines, { payNow: payNowHold }, () => ({
      [new ObjectId().toHexString()]: { kind: 'email', message: checkoutPlacedEmail(checkoutSummary(order), { shopUrl: context.shopUrl, holdMinutes }) },
    }));
  }

  /**
   * PUT /checkout/{id}/address: an order placed with a free-text address (the spec's body) given the
   * structured one before it is paid: priced by the same pricing at the prices its lines hold, once.
   * A PaymentIntent made before for the smaller amount no longer matches it: paid, it is given back.
   */
  async function giveAddress(caller: AccessClaims, id: ObjectId, address: ShippingAddress, method: ShippingMethod | undefined): Promise<OrderDocument> {
    const found = await context.store.findById(id);
    if (!found || found.email !== caller.email) throw new NotFoundError('Checkout not found');
    if (!deps.pricing) throw new ServiceUnavailableError('Orders to a structured address cannot be priced right now.');
    const priced = await deps.pricing({ lineAmounts: found.lines.map((line) => line.totalAmount), address, method });
    const { order } = await context.store.change(
      found._id,
      (current) => {
        if (current.shipTo) throw new Refusal(new ConflictError(singleOrderText.addressGivenAlready));
        if (current.lines.some((line) => line.paid) || current.lines.every((line) => line.cancelled)) throw new Refusal(new ConflictError(singleOrderText.addressTooLate));
        if (current.lines.length !== priced.lines.length) throw new Refusal(new ConflictError('This order changed meanwhile. Try again.'));
        return {
          next: { ...current, ...pricedFields(address, priced), lines: current.lines.map((line, index) => ({ ...line, ...priced.lines[index]! })) },
          result: undefined,
        };
      },
      { at: context.now(), by: caller.email },
      () => new NotFoundError('Checkout not found'),
    );
    return order;
  }

  return {
    giveAddress,
    /** POST /order: one customer's placements take turns (HoldRules.inTurn). */
    placeSingle: (caller: AccessClaims, input: SingleOrderBody) => holds.inTurn(caller.email, () => placeSingleNow(caller, input)),
    /** POST /checkout: one customer's placements take turns. */
    placeCheckout: (caller: AccessClaims, request: CheckoutPlacement) => holds.inTurn(caller.email, () => placeCheckoutNow(caller, request)),
    checkoutSummary,
  };
}

export type Placement = ReturnType<typeof createPlacement>;
