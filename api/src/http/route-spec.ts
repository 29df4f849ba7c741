import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';

/**
 * Who may call a route; the one place the auth middleware is chosen (mount-routes.ts) and the
 * document's security is written (openapi/document.ts).
 * - public: anyone.
 * - customer: any signed-in account (the api's access token).
 * - customerOnly: a signed-in account that is not an admin (the spec's customer pages).
 * - admin: an admin, by the role the database holds.
 * - firebaseIdToken: a Firebase ID token (only the token exchange).
 * - stripeSignature: Stripe's signature over the raw body (only the webhook).
 */
export type Access = 'public' | 'customer' | 'customerOnly' | 'admin' | 'firebaseIdToken' | 'stripeSignature';

/** The per-window limits a route counts against (rate-limits.ts); their documentation is in RATE_LIMIT_DOCS. */
export type RateLimitName =
  | 'signIn'
  | 'reviews'
  | 'orders'
  | 'paymentIntents'
  | 'uploads'
  | 'cart'
  | 'verificationEmails'
  | 'verificationEmailsByAddress'
  | 'failureReports'
  | 'accountChanges'
  | 'accountChangesByAddress'
  | 'identityChanges'
  | 'dataExports'
  | 'buildAdvice';

/** A route's limits as a list (a route may count against several: per address and per account). */
export const rateLimitsOf = (spec: { rateLimit?: RateLimitName | readonly RateLimitName[] }): readonly RateLimitName[] =>
  spec.rateLimit === undefined ? [] : typeof spec.rateLimit === 'string' ? [spec.rateLimit] : spec.rateLimit;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One answer a route gives: its status's meaning, and its JSON body's schema (none: no body). */
export interface AnswerSpec {
  description: string;
  schema?: z.ZodType;
  /** Another media type than JSON (the docs page's HTML). */
  contentType?: string;
  /** Response headers worth documenting (Idempotent-Replayed, Retry-After…). */
  headers?: Record<string, { description: string; schema: z.ZodType }>;
  /** One example answer (2xx), taken from the seeded catalog (openapi/examples.ts). */
  example?: unknown;
}

/** What the validation middleware parsed, as the handler receives it. */
export interface ValidInput<P, Q, B, H> {
  params: P;
  query: Q;
  body: B;
  headers: H;
}

/** An answer with a status (and headers) other than the route's first success status. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** The handler wrote the response itself (a cached catalog answer, a static file). */
export const SENT = Symbol('sent');

export type RouteHandler<P, Q, B, H> = (
  input: ValidInput<P, Q, B, H>,
  req: Request,
  res: Response,
) => Promise<unknown> | unknown;

type Output<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/**
 * A route, declared once: its inputs, its answers, who may call it, what limits it, and its
 * handler. The api mounts it from this (mount-routes.ts) and the OpenAPI document is generated from
 * it (openapi/document.ts): the schemas validate the request and describe it, with no copy.
 */
export interface RouteDeclaration<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  H extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** OpenAPI style: `/tools/{id}`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The 403 sentence for an admin calling a customerOnly route. */
  adminRefusedMessage?: string;
  params?: P;
  /** Absent: the route takes no query parameter (any is a 400). */
  query?: Q;
  /** Absent: the route takes no body (any field is a 400). */
  body?: B;
  /** The body's media type in the document; default JSON. */
  bodyMediaType?: 'application/json' | 'multipart/form-data' | 'text/csv';
  /**
   * The body is read and checked by `before` middleware (a multipart upload, raw bytes a signature
   * covers): `body` then only describes it in the document.
   */
  rawBody?: true;
  /** Headers read (only these are checked; browsers send many others). Lowercase names. */
  headers?: H;
  rateLimit?: RateLimitName | readonly RateLimitName[];
  /** The route honours an Idempotency-Key header (documented with the header's schema). */
  idempotencyKey?: boolean;
  /**
   * The http layer runs the route once per account and Idempotency-Key (http/idempotency.ts): a
   * retry gets the first answer again (`Idempotent-Replayed: true`), the same key with another
   * request is a 422. `thing` names what is made, in those sentences. The route declares the
   * header in `headers` (required or not) and sets `idempotencyKey` too.
   */
  idempotent?: { thing: string };
  /** Middleware that runs after authentication and the rate limit, before validation (multer, express.raw). */
  before?: RequestHandler[];
  /** Several routes on one method and path: this one takes the request only when `when` says so. */
  when?: (req: Request) => boolean;
  /** Every answer by status, the errors included (4xx every route shares are added for the document). */
  answers: Record<number, AnswerSpec>;
}

/** A declared route and its handler, which gets the module's dependencies `D`. */
export interface RouteSpec<
  D = unknown,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  H extends z.ZodType | undefined = z.ZodType | undefined,
> extends RouteDeclaration<P, Q, B, H> {
  handle: (deps: D) => RouteHandler<Output<P>, Output<Q>, Output<B>, Output<H>>;
}

/**
 * A declarer of routes whose handlers need `D`: `const route = routeDeclarer<Deps>()`, then
 * `route({...})` infers the schemas' types, and the handler receives their parsed values.
 */
export function routeDeclarer<D>() {
  return <
    P extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
    H extends z.ZodType | undefined = undefined,
  >(
    spec: RouteSpec<D, P, Q, B, H>,
  ): RouteSpec<D> => spec as unknown as RouteSpec<D>;
}

/** A module's routes and the dependencies their handlers need. */
export interface RouteModule<D> {
  name: string;
  routes: RouteSpec<D>[];
}

/** The express path of a route: `/tools/{id}` → `/tools/:id`. */
export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The route's first 2xx status: what a handler's plain answer is sent with. */
export function successStatus(spec: Pick<RouteDeclaration, 'answers'>): number {
  const status = Object.keys(spec.answers)
    .map(Number)
    .sort((a, b) => a - b)
    .find((code) => code >= 200 && code < 300);
  if (status === undefined) throw new Error('a route declares no 2xx answer');
  return status;
}
