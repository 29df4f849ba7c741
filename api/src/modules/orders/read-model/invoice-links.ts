import { createLinkTokens } from '../../../auth/link-tokens';

/** How long an emailed invoice link opens the invoice without signing in. */
export const INVOICE_LINK_DAYS = 90;

/** Links to an order's invoice that work without signing in, for the paid email: a signed token naming the order. */
export function createInvoiceLinks(secret: string, publicApiUrl: string) {
  // The key and audience the links already sent were signed with.
  const tokens = createLinkTokens(secret, { purpose: 'invoice-links', audience: 'pcpp-invoice', days: INVOICE_LINK_DAYS });
  return {
    async url(orderNumber: string): Promise<string> {
      return `${publicApiUrl.replace(/\/$/, '')}/invoices/${await tokens.sign(orderNumber)}`;
    },
    /** The order number a link names, or null when it is not one of ours or has expired. */
    orderOf: (token: string): Promise<string | null> => tokens.subjectOf(token),
  };
}

export type InvoiceLinks = ReturnType<typeof createInvoiceLinks>;
