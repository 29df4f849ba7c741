import { brand, type CheckoutTotals, formatCents, type Order, orderPagePath, type ShippingOption, totalsText } from '@pcpp/contracts/core';
import escapeHtml from 'escape-html';
import type { EmailMessage } from '../mail/transport';
import { lineCharge } from './model/charges';

// The order emails: written with the change they tell of (the order's outbox, store/effects.ts).

/** Where My Orders lives in the shop (the spec's path). */
export const MY_ORDERS_PATH = '/dashboard/myorders';

interface LinkOptions {
  /** The shop's address as customers open it, without a trailing slash (config SHOP_URL). */
  shopUrl: string;
}


/** A row of an email's table: a label, its value, and whether the value is a link we made (never one a customer typed). */
type Row = [label: string, value: string, kind?: 'link'];

const cellHtml = ([, value, kind]: Row) =>
  kind === 'link' ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);

/** The lines every order email shows: what, how many, at what price, in all, and where to. */
function summaryRows(order: Order): Row[] {
  return [
    ['Product', order.productName],
    ['Quantity', String(order.order_quantity)],
    ['Price per unit', formatCents(order.per_product_price)],
    ['Total', formatCents(order.totalAmount)],
    // A line of a checkout carries its tax and share of the shipping: the email says what is paid.
    ...(lineCharge(order) !== order.totalAmount
      ? ([
          [totalsText.shipping, formatCents(order.shippingAmount ?? 0)],
          [totalsText.tax, formatCents(order.taxAmount ?? 0)],
          ['To pay', formatCents(lineCharge(order))],
        ] as Row[])
      : []),
    ['Ship to', order.address],
    ['Phone', order.phone],
    ['Order number', order.number],
  ];
}

/** The same message as plain text and as simple HTML (every value escaped). */
function orderEmail(order: Order, options: LinkOptions, parts: { subject: string; intro: string; extra?: Row[]; action: string }): EmailMessage {
  const link = `${options.shopUrl}${MY_ORDERS_PATH}`;
  const rows = [...summaryRows(order), ...(parts.extra ?? [])];
  const text = [
    `Hello ${order.name},`,
    '',
    parts.intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${parts.action}: ${link}`,
    '',
    `${brand.full}`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(order.name)},</p>`,
    `<p>${escapeHtml(parts.intro)}</p>`,
    '<table cellpadding="4">',
    ...rows.map((row) => `<tr><th align="left">${escapeHtml(row[0])}</th><td>${cellHtml(row)}</td></tr>`),
    '</table>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(parts.action)}</a></p>`,
    `<p>${escapeHtml(brand.full)}</p>`,
  ].join('\n');
  return { to: order.email, subject: parts.subject, text, html };
}

