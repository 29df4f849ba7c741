import { addressText } from './address';
import type { ShippingOption } from './checkout-schemas';
import { totalsText } from './checkout-totals';

/** The structured address's field labels: the checkout's and My Profile's (one address book, one form). */
export const addressFieldText = {
  fullName: 'Full name',
  street: 'Street and house number',
  city: 'City',
  postalCode: 'Postal code',
  country: 'Country',
  /** A US address: the state (sales tax is by state). */
  state: 'State',
  /** Elsewhere: a province or county, optional. */
  region: addressText.region,
  chooseState: 'Choose the state…',
  phone: 'Phone number',
  /** My Profile: the saved address is the one the checkout starts from. */
  savedAddressTitle: 'Shipping address',
  savedAddressHint: 'The checkout starts from this address, and Address shows it on one line.',
} as const;

/** The checkout page's own words beyond checkoutText and totalsText. */
export const checkoutPageText = {
  shippingTitle: 'Shipping method',
  totalsTitle: 'Order summary',
  /** Before the address is complete the api cannot price shipping or tax. */
  quoteNeedsAddress: 'Shipping and tax show once the shipping address is complete.',
  /** The verify banner's button at the checkout. */
  resendLink: 'Resend the link',
  /** How an order ships and when it should arrive: "Express · Arrives Mon, Nov 30 – Tue, Dec 1". */
  deliveryLine: (delivery: Pick<ShippingOption, 'method' | 'deliveryFrom' | 'deliveryTo'>) =>
    `${totalsText.method[delivery.method]} · ${totalsText.arrives(delivery.deliveryFrom, delivery.deliveryTo)}`,
} as const;

/**
 * The spec's single order (the Purchase page) priced like a checkout: its structured address, its
 * shipping method and tax; a free-text address gives the structured one on the order's payment page.
 */
export const singleOrderText = {
  /** The Purchase page's switch between the address's fields and the spec's one line. */
  typeOnOneLine: 'Type the address on one line instead',
  useFields: 'Enter the address in fields',
  oneLineNote: 'Shipping and tax are added on the payment page, once the address is given in fields.',
  /** The payment page of an order placed with a free-text address: before the card. */
  addressFirstTitle: 'Where should we ship it?',
  addressFirst: (line: string) => `You typed “${line}”. Give the address in fields to work out its shipping and tax before you pay.`,
  saveAddress: 'Use this address',
  /** The spec's Payment page's link to the order's checkout page, where the fields are. */
  giveAddress: 'Give the address',
  savingAddress: 'Working out shipping and tax…',
  /** PUT /checkout/{id}/address refusals. */
  addressGivenAlready: 'This order has its shipping address already.',
  addressTooLate: 'This order is paid or cancelled: its address can no longer change.',
  /** POST /create-payment-intent for an order still without its structured address: no order is paid without shipping and tax. */
  addressBeforePaying: 'Give this order its shipping address in fields first: its shipping and tax are part of the charge.',
} as const;

