import { addressLine, type Checkout, type CheckoutQuote, lineTotalCents, validationMessages } from '@pcpp/contracts/core';
import type { ObjectId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import { BadRequestError, HttpError } from '../../errors';
import type { CartRepository } from '../cart/repository';
import { assertCardPayable, type CheckoutPlacement, type OrdersModule } from '../orders';
import type { PartsRepository } from '../parts/repository';
import type { AddressBookService } from '../users/address-book';
import { type CheckoutPricing, pricedLinesOf } from './totals';
import type { CheckoutBody, CheckoutQuoteBody, OrderAddressBody } from './validators';

/** The lines' parts as checked, in the order given (quote and checkout alike). */
type CheckedLine = CheckoutPlacement['lines'][number];

/**
 * The checkout: a cart's lines priced (shipping and tax) and placed as one order through the
 * orders module, which holds their stock all or none and keeps the order; the ordered parts leave
 * the cart and the address may be saved for the next time.
 */
export function createCheckoutService(deps: {
  orders: Pick<OrdersModule, 'placeCheckout' | 'checkoutOf' | 'giveAddress'>;
  parts: Pick<PartsRepository, 'findById'>;
  carts: CartRepository;
  /** "Save this address" keeps it in the address book (its default). */
  users: { saveShippingAddress: AddressBookService['saveFromCheckout'] };
  /** Shipping and tax (issue 32): the quote and the order are priced by it alike. */
  pricing: CheckoutPricing;
}) {
  /** The parts of the lines; an unknown part or a quantity below its minimum refuses the whole checkout. */
  async function checkLines(body: Pick<CheckoutBody, 'lines'>): Promise<CheckedLine[]> {
    const parts: CheckedLine[] = [];
    for (const line of body.lines) {
      const part = await deps.parts.findById(line.productId);
      const productId = line.productId.toHexString();
      if (!part) throw new HttpError(404, 'A part of your order is no longer sold', { details: { productId } });
      if (line.quantity < part.min_quantity) {
        throw new BadRequestError(validationMessages.quantityMin(part.min_quantity), { details: { productId } });
      }
      parts.push({ part: { productId: part._id, partName: part.name, minQuantity: part.min_quantity, quantity: line.quantity, price: part.price }, quantity: line.quantity });
    }
    return parts;
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

  return {
    /** POST /checkout (once per Idempotency-Key: the http layer's, as the route declares). */
    async place(caller: AccessClaims, body: CheckoutBody): Promise<Checkout> {
      const lines = await checkLines(body);
      const checkout = await deps.orders.placeCheckout(caller, {
        lines,
        address: { ...body.address },
        addressLine: addressLine(body.address),
        async price(prices) {
          return pricedLinesOf(
            await deps.pricing.price({
              lineAmounts: body.lines.map((line, index) => lineTotalCents(prices[index]!, line.quantity)),
              address: body.address,
              method: body.shippingMethod,
              now: new Date(),
            }),
          );
        },
      });
      if (body.saveAddress) await deps.users.saveShippingAddress(caller.email, { ...body.address });
      await dropFromCart(caller.email, body.lines.map((line) => line.productId.toHexString()));
      return checkout;
    },

    /** POST /checkout/quote: the figures and shipping options the checkout would have, holding nothing. */
    async quote(body: CheckoutQuoteBody): Promise<CheckoutQuote> {
      const lines = await checkLines(body);
      // The page shows the card minimum's sentence as soon as it asks, before any address is typed.
      assertCardPayable(lines.reduce((sum, line) => sum + lineTotalCents(line.part.price, line.quantity), 0));
      const { delivery: _delivery, lines: _lines, taxRate: _taxRate, ...quote } = await deps.pricing.price({
        lineAmounts: lines.map((line) => lineTotalCents(line.part.price, line.quantity)),
        address: body.address,
        method: body.shippingMethod,
        now: new Date(),
      });
      return quote;
    },

    /** GET /shipping-rates: the table the cart's estimate prices with. */
    shippingRates: () => ({ rates: deps.pricing.rates.map((rate) => ({ ...rate })) }),

    /** PUT /checkout/{id}/address: a free-text order's structured address, priced by the orders module with this pricing. */
    giveAddress: (caller: AccessClaims, id: ObjectId, body: OrderAddressBody): Promise<Checkout> => deps.orders.giveAddress(caller, id, body),

    /** GET /checkout/{id}: the caller's own checkout with its lines as they are now. */
    get: (caller: AccessClaims, id: ObjectId): Promise<Checkout> => deps.orders.checkoutOf(caller, id),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