/** "90 minutes", "1 hour", "24 hours", "2 days". */
export function holdTimeText(minutes: number): string {
  const [amount, unit] =
    minutes % 1440 === 0 && minutes > 1440 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** Sent when the shop cancels an order, with the shop's reason when it gave one. */
export function orderCancelledByShopEmail(order: Order, options: LinkOptions): EmailMessage {
  const note = order.statusHistory.at(-1)?.note;
  return orderEmail(order, options, {
    subject: `Order ${order.number} is cancelled`,
    intro: `We are sorry: we have cancelled your order ${order.number}.${note ? ` Our reason: ${note}` : ''} You have not been charged for it.`,
    extra: note ? [['Reason', note]] : [],
    action: 'See your orders in My Orders',
  });
}

/** "14:35 UTC on 3 March 2026": a moment as an email says it (its reader's time zone is unknown). */
export function emailTime(date: Date): string {
  const time = `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')} UTC`;
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  return `${time} on ${day}`;
}

/** Sent when a customer places an order (unpaid: it asks them to pay from My Orders by when the hold ends). */
export function orderPlacedEmail(order: Order, options: LinkOptions & { holdMinutes: number }): EmailMessage {
  const payBy = order.holdExpiresAt ? emailTime(new Date(order.holdExpiresAt)) : undefined;
  return orderEmail(order, options, {
    subject: `Your order for ${order.productName} is placed`,
    intro:
      `Thank you for your order. We hold the parts for you for ${holdTimeText(options.holdMinutes)}` +
      `${payBy ? `, until ${payBy}` : ''}: pay for them in My Orders before then, or the order is cancelled and the parts go back on sale.`,
    extra: payBy ? [['Pay by', payBy]] : [],
    action: 'Pay or review your order in My Orders',
  });
}

/** Sent when a payment that came after its order was cancelled (or a second one) is given back. */
export function paymentRefundedEmail(order: Order, refund: { amount: number; refundId: string; reason: string }, options: LinkOptions): EmailMessage {
  return orderEmail(order, options, {
    subject: `Refund for ${order.productName}`,
    intro:
      `Your card payment of ${formatCents(refund.amount)} went through although ${refund.reason}, so we have refunded it in full. ` +
      'The money is back on your card within 5 to 10 working days; you do not need to do anything.',
    extra: [['Refund id', refund.refundId]],
    action: 'See your orders in My Orders',
  });
}

/** Sent when the payment of an order is confirmed (the payments module enqueues it). */
export function paymentConfirmedEmail(order: Order, options: LinkOptions & { invoiceUrl?: string }): EmailMessage {
  return orderEmail(order, options, {
    subject: `Payment received for ${order.productName}`,
    intro: `We have received your payment of ${formatCents(lineCharge(order))}. Your order will be dispatched within 5 days.`,
    extra: [
      ...(order.transactionId ? [['Transaction id', order.transactionId] as Row] : []),
      ...(options.invoiceUrl ? [['Invoice (PDF)', options.invoiceUrl, 'link'] as Row] : []),
    ],
    action: 'See your orders in My Orders',
  });
}

/** What a checkout's emails show: its number, each line, the total and where it goes. */
export interface CheckoutSummary {
  number: string;
  email: string;
  name: string;
  checkoutId: string;
  lines: { productName: string; quantity: number; unitPrice: number; total: number }[];
  /** Subtotal, shipping, tax and total of the lines listed. */
  figures: CheckoutTotals;
  /** How it ships and the delivery estimate (absent on checkouts placed before shipping was charged). */
  delivery?: ShippingOption;
  address: string;
  phone: string;
  transactionId?: string;
}

/** One email for several lines: a row per line, then the total, the address and the link. */
function checkoutEmail(
  checkout: CheckoutSummary,
  options: LinkOptions,
  parts: { subject: string; intro: string; action: string; path: string; invoiceUrl?: string },
): EmailMessage {
  const link = `${options.shopUrl}${parts.path}`;
  const lineText = (line: CheckoutSummary['lines'][number]) =>
    `${line.quantity} × ${line.productName} at ${formatCents(line.unitPrice)}: ${formatCents(line.total)}`;
  const facts: [string, string][] = [
    ['Order number', checkout.number],
    [totalsText.subtotal, formatCents(checkout.figures.subtotal)],
    ...(checkout.delivery
      ? [[`${totalsText.shipping} (${totalsText.method[checkout.delivery.method]})`, checkout.figures.shipping === 0 ? totalsText.free : formatCents(checkout.figures.shipping)] as [string, string]]
      : []),
    [totalsText.tax, formatCents(checkout.figures.tax)],
    [totalsText.total, formatCents(checkout.figures.total)],
    ...(checkout.delivery ? [[totalsText.deliveryTitle, totalsText.arrives(checkout.delivery.deliveryFrom, checkout.delivery.deliveryTo)] as [string, string]] : []),
    ['Ship to', checkout.address],
    ['Phone', checkout.phone],
    ...(checkout.transactionId ? [['Transaction id', checkout.transactionId] as [string, string]] : []),
  ];
  const text = [
    `Hello ${checkout.name},`,
    '',
    parts.intro,
    '',
    ...checkout.lines.map(lineText),
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    ...(parts.invoiceUrl ? [`Invoice (PDF): ${parts.invoiceUrl}`] : []),
    '',
    `${parts.action}: ${link}`,
    '',
    brand.full,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(checkout.name)},</p>`,
    `<p>${escapeHtml(parts.intro)}</p>`,
    '<table cellpadding="4">',
    '<tr><th align="left">Product</th><th align="right">Quantity</th><th align="right">Price per unit</th><th align="right">Total</th></tr>',
    ...checkout.lines.map(
      (line) =>
        `<tr><td>${escapeHtml(line.productName)}</td><td align="right">${line.quantity}</td><td align="right">${escapeHtml(formatCents(line.unitPrice))}</td><td align="right">${escapeHtml(formatCents(line.total))}</td></tr>`,
    ),
    '</table>',
    '<table cellpadding="4">',
    ...facts.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    ...(parts.invoiceUrl ? [`<tr><th align="left">Invoice (PDF)</th><td><a href="${escapeHtml(parts.invoiceUrl)}">Download the invoice</a></td></tr>`] : []),
    '</table>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(parts.action)}</a></p>`,
    `<p>${escapeHtml(brand.full)}</p>`,
  ].join('\n');
  return { to: checkout.email, subject: parts.subject, text, html };
}

