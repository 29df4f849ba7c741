import type { Request, RequestHandler } from 'express';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { AccessClaims, AccessTokens } from './access-token';
import type { IdentityProvider, VerifiedIdentity } from './firebase';
import type { RoleAuthority } from './role-authority';

// The one place that decides who a request comes from. Routes read the result with
// accessClaims(req) / verifiedIdentity(req), which throw when the guard did not run.
declare module 'express-serve-static-core' {
  interface Request {
    accessClaims?: AccessClaims;
    verifiedIdentity?: VerifiedIdentity;
  }
}

function bearerToken(req: Request): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  if (!match?.[1]) throw new UnauthorizedError('Sign in to continue');
  return match[1];
}

// What a signed-in call answers is one person's: no shared cache may keep it, nor the browser's disk.
const PRIVATE_NO_STORE = 'private, no-store';

/**
 * The api's own access token (given out by PUT /user/:email), of an account that still exists and
 * is enabled at the identity provider (the role authority asks, cached for ROLE_CACHE_TTL_MS).
 */
export function requireAccessToken(tokens: AccessTokens, roles: Pick<RoleAuthority, 'assertActive'>): RequestHandler {
  return async (req, res, next) => {
    res.set('Cache-Control', PRIVATE_NO_STORE);
    const token = bearerToken(req);
    let claims: AccessClaims;
    try {
      claims = await tokens.verify(token);
    } catch {
      throw new UnauthorizedError('Your session has expired. Sign in again.');
    }
    await roles.assertActive(claims);
    req.accessClaims = claims;
    next();
  };
}

/**
 * Admins only; use after requireAccessToken. The role is the database's (see role-authority.ts),
 * never the token's: a demotion applies to the next request.
 */
export function requireAdmin(roles: RoleAuthority): RequestHandler {
  return async (req, _res, next) => {
    if ((await roles.roleOf(accessClaims(req).email)) !== 'admin') throw new ForbiddenError('Admins only');
    next();
  };
}

/**
 * Everyone but admins (the spec's customer-only pages, such as Add review); use after
 * requireAccessToken. The role is the database's, as for requireAdmin.
 */
export function refuseAdmins(roles: RoleAuthority, message: string): RequestHandler {
  return async (req, _res, next) => {
    if ((await roles.roleOf(accessClaims(req).email)) === 'admin') throw new ForbiddenError(message);
    next();
  };
}

/** A Firebase ID token: only the token exchange accepts one. */
export function requireFirebaseIdToken(identity: IdentityProvider): RequestHandler {
  return async (req, res, next) => {
    res.set('Cache-Control', PRIVATE_NO_STORE);
    req.verifiedIdentity = await identity.verifyIdToken(bearerToken(req));
    next();
  };
}

export function accessClaims(req: Request): AccessClaims {
  if (!req.accessClaims) throw new UnauthorizedError();
  return req.accessClaims;
}

export function verifiedIdentity(req: Request): VerifiedIdentity {
  if (!req.verifiedIdentity) throw new UnauthorizedError();
  return req.verifiedIdentity;
}
