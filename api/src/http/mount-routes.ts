import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { AccessTokens } from '../auth/access-token';
import type { IdentityProvider } from '../auth/firebase';
import { refuseAdmins, requireAccessToken, requireAdmin, requireFirebaseIdToken } from '../auth/middleware';
import type { RoleAuthority } from '../auth/role-authority';
import { noBodySchema, noQuerySchema } from '../validation';
import { type Access, expressPath, type HttpMethod, type RateLimitName, Reply, type RouteDeclaration, type RouteModule, SENT, successStatus } from './route-spec';

/** What every module's routes are guarded with. */
export interface RouteGuards {
  accessTokens: AccessTokens;
  roles: RoleAuthority;
  identity: IdentityProvider;
  rateLimits: Record<RateLimitName, RequestHandler>;
}

/** Limits counted per client address run before authentication; the others count signed-in accounts. */
const LIMITS_BY_ADDRESS = new Set<RateLimitName>(['signIn', 'failureReports']);

function accessMiddleware(access: Access, spec: RouteDeclaration, guards: RouteGuards): RequestHandler[] {
  const signedIn = requireAccessToken(guards.accessTokens, guards.roles);
  switch (access) {
    case 'public':
    case 'stripeSignature':
      return [];
    case 'customer':
      return [signedIn];
    case 'customerOnly':
      return [signedIn, refuseAdmins(guards.roles, spec.adminRefusedMessage ?? 'Customers only')];
    case 'admin':
      return [signedIn, requireAdmin(guards.roles)];
    case 'firebaseIdToken':
      return [requireFirebaseIdToken(guards.identity)];
  }
}

/** Only the headers a route declares are checked; absent ones parse as undefined. */
function declaredHeaders(req: Request, schema: z.ZodType): Record<string, string | undefined> {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return Object.fromEntries(Object.keys(shape).map((name) => [name, req.get(name)]));
}

/**
 * Validates params, query, body and the declared headers strictly, in that order (the first
 * failure is the 400's message), and leaves the parsed values for the handler.
 */
function validate(spec: RouteDeclaration): RequestHandler {
  return (req, _res, next) => {
    const input = {
      params: spec.params ? spec.params.parse(req.params) : {},
      query: (spec.query ?? noQuerySchema).parse(req.query),
      // Multipart uploads and signed raw bytes are read by the route's `before` middleware.
      body: spec.rawBody ? req.body : (spec.body ?? noBodySchema).parse(req.body ?? {}),
      headers: spec.headers ? spec.headers.parse(declaredHeaders(req, spec.headers)) : {},
    };
    (req as Request & { validInput: typeof input }).validInput = input;
    next();
  };
}

function respond(spec: RouteDeclaration, res: Response, answer: unknown): void {
  if (answer === SENT || res.headersSent) return;
  if (answer instanceof Reply) {
    res.set(answer.headers).status(answer.status);
    if (answer.body === undefined) res.end();
    else res.json(answer.body);
    return;
  }
  res.status(successStatus(spec)).json(answer);
}

/** Mounts a module's declared routes on the router: guard, limit, validate, handle. */
export function mountRoutes<D>(router: Pick<Router, HttpMethod>, module: RouteModule<D>, deps: D, guards: RouteGuards): void {
  for (const spec of module.routes) {
    const handler = spec.handle(deps);
    const limit = spec.rateLimit ? guards.rateLimits[spec.rateLimit] : undefined;
    const byAddress = spec.rateLimit !== undefined && LIMITS_BY_ADDRESS.has(spec.rateLimit);
    const chain: RequestHandler[] = [
      ...(spec.when ? [(req: Request, _res: Response, next: NextFunction) => next(spec.when!(req) ? undefined : 'route')] : []),
      ...(limit && byAddress ? [limit] : []),
      ...accessMiddleware(spec.access, spec, guards),
      ...(limit && !byAddress ? [limit] : []),
      ...(spec.before ?? []),
      validate(spec),
      async (req, res) => {
        const input = (req as Request & { validInput: Parameters<typeof handler>[0] }).validInput;
        respond(spec, res, await handler(input, req, res));
      },
    ];
    router[spec.method](expressPath(spec.path), ...chain);
  }
}
