import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'pcpp-api';
const ALGORITHM = 'HS256';

/**
 * Tokens for links sent by email that work without signing in (an invoice, an alert's unsubscribe):
 * signed with the api's JWT secret under a key of their own per purpose, so no other token of the
 * api passes for one, naming one thing (`sub`) for `days`. (A JWT_SECRET made per start, as in
 * development, ends them with the api.)
 */
export function createLinkTokens(secret: string, { purpose, audience, days }: { purpose: string; audience: string; days: number }) {
  const key = new TextEncoder().encode(`${purpose}:${secret}`);
  return {
    sign: (subject: string): Promise<string> =>
      new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(subject)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${days}d`)
        .sign(key),
    /** What the token names, or null when it is not one of ours for this purpose or has expired. */
    async subjectOf(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER, audience, requiredClaims: ['exp', 'sub'] });
        return payload.sub ?? null;
      } catch {
        return null;
      }
    },
  };
}
