import { apiErrorSchema } from '@pcpp/contracts/core';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import { type AnswerSpec, type RouteDeclaration, type RouteModule, rateLimitsOf } from '../http/route-spec';
import { RATE_LIMIT_DOCS } from '../rate-limits';
import { registerComponents } from './components';

export type OpenApiDocument = ReturnType<typeof createDocument>;

const STATUS_TEXT: Record<number, string> = {
  304: 'Not modified: the If-None-Match header holds the answer’s current ETag.',
  400: 'The request is malformed: a parameter, header or body field is missing, unknown or invalid (the message says which).',
  401: 'No valid token: sign in (again).',
  403: 'The token’s account may not do this.',
  413: 'The request body is too large.',
  415: 'The request body’s encoding or charset is not supported.',
  429: 'Too many calls: the message says when to try again (Retry-After).',
  503: 'The database is unreachable (Retry-After), or a service this call needs is down.',
};

const SECURITY: Record<RouteDeclaration['access'], Record<string, string[]>[] | undefined> = {
  public: undefined,
  customer: [{ accessToken: [] }],
  customerOnly: [{ accessToken: [] }],
  admin: [{ adminAccessToken: [] }],
  firebaseIdToken: [{ firebaseIdToken: [] }],
  stripeSignature: [{ stripeSignature: [] }],
};

const ACCESS_SENTENCE: Record<RouteDeclaration['access'], string> = {
  public: 'Anyone.',
  customer: 'Any signed-in account (the api’s access token).',
  customerOnly: 'A signed-in account that is not an admin’s.',
  admin: 'Admins only (the role as the database holds it, checked on every call).',
  firebaseIdToken: 'A Firebase ID token.',
  stripeSignature: 'Stripe, with its signature over the raw body.',
};

/** The answers every route of this kind can give, beside the ones it declares. */
function sharedAnswers(route: RouteDeclaration): Record<number, AnswerSpec> {
  const shared: Record<number, AnswerSpec> = {};
  if (route.method === 'get') shared[304] = { description: STATUS_TEXT[304]! };
  // Every route refuses unknown query parameters and body fields.
  shared[400] = { description: STATUS_TEXT[400]! };
  if (route.access !== 'public' && route.access !== 'stripeSignature') shared[401] = { description: STATUS_TEXT[401]! };
  if (route.access === 'admin' || route.access === 'customerOnly') shared[403] = { description: STATUS_TEXT[403]! };
  // Any request with a body goes through the JSON parser first (the webhook through the raw one).
  if (route.method !== 'get') {
    shared[413] = { description: STATUS_TEXT[413]! };
    shared[415] = { description: STATUS_TEXT[415]! };
  }
  if (route.rateLimit) shared[429] = { description: STATUS_TEXT[429]! };
  if (route.path !== '/healthz') shared[503] = { description: STATUS_TEXT[503]! };
  return shared;
}

function responseObject(status: number, answer: AnswerSpec): ZodOpenApiResponseObject {
  const isError = status >= 400;
  const schema = answer.schema ?? (isError ? apiErrorSchema : undefined);
  const headers =
    answer.headers &&
    z.object(Object.fromEntries(Object.entries(answer.headers).map(([name, header]) => [name, header.schema.meta({ description: header.description })])));
  return {
    description: answer.description,
    ...(headers ? { headers } : {}),
    ...(schema
      ? {
          content: {
            [answer.contentType ?? 'application/json']: {
              schema,
              ...(answer.example !== undefined ? { example: answer.example } : {}),
            },
          },
        }
      : {}),
  };
}

/** The answers of one or more routes on the same method and path (PUT /user/{email} has two). */
function responses(routes: RouteDeclaration[]): Record<string, ZodOpenApiResponseObject> {
  const byStatus = new Map<number, AnswerSpec[]>();
  for (const route of routes) {
    for (const [status, answer] of Object.entries({ ...sharedAnswers(route), ...route.answers })) {
      byStatus.set(Number(status), [...(byStatus.get(Number(status)) ?? []), answer]);
    }
  }
  const merged: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, answers] of [...byStatus].sort(([a], [b]) => a - b)) {
    const unique = answers.filter((answer, index) => answers.findIndex((other) => other.description === answer.description) === index);
    const schemas = [...new Set(unique.map((answer) => answer.schema).filter((schema) => schema !== undefined))];
    const answer: AnswerSpec = {
      ...unique[0]!,
      description: unique.map((each) => each.description).join(' Or: '),
      schema: schemas.length > 1 ? z.union(schemas as [z.ZodType, z.ZodType, ...z.ZodType[]]) : schemas[0],
    };
    merged[String(status)] = responseObject(status, answer);
  }
  return merged;
}

