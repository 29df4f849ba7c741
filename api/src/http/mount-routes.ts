import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { AccessTokens } from '../auth/access-token';
import type { IdentityProvider } from '../auth/firebase';
import { accessClaims, refuseAdmins, requireAccessToken, requireAdmin, requireFirebaseIdToken } from '../auth/middleware';
import type { RoleAuthority } from '../auth/role-authority';
import type { Logger } from '../logger';
import { noBodySchema, noQuerySchema } from '../validation';
import { createIdempotentRunner, type IdempotencyKeysRepository, requestHash } from './idempotency';
import { type Access, expressPath, type HttpMethod, type RateLimitName, rateLimitsOf, Reply, type RouteDeclaration, type RouteModule, SENT, successStatus } from './route-spec';

/** What every module's routes are guarded with. */
export interface RouteGuards {
  accessTokens: AccessTokens;
  roles: RoleAuthority;
  identity: IdentityProvider;
  rateLimits: Record<RateLimitName, RequestHandler>;
  /** Where routes that declare `idempotent` keep their keys and first answers. */
  idempotencyKeys: IdempotencyKeysRepository;
  logger: Logger;
}

/** Limits counted per client address run before authentication; the others count signed-in accounts. */
const LIMITS_BY_ADDRESS = new Set<RateLimitName>(['signIn', 'failureReports', 'verificationEmailsByAddress', 'accountChangesByAddress', 'buildAdvice']);

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

type Handler = ReturnType<RouteModule<unknown>['routes'][number]['handle']>;

/**
 * A handler run once per account and Idempotency-Key: the first answer is stored (only a 2xx: a
 * failed request frees its key) and a retry gets it again. Without a key it runs as it is.
 */
function runOncePerKey(spec: RouteDeclaration, handler: Handler, guards: RouteGuards): Handler {
  const runOnce = createIdempotentRunner(guards.idempotencyKeys, guards.logger, spec.idempotent!);
  return async (input, req, res) => {
    const key = (input.headers as Record<string, string | undefined>)['Idempotency-Key'];
    if (!key) return handler(input, req, res);
    const hash = requestHash([spec.operationId, input.params, input.body]);
    const answer = await runOnce(accessClaims(req).email, key, hash, async () => {
      const result = await handler(input, req, res);
      return result instanceof Reply ? { status: result.status, body: result.body } : { status: successStatus(spec), body: result };
    });
    return new Reply(answer.status, answer.body, answer.replayed ? { 'Idempotent-Replayed': 'true' } : {});
  };
}

/** Mounts a module's declared routes on the router: guard, limit, validate, handle. */
export function mountRoutes<D>(router: Pick<Router, HttpMethod>, module: RouteModule<D>, deps: D, guards: RouteGuards): void {
  for (const spec of module.routes) {
    const handler = spec.idempotent ? runOncePerKey(spec, spec.handle(deps), guards) : spec.handle(deps);
    const limits = rateLimitsOf(spec);
    const byAddress = limits.filter((name) => LIMITS_BY_ADDRESS.has(name)).map((name) => guards.rateLimits[name]);
    const byCaller = limits.filter((name) => !LIMITS_BY_ADDRESS.has(name)).map((name) => guards.rateLimits[name]);
    const chain: RequestHandler[] = [
      ...(spec.when ? [(req: Request, _res: Response, next: NextFunction) => next(spec.when!(req) ? undefined : 'route')] : []),
      // The route this request took, as the document writes it: the metrics' and the log's label.
      (_req: Request, res: Response, next: NextFunction) => {
        res.locals.route = spec.path;
        next();
      },
      ...byAddress,
      ...accessMiddleware(spec.access, spec, guards),
      ...byCaller,
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
