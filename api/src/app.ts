import path from 'node:path';
import { brand } from '@pcpp/contracts/core';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { WithId } from 'mongodb';
import { pinoHttp } from 'pino-http';
import type { AccessTokens } from './auth/access-token';
import type { IdentityProvider } from './auth/firebase';
import { createRoleAuthority } from './auth/role-authority';
import { type CatalogCache, createCatalogCache } from './catalog-cache';
import { DEFAULT_RELEASE_LOAD_SAMPLE_PERCENT, DEFAULT_RELEASE_ROLLBACK, DEFAULT_RETURN_WINDOW_DAYS, type Config } from './config';
import type { Database, OrderDocument } from './db/mongo';
import { errorHandler, notFoundHandler } from './errors';
import { createRateLimits } from './rate-limits';
import type { Logger } from './logger';
import { createActivityRepository } from './modules/activity/repository';
import { createActivityLog } from './modules/activity/service';
import { createCartRepository } from './modules/cart/repository';
import { createCartService } from './modules/cart/service';
import { createCheckoutRepository } from './modules/checkout/repository';
import { createCheckoutService } from './modules/checkout/service';
import { DEFAULT_SHIPPING_RATES } from './modules/checkout/shipping-rates';
import { taxProviderFor } from './modules/checkout/tax-providers';
import { createCheckoutPricing } from './modules/checkout/totals';
import { createBuildsRepository } from './modules/builds/repository';
import { createBuildsService } from './modules/builds/service';
import { mountRoutes, type RouteGuards } from './http/mount-routes';
import { setTransportSecurity } from './http/transport-security';
import { referenceAssets } from './modules/docs/routes';
import { createPaymentsRepository } from './modules/payments/repository';
import { createPaymentsService, type PaymentsService, refundDetails } from './modules/payments/service';

type PaymentsDeps = Parameters<typeof createPaymentsService>[0];
import { createStripeClient } from './modules/payments/stripe-client';
import type { Outbox } from './modules/mail/outbox';
import { paymentConfirmedEmail, paymentRefundedEmail } from './modules/mail/templates';
import { createOrdersRepository } from './modules/orders/repository';
import { createIdempotencyKeysRepository } from './http/idempotency';
import { createHoldRules } from './modules/orders/hold-rules';
import { createOrdersService, toOrder } from './modules/orders/service';
import { createInvoiceLinks } from './modules/fulfilment/invoice-links';
import { createFulfilmentRepository } from './modules/fulfilment/repository';
import { createFulfilmentService } from './modules/fulfilment/service';
import { createReleasesRepository } from './modules/releases/repository';
import { saveRegistryFile } from './modules/releases/registry-file';
import { createReleasesService } from './modules/releases/service';
import { createReviewsRepository } from './modules/reviews/repository';
import { createReviewsService } from './modules/reviews/service';
import { createPartsRepository } from './modules/parts/repository';
import { createPartsService } from './modules/parts/service';
// Uploads.
import { createUploadsRepository } from './modules/uploads/repository';
import { uploadedFiles } from './modules/uploads/routes';
import { createUploadsService } from './modules/uploads/service';
import { createUploadStorage, UPLOADS_PATH, type UploadStorage } from './modules/uploads/storage';
import { createUsersRepository } from './modules/users/repository';
import { createUsersService } from './modules/users/service';
import type { OpenApiDocument } from './openapi/document';
import { generatedDocument } from './openapi/generate';
import { publicDir } from './public-dir';
import { apiRouteModules, stripeWebhookRouteModules } from './route-table';

export interface AppDeps {
  config: Pick<Config, 'corsOrigins' | 'adminEmails' | 'stripe' | 'jwtSecret' | 'publicApiUrl'> &
    // Orders and their emails.
    Pick<Config, 'shopUrl' | 'orderHoldMinutes' | 'orderHoldLimits'> &
    Partial<Pick<Config, 'returnWindowDays' | 'shippingRates' | 'taxProvider'>> &
    // Uploads.
    Pick<Config, 'uploadStorage'> &
    Pick<Config, 'rateLimits' | 'catalogCacheTtlMs'> &
    Pick<Config, 'shellManifestUrl' | 'releaseManifestSources' | 'remoteLoadIds'> &
    Partial<Pick<Config, 'releaseRollback' | 'releaseLoadSampleRate' | 'releaseRegistryFile'>> &
    Partial<Pick<Config, 'apiDocs' | 'trustProxy'>>;
  logger: Logger;
  database: Database;
  identity: IdentityProvider;
  accessTokens: AccessTokens;
  /** Where emails go (order and payment emails); its worker runs in server.ts. */
  outbox: Outbox;
  /** How long a role read from the database is reused; tests set 0. Default: ROLE_CACHE_TTL_MS. */
  roleCacheTtlMs?: number;
  /** Runs once per order the payment made paid. Default: the payment email through the outbox. */
  onOrderPaid?: (order: WithId<OrderDocument>) => Promise<void>;
  // Uploads.
  /** Where uploaded images go. Default: the one config.uploadStorage describes. */
  uploadStorage?: UploadStorage;
  /**
   * The public catalog reads' answers; server.ts shares it with the background jobs (their stock
   * returns drop it too). Default: one with config.catalogCacheTtlMs.
   */
  catalogCache?: CatalogCache;
  /** True once the api is stopping: /readyz answers 503 (server.ts). Default: never. */
  shuttingDown?: () => boolean;
}

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/**
 * The payments service, as the app and the hold sweep (background-jobs.ts) use it: Stripe, the
 * payment email once an order is paid, and for a payment given back the Activity log's entry and
 * the customer's email.
 */
