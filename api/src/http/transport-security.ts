import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** A year, subdomains included (what helmet sends by default). */
export const HSTS_HEADER_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Whether the request came over TLS: its own socket, or a TLS proxy in front that the deployment
 * says it has (TRUST_PROXY) and that says https. Without TRUST_PROXY, X-Forwarded-Proto is a
 * client's word and is ignored, so no one asks for HSTS over plain http.
 */
export function cameOverTls(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!trustProxy) return false;
  const proto = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}

/** Strict-Transport-Security only on answers sent over TLS (a browser ignores it over http, and it must not be promised there). */
export function setTransportSecurity(req: IncomingMessage, res: ServerResponse, trustProxy: boolean): void {
  if (cameOverTls(req, trustProxy)) res.setHeader('Strict-Transport-Security', HSTS_HEADER_VALUE);
  else res.removeHeader('Strict-Transport-Security');
}
