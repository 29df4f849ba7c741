import { formatCents } from './money';

// Stock and price alerts (issue 33) and a part's price history: the texts customers read (the
// api's messages, the alert emails, the shop's buttons). Their schemas are in alerts-schemas.ts, so
// a part's page shows its alert buttons without loading zod.

export const ALERT_KINDS = ['back-in-stock', 'price-below'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** How many alerts one account may keep waiting at once. */
export const MAX_ALERTS_PER_ACCOUNT = 50;

export const alertMessages = {
  priceNeeded: 'A price alert needs priceBelow, the price in cents to wait for.',
  noPriceForStock: 'A back-in-stock alert takes no priceBelow.',
  notSoldOut: 'This part is in stock: a back-in-stock alert is for a sold-out part.',
  alreadyBelow: (price: number) => `This part already costs ${formatCents(price)}: choose a price below it.`,
  tooMany: `You have ${MAX_ALERTS_PER_ACCOUNT} alerts already: remove one in My Alerts before adding another.`,
  duplicate: 'You already have this alert for this part.',
  notFound: 'No alert of yours has this id.',
  partNotFound: 'Part not found',
  unsubscribed: 'You will get no more emails for this alert.',
  badLink: 'This unsubscribe link is not valid or has expired: remove the alert in My Alerts.',
} as const;

export const priceHistoryText = {
  title: 'Price history',
  chartTitle: 'Price over the last 90 days',
  chartDescription: (low: string, high: string, now: string, changes: number) =>
    changes === 0 ? `The price stayed at ${now} for the last 90 days.` : `Between ${low} and ${high} over the last 90 days, ${changes} ${changes === 1 ? 'change' : 'changes'}; ${now} today.`,
  tableCaption: 'Price changes in the last 90 days',
  columns: { date: 'Date', from: 'Old price', to: 'New price' },
  noChanges: 'No price changes in the last 90 days.',
  daysAgo: '90 days ago',
  today: 'Today',
  /**
   * A price reduction as the EU rule (Directive 98/6/EC, art. 6a) has it announced: the prior
   * price is the lowest of the 30 days before the reduction, and the saving is measured from it.
   */
  priceDrop: (was: string, now: string, percent: number) => `Was ${was} (lowest in the last 30 days), now ${now}, save ${percent} %`,
} as const;

export const alertTexts = {
  title: 'Alerts',
  backInStockButton: 'Email me when it’s back',
  priceButton: 'Tell me when the price drops below',
  priceSubmit: 'Set price alert',
  priceInvalid: 'Enter a price in dollars, such as 249.99.',
  signIn: 'Sign in to get an email when this part is back or cheaper.',
  signInLink: 'Sign in',
  backInStockSet: 'Done: we will email you once when it is back in stock.',
  priceSet: (price: string) => `Done: we will email you once when the price is ${price} or less.`,
  loginReason: 'Sign in to set an alert on this part.',
  myAlertsEmpty: 'You have no alerts. Set one on a part’s page: we email you once when it is back in stock or cheaper.',
  backInStockKind: 'Back in stock',
  priceKind: (price: string) => `Price at or below ${price}`,
  myAlertsTitle: 'My Alerts',
  remove: 'Remove',
  compare: 'Compare',
} as const;

/** The alert email: what happened, the part's link, and the one-click unsubscribe link. */
export function alertEmailText(alert: { kind: AlertKind; productName: string; price: number; priceBelow?: number }) {
  return alert.kind === 'back-in-stock'
    ? { subject: `${alert.productName} is back in stock`, intro: `${alert.productName} is back in stock at ${formatCents(alert.price)}.` }
    : {
        subject: `${alert.productName} is now ${formatCents(alert.price)}`,
        intro: `${alert.productName} now costs ${formatCents(alert.price)}, at or below the ${formatCents(alert.priceBelow ?? alert.price)} you asked for.`,
      };
}
