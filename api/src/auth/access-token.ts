import type { Role } from '@pcpp/contracts/core';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

/** The api's own bearer token, given out by the token exchange (PUT /user/:email). */
export interface AccessClaims {
  /** The user's _id, hex. */
  sub: string;
  /** The identity provider's account id (Firebase uid): the role authority checks it still exists. */
  uid: string;
  email: string;
  /**
   * The role when the token was issued, for the front end to show. Never authorize from it:
   * the database is the authority (role-authority.ts).
   */
  role: Role;
  /**
   * When it was issued (epoch seconds; set by verify): a token older than the account's
   * sessionsValidSince is refused (signed out everywhere, or the password changed).
   */
  issuedAt?: number;
}

export interface AccessTokens {
  /** How long a signed token lives, told to the client so it renews in time. */
  readonly ttlSeconds: number;
  sign(claims: AccessClaims): Promise<string>;
  /** Rejects for a bad signature, a wrong issuer/audience, an expired token or missing claims. */
  verify(token: string): Promise<AccessClaims>;
}

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const ISSUER = 'pcpp-api';
const AUDIENCE = 'pcpp-web';
const ALGORITHM = 'HS256';

const claimsSchema = z.object({
  sub: z.string().min(1),
  uid: z.string().min(1),
  email: z.string().min(1),
  role: z.enum(['admin', 'customer']) satisfies z.ZodType<Role>,
});

export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign({ sub, uid, email, role }) {
      return new SignJWT({ uid, email, role })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'sub', 'iat'],
      });
      const { sub, uid, email, role } = claimsSchema.parse(payload);
      return { sub, uid, email, role, issuedAt: payload.iat! };
    },
  };
}
