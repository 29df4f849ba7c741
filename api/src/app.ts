import path from 'node:path';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { AccessTokens } from './auth/access-token';
import type { IdentityProvider } from './auth/firebase';
import type { Config } from './config';
import type { Database } from './db/mongo';
import { errorHandler, notFoundHandler } from './errors';
import type { Logger } from './logger';
import { type ApiMetrics, createApiMetrics } from './metrics';
import { mountRoutes, type RouteGuards } from './http/mount-routes';
import { setTransportSecurity } from './http/transport-security';
import { referenceAssets } from './modules/docs/routes';
import { uploadedFiles } from './modules/uploads/routes';
import { UPLOADS_PATH } from './modules/uploads/storage';
import type { OpenApiDocument } from './openapi/document';
import { generatedDocument } from './openapi/generate';
import { UNMATCHED_ROUTE } from '@pcpp/contracts/server-observability';
import { publicDir } from './public-dir';
import { apiRouteModules, stripeWebhookRouteModules } from './route-table';
import type { Services } from './services';

export interface AppDeps {
  config: Pick<Config, 'corsOrigins'> & Partial<Pick<Config, 'apiDocs' | 'trustProxy' | 'metricsToken'>>;
  logger: Logger;
  /** /readyz pings it. */
  database: Database;
  identity: IdentityProvider;
  accessTokens: AccessTokens;
  /** The api's services and repositories (services.ts), shared with the background jobs. */
  services: Services;
  /** True once the api is stopping: /readyz answers 503 (server.ts). Default: never. */
  shuttingDown?: () => boolean;
  /** GET /metrics and the request histogram (shared with the catalog fast path); default: the app's own. */
  metrics?: ApiMetrics;
}

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** Only the configured front ends; any other origin gets no CORS headers at all. The app's and the catalog fast path's. */
export function corsHeaders(corsOrigins: string[]) {
  return cors({
    origin: corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // traceparent and tracestate: a page's api calls join the trace of the page (docs/operations.md).
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'traceparent', 'tracestate'],
    // A file's name (an invoice, a data export) for the page that saves it from another origin.
    exposedHeaders: ['Content-Disposition'],
    maxAge: 600,
  });
}

export function createApp(deps: AppDeps): Express {
  const { config, database, accessTokens, identity, services } = deps;

  const app = express();
  app.disable('x-powered-by');
  const metrics = deps.metrics ?? createApiMetrics({ collections: database.collections, waiting: { orderRefundsPending: services.orders.pendingRefundCount }, token: config.metricsToken });
  // Counted under the declared route's template (mount-routes.ts sets it), never the raw URL.
  app.use((req, res, next) => {
    metrics.track(req, res, () => (res.locals.route as string | undefined) ?? UNMATCHED_ROUTE);
    next();
  });
  // Express's default, spelled out because clients count on it: every answer carries a weak ETag
  // (the public catalog reads a strong one, catalog-cache.ts),
  // and a GET whose If-None-Match still matches gets a 304 without a body (how browsers revalidate
  // the lists the home page asks for on every visit).
  app.set('etag', 'weak');

  app.use(
    helmet({
      // Answers are JSON and images: nothing may run, load or frame anything.
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      // The front ends show the api's images from their own origins.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      xFrameOptions: { action: 'deny' },
      // Sent below, only over TLS.
      strictTransportSecurity: false,
    }),
  );
  const trustProxy = config.trustProxy ?? false;
  if (trustProxy) app.set('trust proxy', true);
  app.use((req, res, next) => {
    setTransportSecurity(req, res, trustProxy);
    next();
  });
  app.use(
    pinoHttp({
      logger: deps.logger,
      autoLogging: { ignore: (req) => HEALTH_PATHS.has(req.url ?? '') },
      // A line per request costs little when it holds only what reading the log needs (no headers).
      quietReqLogger: true,
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      // The route template, on the line of an answered request (an error's line names where it happened).
      customProps: (_req, res) => {
        const route = (res as { locals?: { route?: string } }).locals?.route;
        return route ? { route } : {};
      },
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  );
  app.use(corsHeaders(config.corsOrigins));
  // Image names never change content (a new image gets a new name), so browsers keep them a year.
  app.use(
    '/images',
    (_req, res, next) => {
      res.locals.route = '/images/{file}';
      next();
    },
    express.static(path.join(publicDir(), 'images'), { immutable: true, maxAge: '365d', index: false }),
  );
  const guards: RouteGuards = {
    accessTokens,
    roles: services.roles,
    identity,
    rateLimits: services.rateLimits,
    idempotencyKeys: services.repositories.idempotencyKeys,
    logger: deps.logger,
  };
  let document: OpenApiDocument | undefined;
  const routeDeps = {
    database,
    shuttingDown: deps.shuttingDown ?? (() => false),
    metrics,
    ...services,
    document: () => (document ??= generatedDocument()),
  };
  // Before express.json: the webhook's signature covers the raw body.
  for (const module of stripeWebhookRouteModules) mountRoutes(app, module, routeDeps, guards);
  app.use(express.json({ limit: '100kb' }));

  const files = uploadedFiles(services.uploadStorage);
  if (files) app.use(UPLOADS_PATH, files);
  // The API reference is public, but off in production unless API_DOCS=true.
  const docsOn = config.apiDocs ?? true;
  if (docsOn) app.use(referenceAssets());
  for (const module of apiRouteModules) {
    if (module.name === 'docs' && !docsOn) continue;
    mountRoutes(app, module, routeDeps, guards);
  }

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
