import { SignJWT, jwtVerify } from 'jose';

const AUDIENCE = 'pcpp-invoice';
const ISSUER = 'pcpp-api';
const ALGORITHM = 'HS256';
/** How long an emailed invoice link opens the invoice without signing in. */
export const INVOICE_LINK_DAYS = 90;

/**
 * Links to an order's invoice that work without signing in, for the paid email: a token signed with
 * the api's JWT secret naming the order, for INVOICE_LINK_DAYS. (A JWT_SECRET made per start, as in
 * development, ends them with the api.)
 */
export function createInvoiceLinks(secret: string, publicApiUrl: string) {
  const key = new TextEncoder().encode(`invoice-links:${secret}`);
  return {
    async url(orderNumber: string): Promise<string> {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(orderNumber)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${INVOICE_LINK_DAYS}d`)
        .sign(key);
      return `${publicApiUrl.replace(/\/$/, '')}/invoices/${token}`;
    },
    /** The order number a link names, or null when it is not one of ours or has expired. */
    async orderOf(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE, requiredClaims: ['exp', 'sub'] });
        return payload.sub ?? null;
      } catch {
        return null;
      }
    },
  };
}

export type InvoiceLinks = ReturnType<typeof createInvoiceLinks>;