function operation(routes: RouteDeclaration[]): ZodOpenApiOperationObject {
  const [first] = routes as [RouteDeclaration, ...RouteDeclaration[]];
  const bodies = routes.map((route) => route.body).filter((body) => body !== undefined);
  const headers = routes.map((route) => route.headers).find((schema) => schema !== undefined);
  const security = routes.flatMap((route) => SECURITY[route.access] ?? []);
  const limits = routes.flatMap((route) => rateLimitsOf(route).map((name) => RATE_LIMIT_DOCS[name]));
  const description = [
    ...routes.map((route) => (routes.length > 1 ? `**${route.summary}.** ${route.description ?? ''}` : (route.description ?? ''))),
    `**Who may call:** ${routes.map((route) => ACCESS_SENTENCE[route.access]).join(' Or ')}`,
    ...limits.map(
      (limit) =>
        `**Rate limit:** ${limit.calls} calls per ${limit.per} every ${limit.windowSeconds} s${limit.variable ? ` (${limit.variable})` : ''}; past it, 429 with Retry-After.`,
    ),
    ...(first.idempotencyKey ? ['**Idempotent:** send an `Idempotency-Key` header; a retry with the same key gets the first answer again.'] : []),
  ]
    .filter((line) => line.trim() !== '')
    .join('\n\n');
  return {
    operationId: first.operationId,
    summary: routes.map((route) => route.summary).join(' / '),
    description,
    tags: [first.tag],
    ...(security.length > 0 ? { security } : {}),
    ...(limits.length > 0 ? { 'x-rate-limit': limits } : {}),
    requestParams: {
      ...(first.params ? { path: first.params as z.ZodObject } : {}),
      ...(first.query ? { query: first.query as z.ZodObject } : {}),
      ...(headers ? { header: headers as z.ZodObject } : {}),
    },
    ...(bodies.length > 0
      ? {
          requestBody: {
            required: true,
            content: {
              [first.bodyMediaType ?? 'application/json']: {
                schema: bodies.length > 1 ? z.union(bodies as [z.ZodType, z.ZodType]) : bodies[0]!,
              },
            },
          },
        }
      : {}),
    responses: responses(routes),
  };
}

/**
 * The api's OpenAPI 3.1 document, generated from the declared routes alone: each route's
 * schemas, access, limits and answers, with no hand-written copy of any of them.
 */
export function buildOpenApiDocument(modules: readonly RouteModule<never>[], info: { version: string }): OpenApiDocument {
  registerComponents();
  const grouped = new Map<string, RouteDeclaration[]>();
  for (const route of modules.flatMap((module) => module.routes as RouteDeclaration[])) {
    const key = `${route.path} ${route.method}`;
    grouped.set(key, [...(grouped.get(key) ?? []), route]);
  }
  const paths: ZodOpenApiPathsObject = {};
  for (const routes of grouped.values()) {
    const { path, method } = routes[0]!;
    paths[path] = { ...paths[path], [method]: operation(routes) };
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'PC PART PICKER api',
        version: info.version,
        description:
          'The storefront’s one api: the catalog (the spec calls parts `tools`), accounts, orders and card payments, reviews, ' +
          'and the admin console. Money is integer cents of US dollars. Every error answers `{message}` (a sentence to show), ' +
          'with `issues` for a 400. Lists that grow answer `{items, total, page, pages}` when asked for a page. ' +
          'Pictures are served as files at `/images/…` and `/uploads/…`.\n\n' +
          'To try a signed-in call: sign in on the shop (or `PUT /user/{email}` with a Firebase ID token) and paste the ' +
          'access token under Authorize.',
      },
      servers: [{ url: '/', description: 'This api' }],
      tags: [
        { name: 'Parts', description: 'The catalog: parts for sale (`tools` in the spec’s paths).' },
        { name: 'Reviews', description: 'Customers’ star reviews.' },
        { name: 'Alerts', description: 'Emails when a part is back in stock or its price drops.' },
        { name: 'Accounts', description: 'Sign-in, the profile and the admin flag.' },
        { name: 'Orders', description: 'Placing, listing and cancelling orders.' },
        { name: 'Cart', description: 'The signed-in customer’s cart, priced by the database.' },
        { name: 'Checkout', description: 'Several parts placed at once under one order number, paid by one payment.' },
        { name: 'Payments', description: 'Card payments through Stripe.' },
        { name: 'Admin', description: 'The admin console.' },
        { name: 'Releases', description: 'Independent releases of the remotes.' },
        { name: 'Health', description: 'Liveness and readiness for load balancers.' },
        { name: 'Reference', description: 'This document and its reference page.' },
      ],
      components: {
        securitySchemes: {
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The api’s access token of any signed-in account (PUT /user/{email} gives one; it lasts an hour).',
          },
          adminAccessToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of an admin account: the role is read from the database on every call.',
          },
          firebaseIdToken: { type: 'http', scheme: 'bearer', description: 'A Firebase Authentication ID token (only for signing in).' },
          stripeSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature', description: 'Stripe’s webhook signature.' },
        },
      },
      paths,
    },
    { reused: 'inline' },
  );
}
