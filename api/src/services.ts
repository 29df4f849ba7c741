import { brand, type Order } from '@pcpp/contracts/core';
import type { AccessTokens } from './auth/access-token';
import type { IdentityProvider } from './auth/firebase';
import { createRoleAuthority } from './auth/role-authority';
import { type CatalogCache, createCatalogCache } from './catalog-cache';
import { DEFAULT_RELEASE_GUARD, DEFAULT_RELEASE_LOAD_SAMPLE_PERCENT, DEFAULT_INSIGHTS_CACHE_SECONDS, DEFAULT_RETURN_WINDOW_DAYS, type Config } from './config';
import type { Database } from './db/mongo';
import { createIdempotencyKeysRepository } from './http/idempotency';
import type { Logger } from './logger';
import { createRateLimits, remoteReportsPerCohort } from './rate-limits';
import { createAccountService, createEmailRecoveryLinks } from './modules/account/service';
import { createAlertsRepository } from './modules/alerts/repository';
import { createAlertsService } from './modules/alerts/service';
import { createUnsubscribeLinks } from './modules/alerts/unsubscribe-links';
import { createActivityRepository } from './modules/activity/repository';
import { createActivityLog } from './modules/activity/service';
import { createAdvisorCatalog } from './modules/builds/advisor-catalog';
import { createBuildsRepository } from './modules/builds/repository';
import { createBuildsService } from './modules/builds/service';
import { createCartRepository } from './modules/cart/repository';
import { createCartService } from './modules/cart/service';
import { createCheckoutService } from './modules/checkout/service';
import { DEFAULT_SHIPPING_RATES } from './modules/checkout/shipping-rates';
import { taxProviderFor } from './modules/checkout/tax-providers';
import { createCheckoutPricing, pricedLinesOf } from './modules/checkout/totals';
import { createInsightsCache } from './modules/insights/cache';
import { createInsightsRepository } from './modules/insights/repository';
import { createInsightsService } from './modules/insights/service';
import type { Outbox } from './modules/mail/outbox';
import { createInvoiceLinks, createOrdersModule, type OrderFaults, type PaymentCanceller } from './modules/orders';
import { createPartReviewsRepository } from './modules/part-reviews/repository';
import { createPartReviewsService, DEFAULT_HELPFUL_VOTE_LIMITS } from './modules/part-reviews/service';
import { createPartsRepository } from './modules/parts/repository';
import { createPriceHistory } from './modules/parts/price-history';
import { createPartsService } from './modules/parts/service';
import { createShopPictures } from './modules/parts/shop-pictures';
import { createPaymentsRepository } from './modules/payments/repository';
import { createPaymentsService } from './modules/payments/service';
import { createStripeClient } from './modules/payments/stripe-client';
import { saveRegistryFile } from './modules/releases/registry-file';
import { createReleasesRepository } from './modules/releases/repository';
import { createSourceMaps } from './modules/releases/source-maps';
import { createReleasesService } from './modules/releases/service';
import { createReviewsRepository } from './modules/reviews/repository';
import { createReviewsService } from './modules/reviews/service';
import { createUploadsRepository } from './modules/uploads/repository';
import { createUploadsService } from './modules/uploads/service';
import { createUploadStorage, type UploadStorage } from './modules/uploads/storage';
import { createAddressBook } from './modules/users/address-book';
import { createUsersRepository } from './modules/users/repository';
import { createUsersService } from './modules/users/service';

export interface ServicesDeps {
  config: Pick<Config, 'adminEmails' | 'stripe' | 'jwtSecret' | 'publicApiUrl'> &
    Pick<Config, 'shopUrl' | 'orderHoldMinutes' | 'orderHoldLimits'> &
    Partial<Pick<Config, 'returnWindowDays' | 'shippingRates' | 'taxProvider'>> &
    Pick<Config, 'uploadStorage' | 'rateLimits' | 'catalogCacheTtlMs'> &
    Pick<Config, 'shellManifestUrl' | 'releaseManifestSources' | 'remoteLoadIds'> &
    Partial<Pick<Config, 'releaseGuard' | 'releaseLoadSampleRate' | 'releaseRegistryFile' | 'releaseSourceMapsDir' | 'insightsCacheSeconds' | 'helpfulVotes'>>;
  logger: Logger;
  /** The client and db too in server.ts and the tests (the orders use transactions where the database isolates them). */
  database: Pick<Database, 'collections'> & Partial<Pick<Database, 'client' | 'db'>>;
  identity: IdentityProvider;
  accessTokens: AccessTokens;
  /** Where emails go (order and payment emails); its worker runs in server.ts. */
  outbox: Outbox;
  /** How long a role read from the database is reused; tests set 0. Default: ROLE_CACHE_TTL_MS. */
  roleCacheTtlMs?: number;
  /** The role cache's clock, in ms (tests move it by hand). Default: Date.now. */
  roleCacheClock?: () => number;
  /** Observes each order line a payment made paid (tests); its email is written with the change either way. */
  onOrderPaid?: (order: Order) => Promise<void>;
  /** Fault injection for the orders (tests only: orders/refunds/interrupted-refund.test.ts). */
  orderFaults?: OrderFaults;
  /** The orders' clock (tests move it by hand). Default: the time. */
  ordersClock?: () => Date;
  /** Where uploaded images go. Default: the one config.uploadStorage describes. */
  uploadStorage?: UploadStorage;
  /**
   * The public catalog reads' answers; server.ts shares it with the catalog fast path.
   * Default: one with config.catalogCacheTtlMs.
   */
  catalogCache?: CatalogCache;
  /** The releases' clock (load ids, reports, verdicts, stages): tests move it by hand. Default: the time. */
  releasesClock?: () => Date;
}