export function createPayments(deps: {
  config: Pick<Config, 'stripe' | 'shopUrl' | 'jwtSecret' | 'publicApiUrl'>;
  database: Pick<Database, 'collections'>;
  logger: Logger;
  outbox: Outbox;
  onOrderPaid?: (order: WithId<OrderDocument>) => Promise<void>;
  /** A checkout's one payment (metadata.checkoutId) is settled by the checkout service. */
  fulfilCheckout?: PaymentsDeps['fulfilCheckout'];
}): PaymentsService {
  const { config, database, outbox } = deps;
  const activity = createActivityLog(createActivityRepository(database.collections.activity));
  const invoiceLinks = createInvoiceLinks(config.jwtSecret, config.publicApiUrl);
  return createPaymentsService({
    orders: createPaymentsRepository(database.collections),
    stripe: config.stripe ? createStripeClient(config.stripe) : undefined,
    webhookSecret: config.stripe?.webhookSecret,
    logger: deps.logger,
    onOrderPaid:
      deps.onOrderPaid ??
      (async (order) => outbox.enqueue(paymentConfirmedEmail(toOrder(order), { shopUrl: config.shopUrl, invoiceUrl: await invoiceLinks.url(order.number) }))),
    fulfilCheckout: deps.fulfilCheckout,
    async onRefunded(refund) {
      // Named by its order's number and linked to it, as the other order entries (an unknown order: the ids Stripe sent).
      await activity.record({
        action: 'order.refunded',
        actor: 'system',
        target: refund.order?.number ?? (refund.orderId || refund.paymentIntentId),
        details: refundDetails(refund),
        ...(refund.order ? { subject: { kind: 'order' as const, id: refund.order._id.toHexString() } } : {}),
      });
      if (refund.order) await outbox.enqueue(paymentRefundedEmail(toOrder(refund.order), refund, { shopUrl: config.shopUrl }));
    },
  });
}

/** Only the configured front ends; any other origin gets no CORS headers at all. The app's and the catalog fast path's. */
export function corsHeaders(corsOrigins: string[]) {
  return cors({
    origin: corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    maxAge: 600,
  });
}

