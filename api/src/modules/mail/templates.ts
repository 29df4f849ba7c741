import { type AlertKind, alertEmailText, brand } from '@pcpp/contracts/core';
import escapeHtml from 'escape-html';
import type { EmailMessage } from './transport';

// The account and alert emails. The order emails are the orders module's own (orders/emails.ts).

/** Sent when an account asks to verify its email: the link opens the shop's own handler page. */
export function verifyEmailMessage(to: string, link: string): EmailMessage {
  const intro = 'Open this link to verify your email address for your PC PART PICKER account. Once it is verified you can order.';
  const text = [`Hello,`, '', intro, '', link, '', 'If you did not ask for this, ignore this email.', '', brand.full].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">Verify my email address</a></p>`,
    '<p>If you did not ask for this, ignore this email.</p>',
    `<p>${escapeHtml(brand.full)}</p>`,
  ].join('\n');
  return { to, subject: `Verify your email for ${brand.full}`, text, html };
}

/** Sent once when a customer's stock or price alert fires: the part's link and the one-click unsubscribe link. */
export function alertEmail(
  alert: { email: string; kind: AlertKind; productName: string; price: number; priceBelow?: number },
  links: { part: string; unsubscribe: string },
): EmailMessage {
  const { subject, intro } = alertEmailText(alert);
  const ended = 'This alert has now ended: set a new one on the part’s page if you want another.';
  const text = ['Hello,', '', intro, '', links.part, '', ended, '', `Unsubscribe: ${links.unsubscribe}`, '', brand.full].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(links.part)}">See ${escapeHtml(alert.productName)}</a></p>`,
    `<p>${escapeHtml(ended)}</p>`,
    `<p><a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p>`,
    `<p>${escapeHtml(brand.full)}</p>`,
  ].join('\n');
  return { to: alert.email, subject, text, html };
}

/**
 * A notice about the account itself (issue 46: its email, password, sessions, addresses, data):
 * a few sentences and, when there is one, the link that acts on it (one the shop made).
 */
export function accountNoticeEmail(to: string, parts: { subject: string; lines: string[]; link?: { label: string; url: string } }): EmailMessage {
  const text = ['Hello,', '', ...parts.lines.flatMap((line) => [line, '']), ...(parts.link ? [`${parts.link.label}: ${parts.link.url}`, ''] : []), brand.full].join('\n');
  const html = [
    '<p>Hello,</p>',
    ...parts.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(parts.link ? [`<p><a href="${escapeHtml(parts.link.url)}">${escapeHtml(parts.link.label)}</a></p>`] : []),
    `<p>${escapeHtml(brand.full)}</p>`,
  ].join('\n');
  return { to, subject: parts.subject, text, html };
}
