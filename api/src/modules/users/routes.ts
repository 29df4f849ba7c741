import { Router, type RequestHandler } from 'express';
import type { AccessTokens } from '../../auth/access-token';
import type { IdentityProvider } from '../../auth/firebase';
import { accessClaims, requireAccessToken, requireAdmin, requireFirebaseIdToken, verifiedIdentity } from '../../auth/middleware';
import type { RoleAuthority } from '../../auth/role-authority';
import { noBodySchema, noQuerySchema } from '../../validation';
import type { UsersService } from './service';
import {
  isProfileUpdateBody,
  profileQuerySchema,
  profileUpdateBodySchema,
  tokenExchangeBodySchema,
  userEmailParamsSchema,
  userListQuerySchema,
} from './validators';

// PUT /user/:email has two callers (spec §7): the profile update (access token, profile body)
// and the sign-in (Firebase ID token, body {email}). Any other body goes on to the sign-in route.
const onlyProfileUpdates: RequestHandler = (req, _res, next) =>
  next(isProfileUpdateBody(req.body) ? undefined : 'route');

export function usersRoutes(deps: {
  users: UsersService;
  identity: IdentityProvider;
  accessTokens: AccessTokens;
  roles: RoleAuthority;
  /** Token exchanges per client address, good or bad (rate-limits.ts). */
  signInRateLimit: RequestHandler;
}): Router {
  const router = Router();
  const signedIn = requireAccessToken(deps.accessTokens);
  const admin = requireAdmin(deps.roles);

  router.put('/user/admin/:email', signedIn, admin, async (req, res) => {
    const { email } = userEmailParamsSchema.parse(req.params);
    noQuerySchema.parse(req.query);
    noBodySchema.parse(req.body ?? {});
    res.json(await deps.users.promote(accessClaims(req), email));
  });

  router.get('/user', signedIn, admin, async (req, res) => {
    res.json(await deps.users.list(userListQuerySchema.parse(req.query)));
  });

  router.put('/user/:email', onlyProfileUpdates, signedIn, async (req, res) => {
    const { email } = userEmailParamsSchema.parse(req.params);
    const profile = profileUpdateBodySchema.parse(req.body ?? {});
    res.json(await deps.users.updateProfile(accessClaims(req), email, profile));
  });

  router.put('/user/:email', deps.signInRateLimit, requireFirebaseIdToken(deps.identity), async (req, res) => {
    const { email: pathEmail } = userEmailParamsSchema.parse(req.params);
    const { email: bodyEmail } = tokenExchangeBodySchema.parse(req.body ?? {});
    res.json(await deps.users.exchangeToken(verifiedIdentity(req), { pathEmail, bodyEmail }));
  });

  router.get('/user/one', signedIn, async (req, res) => {
    const { email } = profileQuerySchema.parse(req.query);
    res.json(await deps.users.profileOf(accessClaims(req), email));
  });

  router.get('/admin/:email', signedIn, async (req, res) => {
    const { email } = userEmailParamsSchema.parse(req.params);
    res.json(await deps.users.adminFlag(accessClaims(req), email));
  });

  return router;
}