/** The shop's page of one checkout (its confirmation, and where it is paid). */
export const checkoutPath = (checkoutId: string) => `/checkout/${checkoutId}`;

/** Sent once when a checkout is placed: every line, and the time left to pay. */
export function checkoutPlacedEmail(checkout: CheckoutSummary, options: LinkOptions & { holdMinutes: number }): EmailMessage {
  return checkoutEmail(checkout, options, {
    subject: `Your order ${checkout.number} is placed`,
    intro: `Thank you for your order. We hold the parts for you for ${holdTimeText(options.holdMinutes)}: pay for them before then, or the order is cancelled.`,
    action: 'Pay for or review your order',
    path: checkoutPath(checkout.checkoutId),
  });
}

/** Sent once when the payment of a whole checkout is confirmed. */
export function checkoutPaidEmail(checkout: CheckoutSummary, options: LinkOptions & { invoiceUrl?: string }): EmailMessage {
  return checkoutEmail(checkout, options, {
    subject: `Payment received for order ${checkout.number}`,
    intro: `We have received your payment of ${formatCents(checkout.figures.total)}. Your order will be dispatched within 5 days.`,
    action: 'See your order',
    path: checkoutPath(checkout.checkoutId),
    ...(options.invoiceUrl ? { invoiceUrl: options.invoiceUrl } : {}),
  });
}


/** What a whole-order email lists: some of the order's lines (those a shipment, refund or return is about). */
export interface OrderEmailFacts {
  number: string;
  email: string;
  name: string;
  lines: { productName: string; quantity: number }[];
  facts: [string, string][];
  /** A link of ours with its label (a tracking page, the invoice), shown as a link. */
  links?: [string, string][];
}

/** One email about a whole order: which parts, the facts, and a link to the order's page. */
export function wholeOrderEmail(order: OrderEmailFacts, options: LinkOptions, parts: { subject: string; intro: string }): EmailMessage {
  const link = `${options.shopUrl}${orderPagePath(order.number)}`;
  const links = order.links ?? [];
  const text = [
    `Hello ${order.name},`,
    '',
    parts.intro,
    '',
    ...order.lines.map((line) => `${line.quantity} × ${line.productName}`),
    '',
    ['Order number', order.number].join(': '),
    ...order.facts.map(([label, value]) => `${label}: ${value}`),
    ...links.map(([label, url]) => `${label}: ${url}`),
    '',
    `See your order: ${link}`,
    '',
    brand.full,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(order.name)},</p>`,
    `<p>${escapeHtml(parts.intro)}</p>`,
    '<table cellpadding="4">',
    '<tr><th align="left">Product</th><th align="right">Quantity</th></tr>',
    ...order.lines.map((line) => `<tr><td>${escapeHtml(line.productName)}</td><td align="right">${line.quantity}</td></tr>`),
    '</table>',
    '<table cellpadding="4">',
    `<tr><th align="left">Order number</th><td>${escapeHtml(order.number)}</td></tr>`,
    ...order.facts.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    ...links.map(([label, url]) => `<tr><th align="left">${escapeHtml(label)}</th><td><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></td></tr>`),
    '</table>',
    `<p><a href="${escapeHtml(link)}">See your order</a></p>`,
    `<p>${escapeHtml(brand.full)}</p>`,
  ].join('\n');
  return { to: order.email, subject: parts.subject, text, html };
}