export function createApp(deps: AppDeps): Express {
  const { config, database, accessTokens, identity } = deps;
  // The admin console's log of actions, which the users, orders and parts services write to.
  // Uploads.
  const uploadStorage = deps.uploadStorage ?? createUploadStorage(config.uploadStorage);
  const uploads = createUploadsService({
    uploads: createUploadsRepository(database.collections.uploads),
    storage: uploadStorage,
    logger: deps.logger,
  });

  const catalogCache = deps.catalogCache ?? createCatalogCache({ ttlMs: config.catalogCacheTtlMs });
  // The paid email's link to the invoice, and the route that opens it.
  const invoiceLinks = createInvoiceLinks(config.jwtSecret, config.publicApiUrl);
  // Every writer of what GET /tools, /tools/:id and /reviews show drops the cached answers.
  const catalogWrites = { onCatalogChange: catalogCache.invalidate };
  const partsRepository = createPartsRepository(database.collections.parts, catalogWrites);
  const ordersRepository = createOrdersRepository(database.collections, catalogWrites);
  // The log names orders by number and links to what still exists.
  const activity = createActivityLog(createActivityRepository(database.collections.activity), {
    existingParts: partsRepository.existingIds,
    orderNumbers: ordersRepository.numbersOf,
  });
  const releases = createReleasesService({
    releases: createReleasesRepository(database.collections),
    activity,
    shellManifestUrl: config.shellManifestUrl,
    manifestSources: config.releaseManifestSources,
    loadIds: config.remoteLoadIds,
    rollbackLimits: config.releaseRollback ?? DEFAULT_RELEASE_ROLLBACK,
    loadSampleRate: config.releaseLoadSampleRate ?? DEFAULT_RELEASE_LOAD_SAMPLE_PERCENT / 100,
    onRegistryChange: config.releaseRegistryFile ? saveRegistryFile(database.collections, config.releaseRegistryFile) : undefined,
  });
  const parts = createPartsService(partsRepository, { activity, uploads });
  const builds = createBuildsService(createBuildsRepository(database.collections.builds, database.collections.buildQuotas), { parts });
  const usersRepository = createUsersRepository(database.collections.users, catalogWrites);
  const reviews = createReviewsService({
    reviews: createReviewsRepository(database.collections.reviews, catalogWrites),
    identity,
    users: usersRepository,
    activity,
  });
  const roles = createRoleAuthority(usersRepository, { ttlMs: deps.roleCacheTtlMs, accounts: identity });
  const users = createUsersService({
    users: usersRepository,
    roles,
    accessTokens,
    activity,
    adminEmails: config.adminEmails,
    identity,
    outbox: deps.outbox,
    shopUrl: config.shopUrl,
  });
  const cartRepository = createCartRepository(database.collections);
  const cart = createCartService({ carts: cartRepository });
  const checkoutRepository = createCheckoutRepository(database.collections);
  // One set of ordering rules, so an order and a checkout of one customer take turns too.
  const holds = createHoldRules({ orders: ordersRepository, limits: config.orderHoldLimits });
  const checkout = createCheckoutService({
    checkouts: checkoutRepository,
    orders: ordersRepository,
    carts: cartRepository,
    users: usersRepository,
    identity,
    outbox: deps.outbox,
    stripe: config.stripe ? createStripeClient(config.stripe) : undefined,
    shopUrl: config.shopUrl,
    holdMinutes: config.orderHoldMinutes,
    holds,
    pricing: createCheckoutPricing({ rates: config.shippingRates ?? DEFAULT_SHIPPING_RATES, tax: taxProviderFor(config.taxProvider ?? 'table') }),
    logger: deps.logger,
    invoiceLinks,
  });
  const payments = createPayments({
    config,
    database,
    logger: deps.logger,
    outbox: deps.outbox,
    onOrderPaid: deps.onOrderPaid,
    fulfilCheckout: checkout.fulfil,
  });
  const orders = createOrdersService({
    orders: ordersRepository,
    checkouts: checkoutRepository,
    identity,
    roles,
    outbox: deps.outbox,
    shopUrl: config.shopUrl,
    holdMinutes: config.orderHoldMinutes,
    holds,
    logger: deps.logger,
    activity,
    payments,
  });

  // Orders as wholes after they are placed: shipments, refunds, returns, the invoice.
  const fulfilment = createFulfilmentService({
    repo: createFulfilmentRepository(database.collections, catalogWrites),
    orders: ordersRepository,
    roles,
    outbox: deps.outbox,
    activity,
    stripe: config.stripe ? createStripeClient(config.stripe) : undefined,
    payments,
    shopUrl: config.shopUrl,
    holdMinutes: config.orderHoldMinutes,
    returnWindowDays: config.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS,
    logger: deps.logger,
  });
  const seller = { name: brand.full, address: 'Returns and invoices: PC PART PICKER, 1 Builder Way, Austin, TX 78701, USA', url: config.shopUrl };

  // Counted in the database, so several api instances share the counts.
  const limits = createRateLimits(database.collections.rateLimits, config.rateLimits);

  const app = express();
  app.disable('x-powered-by');
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
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  );
  app.use(corsHeaders(config.corsOrigins));
  // Image names never change content (a new image gets a new name), so browsers keep them a year.
  app.use(
    '/images',
    express.static(path.join(publicDir(), 'images'), { immutable: true, maxAge: '365d', index: false }),
  );
  const guards: RouteGuards = {
    accessTokens,
    roles,
    identity,
    rateLimits: limits,
    idempotencyKeys: createIdempotencyKeysRepository(database.collections.idempotencyKeys),
    logger: deps.logger,
  };
  let document: OpenApiDocument | undefined;
  const routeDeps = {
    database,
    shuttingDown: deps.shuttingDown ?? (() => false),
    parts,
    builds,
    catalogCache,
    reviews,
    users,
    payments,
    orders,
    fulfilment,
    seller,
    invoiceLinks,
    cart,
    checkout,
    activity,
    releases,
    uploads,
    document: () => (document ??= generatedDocument()),
  };
  // Before express.json: the webhook's signature covers the raw body.
  for (const module of stripeWebhookRouteModules) mountRoutes(app, module, routeDeps, guards);
  app.use(express.json({ limit: '100kb' }));

  const files = uploadedFiles(uploadStorage);
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