export type Services = ReturnType<typeof createServices>;

/**
 * The composition root: every repository and service of the api, built once. The app's routes,
 * the background jobs and server.ts's start-up all use these, so one payment service, one orders
 * repository and one catalog cache serve them all.
 */
export function createServices(deps: ServicesDeps) {
  const { config, database, identity, logger, outbox } = deps;
  const { collections } = database;
  const stripe = config.stripe ? createStripeClient(config.stripe) : undefined;

  const catalogCache = deps.catalogCache ?? createCatalogCache({ ttlMs: config.catalogCacheTtlMs });
  // The build advisor's parts in stock, read once for many requests (the parts service below reads them).
  const advisorCatalog = createAdvisorCatalog(() => parts.inStock(), { ttlMs: config.catalogCacheTtlMs });
  // Every writer of what GET /tools, /tools/:id and /reviews show drops the cached answers, and the advisor's parts.
  const catalogWrites = {
    onCatalogChange: () => {
      catalogCache.invalidate();
      advisorCatalog.invalidate();
    },
  };
  const uploadStorage = deps.uploadStorage ?? createUploadStorage(config.uploadStorage);
  // The paid email's link to the invoice, and the route that opens it.
  const invoiceLinks = createInvoiceLinks(config.jwtSecret, config.publicApiUrl);

  const repositories = {
    parts: createPartsRepository(collections.parts, catalogWrites),
    users: createUsersRepository(collections.users, catalogWrites),
    carts: createCartRepository(collections),
    idempotencyKeys: createIdempotencyKeysRepository(collections.idempotencyKeys),
  };

  const uploads = createUploadsService({ uploads: createUploadsRepository(collections.uploads), storage: uploadStorage, logger });
  // The admin console's log of actions; it names orders by number and links to what still exists.
  // The orders (made below) need the activity log; the log asks the orders for their numbers.
  const activity = createActivityLog(createActivityRepository(collections.activity), {
    existingParts: repositories.parts.existingIds,
    orderNumbers: (ids) => orders.numbersOfLines(ids),
  });
  const releases = createReleasesService({
    releases: createReleasesRepository(collections),
    activity,
    shellManifestUrl: config.shellManifestUrl,
    manifestSources: config.releaseManifestSources,
    loadIds: config.remoteLoadIds,
    guard: config.releaseGuard ?? DEFAULT_RELEASE_GUARD,
    loadSampleRate: config.releaseLoadSampleRate ?? DEFAULT_RELEASE_LOAD_SAMPLE_PERCENT / 100,
    cohortReports: remoteReportsPerCohort(),
    sourceMaps: createSourceMaps(config.releaseSourceMapsDir ?? null),
    ...(deps.releasesClock ? { now: deps.releasesClock } : {}),
    onRegistryChange: config.releaseRegistryFile ? saveRegistryFile(collections, config.releaseRegistryFile) : undefined,
  });
  // Stock and price alerts: an edit of the price or stock starts their fan-out in the background.
  const alertsRepository = createAlertsRepository(collections.alerts);
  const alerts = createAlertsService({
    alerts: alertsRepository,
    parts: repositories.parts,
    outbox,
    links: createUnsubscribeLinks(config.jwtSecret, config.publicApiUrl),
    shopUrl: config.shopUrl,
    logger,
  });
  const parts = createPartsService(repositories.parts, {
    activity,
    uploads,
    priceHistory: createPriceHistory(collections.priceChanges),
    onPriceOrStockChange: alerts.partChanged,
    shopPictures: createShopPictures(config.publicApiUrl),
  });
  const buildsRepository = createBuildsRepository(collections.builds, collections.buildQuotas);
  const builds = createBuildsService(buildsRepository, { parts, advisorCatalog });
  const reviewsRepository = createReviewsRepository(collections.reviews, catalogWrites);
  const reviews = createReviewsService({
    reviews: reviewsRepository,
    identity,
    users: repositories.users,
    activity,
  });
  // Reviews of one part (issue 33): they write the part's rating, which the catalog shows.
  const partReviewsRepository = createPartReviewsRepository(collections, catalogWrites);
  const partReviews = createPartReviewsService({
    repo: partReviewsRepository,
    orders: { firstPaidLine: (email, productId) => orders.firstPaidLine(email, productId) },
    identity,
    activity,
    votes: { limits: config.helpfulVotes ?? DEFAULT_HELPFUL_VOTE_LIMITS, addressKey: config.jwtSecret },
  });
  const roles = createRoleAuthority(repositories.users, { ttlMs: deps.roleCacheTtlMs, now: deps.roleCacheClock, accounts: identity });
  // The address book (issue 46): My Profile's address, Settings and the checkout share it.
  const addressBook = createAddressBook({ users: repositories.users, activity, outbox, shopUrl: config.shopUrl });
  const users = createUsersService({
    addressBook,
    // The account service is made below; the sign-in calls it once the account's record has followed.
    onEmailChanged: (change) => account.emailChanged(change),
    onSessionsEndedElsewhere: (who) => account.passwordChanged(who),
    users: repositories.users,
    roles,
    accessTokens: deps.accessTokens,
    activity,
    adminEmails: config.adminEmails,
    identity,
    outbox,
    shopUrl: config.shopUrl,
  });
  const cart = createCartService({ carts: repositories.carts });
  // The orders: the only module that reads or writes them. It cancels an unpaid line's payment
  // through the payments service (made below, which takes payments through the orders).
  const paymentCanceller: PaymentCanceller = { cancelPaymentOf: (line) => paymentsService.cancelPaymentOf(line) };
  // Shipping and tax (issue 32): the checkout's quote and order, and a single order to a structured address, priced alike.
  const checkoutPricing = createCheckoutPricing({ rates: config.shippingRates ?? DEFAULT_SHIPPING_RATES, tax: taxProviderFor(config.taxProvider ?? 'table') });
  const orders = createOrdersModule({
    collections,
    async pricing({ lineAmounts, address, method }) {
      return pricedLinesOf(await checkoutPricing.price({ lineAmounts, address, method, now: new Date() }));
    },
    ...(database.client && database.db ? { database: { client: database.client, db: database.db } } : {}),
    identity,
    roles,
    outbox,
    activity,
    stripe,
    ...(stripe ? { payments: paymentCanceller } : {}),
    shopUrl: config.shopUrl,
    holdMinutes: config.orderHoldMinutes,
    holdLimits: config.orderHoldLimits,
    returnWindowDays: config.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS,
    logger,
    onCatalogChange: catalogCache.invalidate,
    invoiceUrl: (number) => invoiceLinks.url(number),
    ...(deps.onOrderPaid ? { onLinePaid: deps.onOrderPaid } : {}),
    ...(deps.orderFaults ? { faults: deps.orderFaults } : {}),
    ...(deps.ordersClock ? { now: deps.ordersClock } : {}),
  });
  const checkout = createCheckoutService({
    orders,
    parts: repositories.parts,
    carts: repositories.carts,
    // "Save this address": into the address book, as its default.
    users: { saveShippingAddress: addressBook.saveFromCheckout },
    pricing: checkoutPricing,
  });
  // Stripe: PaymentIntents, the webhook, and payments the orders cannot take, given back once.
  const paymentsService = createPaymentsService({
    refunds: createPaymentsRepository(collections),
    orders,
    stripe,
    webhookSecret: config.stripe?.webhookSecret,
    logger,
    activity,
  });
  // Account settings (issue 46): what it needs of the orders goes through the orders module.
  const account = createAccountService({
    users: repositories.users,
    addressBook,
    identity,
    roles,
    orders,
    alerts: alertsRepository,
    builds: buildsRepository,
    reviews: reviewsRepository,
    partReviews: partReviewsRepository,
    carts: repositories.carts,
    idempotencyKeys: repositories.idempotencyKeys,
    activity,
    outbox,
    recoveryLinks: createEmailRecoveryLinks(config.jwtSecret, config.shopUrl),
    shopUrl: config.shopUrl,
    logger,
  });
  // The admin's Overview: read-only aggregations, kept a short time in the database.
  const insights = createInsightsService({
    repo: createInsightsRepository(collections, orders),
    cache: createInsightsCache(collections.insightsCache, config.insightsCacheSeconds ?? DEFAULT_INSIGHTS_CACHE_SECONDS, () => new Date()),
  });
  const seller = { name: brand.full, address: 'Returns and invoices: PC PART PICKER, 1 Builder Way, Austin, TX 78701, USA', url: config.shopUrl };
  // Counted in the database, so several api instances share the counts.
  const rateLimits = createRateLimits(collections.rateLimits, config.rateLimits);

  return {
    repositories,
    catalogCache,
    uploadStorage,
    invoiceLinks,
    seller,
    rateLimits,
    roles,
    activity,
    uploads,
    releases,
    parts,
    alerts,
    builds,
    reviews,
    partReviews,
    users,
    addressBook,
    account,
    cart,
    checkout,
    payments: paymentsService,
    orders,
    insights,
  };
}
