import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { isValidEmail, type ShippingRate } from '@pcpp/contracts/core';
import defaultPorts from '@pcpp/contracts/default-ports.json';
import { z } from 'zod';
import { DEMO_ADMIN_EMAILS } from './auth/demo-accounts';
import { loadShippingRates } from './modules/checkout/shipping-rates';

/** How long a cached catalog answer is served (catalog-cache.ts); another api instance's write shows within it. */
const DEFAULT_CATALOG_CACHE_TTL_MS = 3_000;

/** How long the admin's Overview figures are reused (modules/insights/cache.ts), unless INSIGHTS_CACHE_SECONDS says otherwise. */
export const DEFAULT_INSIGHTS_CACHE_SECONDS = 30;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const MIN_SECRET_LENGTH = 32;
/** As ticketing and checkout flows do: long enough to pay, short enough that stock comes back soon. */
export const DEFAULT_ORDER_HOLD_MINUTES = 30;
/** How long after delivery a customer may ask to return parts. */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;
/** Per customer: unpaid orders at once, and units of one part held by them (orders/holds.ts). */
export const DEFAULT_MAX_UNPAID_ORDERS = 3;
export const DEFAULT_MAX_HELD_UNITS_PER_PART = 10;
/**
 * Of all customers together: the share of a part's stock (percent) that unpaid orders paid later may
 * hold. Past it, only a checkout that pays on the same page gets stock, held while it pays
 * (DEFAULT_PAY_NOW_HOLD_MINUTES), so no group of accounts keeps a part from a paying customer.
 */
export const DEFAULT_HELD_SHARE_PERCENT = 50;
export const DEFAULT_PAY_NOW_HOLD_MINUTES = 10;
/**
 * "Was this helpful?" on part reviews (modules/part-reviews): votes one account, and one address,
 * may give a day; an account younger than HELPFUL_NEW_ACCOUNT_DAYS is new, and this many votes of
 * new accounts on one review within a day are a burst, held back from its count until an admin
 * decides (the Reviews page).
 */
export const DEFAULT_HELPFUL_VOTES_PER_ACCOUNT = 20;
export const DEFAULT_HELPFUL_VOTES_PER_ADDRESS = 10;
export const DEFAULT_HELPFUL_NEW_ACCOUNT_DAYS = 7;
export const DEFAULT_HELPFUL_BURST_VOTES = 5;
/** How long a page's load id (GET /remotes) lets it report a remote that would not load. */
export const DEFAULT_REMOTE_LOAD_ID_TTL_MINUTES = 60;
export interface HelpfulVoteLimits {
  perAccountPerDay: number;
  perAddressPerDay: number;
  /** An account younger than this many days is new. */
  newAccountDays: number;
  /** This many new accounts' votes on one review within a day are held back. */
  burstVotes: number;
}

/**
 * The guarded rollouts' verdict (modules/releases/verdict.ts, docs/releases.md): how often it runs,
 * what it needs on each side before it judges, its confidence and margin, a stage's default window,
 * and the reports' rate limits (per cohort; per address: RateLimitConfig.remoteReportsPerAddress).
 */
export interface ReleaseGuardConfig {
  verdictIntervalSeconds: number;
  minAddresses: number;
  minCohorts: number;
  minVitalsSamples: number;
  /** How many cohorts one address's cohorts weigh together, at most (1: an address weighs as one cohort). */
  cohortsPerAddress: number;
  confidencePercent: number;
  vitalsMarginPercent: number;
  stageMinutes: number;
  reportsPerCohort: number;
  /** The share of page loads that report Web Vitals, 0–1 (RELEASE_VITALS_SAMPLE_PERCENT / 100). */
  vitalsSampleRate: number;
}
export const DEFAULT_RELEASE_GUARD: ReleaseGuardConfig = {
  verdictIntervalSeconds: 60,
  minAddresses: 30,
  minCohorts: 30,
  minVitalsSamples: 30,
  cohortsPerAddress: 1,
  confidencePercent: 95,
  vitalsMarginPercent: 10,
  stageMinutes: 60,
  reportsPerCohort: 20,
  vitalsSampleRate: 0.1,
};
/** The share of successful loads the shell reports (POST /remotes/loads), in percent. */
export const DEFAULT_RELEASE_LOAD_SAMPLE_PERCENT = 10;
/** Long enough for a failover, short enough that a client gets its 503 within 3 s. */
export const DEFAULT_MONGODB_TIMEOUT_MS = 2_000;
/**
 * How long the role authority (auth/role-authority.ts) reuses a role and an account's standing.
 * Admin pages make several calls a second; a few seconds of cache saves the reads. A role changed
 * in the database by hand applies within this time; one the api writes applies at once (forget).
 */
export const ROLE_CACHE_TTL_MS = 5_000;
export const DEFAULT_MAIL_FROM = 'PC PART PICKER <orders@pcparts.dev>';
const MONGODB_URI_REQUIRED =
  'is required: a MongoDB connection string. For development, run `npm start` (or `npm run dev`), which starts a local database and sets it';

/** Stripe, when configured: the real service, or the local sandbox at apiUrl (development and tests). */
export interface StripeConfig {
  secretKey: string;
  /** Checks the signature of POST /webhooks/stripe; without it the webhook answers 503. */
  webhookSecret: string | undefined;
  /** Where the Stripe api is, when not api.stripe.com: the local sandbox (`npm start` sets it). */
  apiUrl: URL | undefined;
}

// Uploads (POST /uploads): where image files go.
export const DEFAULT_UPLOADS_DIR = '.data/uploads';
export const DEFAULT_UPLOAD_UNATTACHED_HOURS = 24;

/** Local disk (served by the api at /uploads), or an S3-compatible bucket. */
export type UploadStorageConfig =
  | { kind: 'disk'; /** Absolute. */ dir: string; /** The api's public URL: files are at {baseUrl}/uploads/{key}. */ baseUrl: string }
  | {
      kind: 's3';
      bucket: string;
      /** Unset: AWS S3 itself. */
      endpoint: string | undefined;
      region: string;
      /** Both or neither; neither: the SDK's default credential chain. */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      /** Objects are at {publicUrl}/{key}. */
      publicUrl: string;
    };

/** Calls per window (RATE_LIMIT_WINDOW_SECONDS): sign-ins per address, the rest per account. */
export interface RateLimitConfig {
  windowMs: number;
  signIn: number;
  reviews: number;
  orders: number;
  paymentIntents: number;
  uploads: number;
  cart: number;
  verificationEmails: number;
  /** Verification emails per client address, whichever accounts ask (fresh accounts, one each). */
  verificationEmailsPerAddress: number;
  /** Reports of remote versions (POST /remotes/errors, /loads, /vitals together) per client address, a minute. */
  remoteReportsPerAddress: number;
  /** Changes of one's account (addresses, sign out everywhere) per account. */
  accountChanges: number;
  /** Changes of accounts (those, closing, email changes, the email recovery) per client address, whichever accounts. */
  accountChangesPerAddress: number;
  /** Closing the account and email changes per identity provider account (they take an ID token). */
  identityChanges: number;
  /** Downloads of one's data (GET /me/export) per account. */
  dataExports: number;
  /** Build advice (POST /builds/advise) per client address: each one searches the whole catalog. */
  buildAdvicePerAddress: number;
}
export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  windowMs: 60_000,
  signIn: 100,
  reviews: 10,
  orders: 20,
  paymentIntents: 30,
  uploads: 30,
  // A quantity stepper writes on each settled change: generous, yet a script cannot spin on it.
  cart: 120,
  verificationEmails: 5,
  remoteReportsPerAddress: 60,
  verificationEmailsPerAddress: 10,
  accountChanges: 30,
  accountChangesPerAddress: 60,
  identityChanges: 5,
  dataExports: 3,
  buildAdvicePerAddress: 30,
};

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  /** How many api processes share the port (node:cluster; the primary hands out connections round-robin). */
  instances: number;
  /** How long each process reuses a role read from the database (a role written by another instance applies within it). */
  roleCacheTtlMs: number;
  /** The address the api listens on: loopback unless HOST says otherwise (a container: 0.0.0.0). */
  host: string;
  /** Required. `npm start` and `npm run dev` start a local database when it is unset and pass its URI. */
  mongodbUri: string;
  mongodbDb: string;
  /** How long a request waits for an unreachable database server before it answers 503. */
  mongodbTimeoutMs: number;
  corsOrigins: string[];
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator; never set in production. */
  authEmulatorHost: string | undefined;
  /**
   * The per-start secret of the demo's Google stand-in (the shell's auth-emulator proxy): under the
   * emulator a Google identity counts only with the subject it makes. Unset: no Google sign-in.
   */
  authStandInSecret: string | undefined;
  /** Lowercase. */
  adminEmails: string[];
  jwtSecret: string;
  /** True when JWT_SECRET was unset and a random one was made: tokens die with the process. */
  jwtSecretGenerated: boolean;
  logLevel: LogLevel;
  /** Where the log goes, appended; unset: stdout. A file keeps logging off any parent process's pipe. */
  logFile: string | undefined;
  seedDemoData: boolean;
  /** A TLS proxy in front sets X-Forwarded-Proto (HSTS is sent only over TLS); otherwise the header is ignored. */
  trustProxy: boolean;
  /** GET /metrics wants this bearer token; unset: only loopback callers are answered. */
  metricsToken: string | undefined;
  /** Unset: card payments answer 503 (production requires it). */
  stripe: StripeConfig | undefined;
  // Orders and their emails.
  /** How long an unpaid order holds its stock before the sweep cancels it. */
  orderHoldMinutes: number;
  /** How long after delivery parts may be returned (POST /orders/{number}/returns). */
  returnWindowDays: number;
  /** The shipping table (SHIPPING_RATES: a JSON file), else modules/checkout/shipping-rates.ts's defaults. */
  shippingRates: ShippingRate[];
  /** Where sales tax comes from: `table`, the shop's own (modules/checkout/tax-rates.ts). */
  taxProvider: 'table';
  /** Per customer, at once: unpaid orders, and units of one part in them (a part whose minimum order is higher allows that). */
  orderHoldLimits: {
    maxUnpaidOrders: number;
    maxHeldUnitsPerPart: number;
    /** Of all customers: the percent of a part's stock that unpaid orders paid later may hold. */
    heldSharePercent: number;
    /** Past that share, how long a checkout that pays on the same page holds its stock. */
    payNowHoldMinutes: number;
  };
  /** "Was this helpful?": the daily limits per account and per address, and the new accounts' burst held back. */
  helpfulVotes: HelpfulVoteLimits;
  /** Where order emails are sent; unset: they wait in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The shop's address as customers open it (links in emails), without a trailing slash. */
  shopUrl: string;
  // Uploads.
  /** The api as browsers reach it, without a trailing slash (absolute URLs of uploaded images). */
  publicApiUrl: string;
  uploadStorage: UploadStorageConfig;
  /** An upload no product uses after this long is deleted. */
  uploadUnattachedHours: number;
  rateLimits: RateLimitConfig;
  /** How long GET /tools, /tools/:id and /reviews answers are reused (catalog-cache.ts); 0: never. */
  catalogCacheTtlMs: number;
  /** How long the admin's Overview figures are reused, in the database for every instance (modules/insights/cache.ts); 0: never. */
  insightsCacheSeconds: number;
  /** The live shell's mf-manifest.json: a remote release must share its singletons' majors to go live. */
  shellManifestUrl: string;
  /**
   * Where a registered version's manifest may be: the release store's address (RELEASES_PUBLIC_URL,
   * its path included), the remotes' origins (MF_*_MANIFEST_URL) and RELEASE_MANIFEST_ORIGINS.
   * Any other URL is refused before anything is fetched.
   */
  releaseManifestSources: string[];
  /**
   * Signs the load id GET /remotes gives each page (POST /remotes/errors must carry it). The secret
   * is REMOTE_LOAD_ID_SECRET, else random per start (shared with the instances of API_INSTANCES).
   */
  remoteLoadIds: { secret: string; secretGenerated: boolean; ttlMs: number };
  /** When a rollout's candidate rolls back by itself, and a stage advances (RELEASE_VERDICT_*, RELEASE_VITALS_*, RELEASE_STAGE_MINUTES). */
  releaseGuard: ReleaseGuardConfig;
  /** The share of successful loads the shell reports, 0–1 (RELEASE_LOAD_SAMPLE_PERCENT / 100). */
  releaseLoadSampleRate: number;
  /**
   * Where the registry (published versions, what is live and rolls out) is kept besides the database,
   * and restored from at start when the database has none (RELEASE_REGISTRY_FILE; `npm start` sets
   * it with its in-memory database). Unset: the database alone.
   */
  releaseRegistryFile: string | null;
  /**
   * The released versions' source maps, `<dir>/<remote folder>/<version>/<file>.map`, kept apart from
   * the public store (RELEASE_SOURCE_MAPS_DIR; `npm run release` writes them, `npm start` sets it):
   * the Releases page shows each error's stack mapped to the remote's source. Unset: as reported.
   */
  releaseSourceMapsDir: string | null;
  /** GET /openapi.json and GET /docs are served: always outside production, there only with API_DOCS=true. */
  apiDocs: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

/** An http(s) address, kept without its trailing slash. */
const httpAddress = (example: string) =>
  z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, { error: `must be an http(s) address, e.g. ${example}`, abort: true })
    .refine(isHttpUrl, `must be an http(s) address, e.g. ${example}`)
    .transform((url) => url.replace(/\/+$/, ''));

const originList = z
  .string()
  .transform(list)
  .pipe(
    z.array(
      z.string().refine(isOrigin, {
        error: (issue) => `"${String(issue.input)}" is not an origin like http://localhost:3000`,
      }),
    ),
  );

const callsPerWindow = (fallback: number) =>
  z.coerce.number({ error: 'must be a whole number of calls' }).int('must be a whole number of calls').min(1, 'must be at least 1').default(fallback);

const wholeAtLeastOne = (fallback: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').default(fallback);

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], { error: 'must be development, test or production' })
    .default('development'),
  API_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number (0-65535)')
    .max(65535, 'must be a port number (0-65535)')
    .default(defaultPorts.api),
  API_INSTANCES: z.coerce
    .number({ error: 'must be a whole number of processes' })
    .int('must be a whole number of processes')
    .min(1, 'must be at least 1')
    .max(64, 'must be at most 64')
    .default(1),
  ROLE_CACHE_TTL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 (no cache) or more')
    .default(ROLE_CACHE_TTL_MS),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  MONGODB_URI: z
    .string({ error: MONGODB_URI_REQUIRED })
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://'),
  MONGODB_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be a database name (letters, digits, _ and -)')
    .default('pcparts'),
  MONGODB_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .default(DEFAULT_MONGODB_TIMEOUT_MS),
  CORS_ORIGINS: originList.optional(),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-pcparts'),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9099')
    .optional(),
  AUTH_STAND_IN_SECRET: z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`).optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((value) => list(value).map((email) => email.toLowerCase()))
    .pipe(z.array(z.string().refine(isValidEmail, { error: (issue) => `"${String(issue.input)}" is not an email` })))
    .optional(),
  JWT_SECRET: z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  LOG_FILE: z.string().trim().min(1, 'must be a file path').optional(),
  SEED_DEMO_DATA: booleanFlag.default(true),
  API_DOCS: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.default(false),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)').optional(),
  STRIPE_API_URL: z
    .string()
    .refine(isHttpUrl, 'must be an http(s) URL, e.g. http://127.0.0.1:12111')
    .transform((value) => new URL(value))
    .optional(),
  // Orders and their emails.
  ORDER_HOLD_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .default(DEFAULT_ORDER_HOLD_MINUTES),
  SHIPPING_RATES: z.string().min(1, 'must be the path of a JSON file').optional(),
  TAX_PROVIDER: z.enum(['table'], { error: 'must be table (the shop\'s own rate table)' }).default('table'),
  RETURN_WINDOW_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(365, 'must be at most 365 days')
    .default(DEFAULT_RETURN_WINDOW_DAYS),
  MAX_UNPAID_ORDERS: z.coerce
    .number({ error: 'must be a whole number of orders' })
    .int('must be a whole number of orders')
    .min(1, 'must be at least 1')
    .default(DEFAULT_MAX_UNPAID_ORDERS),
  MAX_HELD_UNITS_PER_PART: z.coerce
    .number({ error: 'must be a whole number of units' })
    .int('must be a whole number of units')
    .min(1, 'must be at least 1')
    .default(DEFAULT_MAX_HELD_UNITS_PER_PART),
  ORDER_HOLD_SHARE_PERCENT: z.coerce
    .number({ error: 'must be a whole percent' })
    .int('must be a whole percent')
    .min(0, 'must be from 0 to 100')
    .max(100, 'must be from 0 to 100')
    .default(DEFAULT_HELD_SHARE_PERCENT),
  HELPFUL_VOTES_PER_ACCOUNT: z.coerce
    .number({ error: 'must be a whole number of votes' })
    .int('must be a whole number of votes')
    .min(1, 'must be at least 1')
    .default(DEFAULT_HELPFUL_VOTES_PER_ACCOUNT),
  HELPFUL_VOTES_PER_ADDRESS: z.coerce
    .number({ error: 'must be a whole number of votes' })
    .int('must be a whole number of votes')
    .min(1, 'must be at least 1')
    .default(DEFAULT_HELPFUL_VOTES_PER_ADDRESS),
  HELPFUL_NEW_ACCOUNT_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(0, 'must be 0 or more')
    .default(DEFAULT_HELPFUL_NEW_ACCOUNT_DAYS),
  HELPFUL_BURST_VOTES: z.coerce
    .number({ error: 'must be a whole number of votes' })
    .int('must be a whole number of votes')
    .min(2, 'must be at least 2')
    .default(DEFAULT_HELPFUL_BURST_VOTES),
  PAY_NOW_HOLD_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .default(DEFAULT_PAY_NOW_HOLD_MINUTES),
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().trim().min(3).default(DEFAULT_MAIL_FROM),
  SHOP_URL: httpAddress('https://shop.example').optional(),
  // Uploads.
  PUBLIC_API_URL: httpAddress('https://api.shop.example').optional(),
  UPLOADS_DIR: z.string().trim().min(1).default(DEFAULT_UPLOADS_DIR),
  UPLOAD_UNATTACHED_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours' })
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1 hour')
    .default(DEFAULT_UPLOAD_UNATTACHED_HOURS),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z 0-9 . -)').optional(),
  S3_ENDPOINT: httpAddress('https://s3.eu-central-1.amazonaws.com').optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: httpAddress('https://images.shop.example').optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  // Rate limits (calls per window).
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .default(DEFAULT_RATE_LIMITS.windowMs / 1000),
  RATE_LIMIT_SIGN_IN: callsPerWindow(DEFAULT_RATE_LIMITS.signIn),
  RATE_LIMIT_REVIEWS: callsPerWindow(DEFAULT_RATE_LIMITS.reviews),
  RATE_LIMIT_ORDERS: callsPerWindow(DEFAULT_RATE_LIMITS.orders),
  RATE_LIMIT_PAYMENT_INTENTS: callsPerWindow(DEFAULT_RATE_LIMITS.paymentIntents),
  RATE_LIMIT_UPLOADS: callsPerWindow(DEFAULT_RATE_LIMITS.uploads),
  RATE_LIMIT_CART: callsPerWindow(DEFAULT_RATE_LIMITS.cart),
  RATE_LIMIT_VERIFICATION_EMAILS: callsPerWindow(DEFAULT_RATE_LIMITS.verificationEmails),
  RATE_LIMIT_VERIFICATION_EMAILS_PER_ADDRESS: callsPerWindow(DEFAULT_RATE_LIMITS.verificationEmailsPerAddress),
  RATE_LIMIT_ACCOUNT_CHANGES: callsPerWindow(DEFAULT_RATE_LIMITS.accountChanges),
  RATE_LIMIT_ACCOUNT_CHANGES_PER_ADDRESS: callsPerWindow(DEFAULT_RATE_LIMITS.accountChangesPerAddress),
  RATE_LIMIT_IDENTITY_CHANGES: callsPerWindow(DEFAULT_RATE_LIMITS.identityChanges),
  RATE_LIMIT_DATA_EXPORTS: callsPerWindow(DEFAULT_RATE_LIMITS.dataExports),
  RATE_LIMIT_BUILD_ADVICE: callsPerWindow(DEFAULT_RATE_LIMITS.buildAdvicePerAddress),
  CATALOG_CACHE_TTL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 (no cache) or more')
    .default(DEFAULT_CATALOG_CACHE_TTL_MS),
  INSIGHTS_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 (no cache) or more')
    .max(3600, 'must be at most 3600 (an hour)')
    .default(DEFAULT_INSIGHTS_CACHE_SECONDS),
  SHELL_MANIFEST_URL: httpAddress('https://shop.example/mf-manifest.json').optional(),
  // Where registered versions' manifests may be (the shell's runtime config reads the same names).
  RELEASES_PUBLIC_URL: httpAddress('https://releases.shop.example').optional(),
  MF_SHOP_MANIFEST_URL: httpAddress('https://shop.example/mf-shop/mf-manifest.json').optional(),
  MF_DASHBOARD_MANIFEST_URL: httpAddress('https://shop.example/mf-dashboard/mf-manifest.json').optional(),
  MF_ADMIN_MANIFEST_URL: httpAddress('https://shop.example/mf-admin/mf-manifest.json').optional(),
  RELEASE_MANIFEST_ORIGINS: originList.optional(),
  REMOTE_LOAD_ID_SECRET: z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`).optional(),
  REMOTE_LOAD_ID_TTL_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .max(24 * 60, 'must be at most 1440 minutes (a day)')
    .default(DEFAULT_REMOTE_LOAD_ID_TTL_MINUTES),
  RELEASE_VERDICT_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1 second')
    .max(3600, 'must be at most 3600 (an hour)')
    .default(DEFAULT_RELEASE_GUARD.verdictIntervalSeconds),
  RELEASE_VERDICT_MIN_ADDRESSES: wholeAtLeastOne(DEFAULT_RELEASE_GUARD.minAddresses),
  RELEASE_VERDICT_MIN_COHORTS: wholeAtLeastOne(DEFAULT_RELEASE_GUARD.minCohorts),
  RELEASE_VERDICT_MIN_VITALS: wholeAtLeastOne(DEFAULT_RELEASE_GUARD.minVitalsSamples),
  RELEASE_VERDICT_COHORTS_PER_ADDRESS: wholeAtLeastOne(DEFAULT_RELEASE_GUARD.cohortsPerAddress),
  RELEASE_VERDICT_CONFIDENCE_PERCENT: z.coerce
    .number({ error: 'must be a percentage' })
    .min(50, 'must be at least 50')
    .max(99.9, 'must be at most 99.9')
    .default(DEFAULT_RELEASE_GUARD.confidencePercent),
  RELEASE_VITALS_MARGIN_PERCENT: z.coerce
    .number({ error: 'must be a percentage' })
    .min(0, 'must be at least 0')
    .max(1000, 'must be at most 1000')
    .default(DEFAULT_RELEASE_GUARD.vitalsMarginPercent),
  RELEASE_VITALS_SAMPLE_PERCENT: z.coerce
    .number({ error: 'must be a percentage' })
    .min(0, 'must be at least 0')
    .max(100, 'must be at most 100')
    .default(DEFAULT_RELEASE_GUARD.vitalsSampleRate * 100),
  RELEASE_STAGE_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .min(0.05, 'must be at least 0.05 (3 seconds)')
    .max(10_080, 'must be at most 10080 (a week)')
    .default(DEFAULT_RELEASE_GUARD.stageMinutes),
  RELEASE_REPORTS_PER_ADDRESS: wholeAtLeastOne(DEFAULT_RATE_LIMITS.remoteReportsPerAddress),
  RELEASE_REPORTS_PER_COHORT: wholeAtLeastOne(DEFAULT_RELEASE_GUARD.reportsPerCohort),
  RELEASE_LOAD_SAMPLE_PERCENT: z.coerce
    .number({ error: 'must be a percentage' })
    .min(0, 'must be at least 0')
    .max(100, 'must be at most 100')
    .default(DEFAULT_RELEASE_LOAD_SAMPLE_PERCENT),
  RELEASE_REGISTRY_FILE: z.string().min(1).optional(),
  RELEASE_SOURCE_MAPS_DIR: z.string().trim().min(1, 'must be a folder').optional(),
  // Only read to build the default CORS origins, as the front ends' ports.
  SHELL_PORT: z.string().optional(),
  SHOP_PORT: z.string().optional(),
  DASHBOARD_PORT: z.string().optional(),
  ADMIN_PORT: z.string().optional(),
  RELEASES_PORT: z.string().optional(),
});

/** Rules between variables, checked on the raw values so every problem is reported at once. */
function crossChecks(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.NODE_ENV === 'production') {
    if (env.FIREBASE_AUTH_EMULATOR_HOST) {
      // The emulator's tokens are unsigned: anyone could mint one.
      problems.push('FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production');
    }
    if (!env.JWT_SECRET) problems.push('JWT_SECRET: is required when NODE_ENV=production');
    if (!env.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: is required when NODE_ENV=production');
    if (!env.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: is required when NODE_ENV=production');
    // The override exists for the local sandbox only.
    if (env.STRIPE_API_URL) problems.push('STRIPE_API_URL: must not be set when NODE_ENV=production');
  }
  if (env.STRIPE_API_URL && /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY ?? '')) {
    problems.push('STRIPE_SECRET_KEY: a live key must never go to STRIPE_API_URL (the local sandbox takes test keys only)');
  }
  // Uploads.
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (!env.S3_BUCKET) {
    const strays = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'].filter((name) => env[name]);
    if (strays.length > 0) problems.push(`${strays.join(', ')}: only used with S3_BUCKET, which is unset`);
  }
  return problems;
}

/** Reads and checks the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO= in a .env file) counts as unset.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...crossChecks(present),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;

  // Uploads.
  const publicApiUrl = env.PUBLIC_API_URL ?? `http://localhost:${env.API_PORT}`;

  const frontEndPorts = [
    env.SHELL_PORT ?? defaultPorts.shell,
    env.SHOP_PORT ?? defaultPorts.shop,
    env.DASHBOARD_PORT ?? defaultPorts.dashboard,
    env.ADMIN_PORT ?? defaultPorts.admin,
  ];
  return {
    nodeEnv: env.NODE_ENV,
    port: env.API_PORT,
    instances: env.API_INSTANCES,
    roleCacheTtlMs: env.ROLE_CACHE_TTL_MS,
    host: env.HOST,
    mongodbUri: env.MONGODB_URI,
    mongodbDb: env.MONGODB_DB,
    mongodbTimeoutMs: env.MONGODB_TIMEOUT_MS,
    corsOrigins: env.CORS_ORIGINS ?? frontEndPorts.map((port) => `http://localhost:${port}`),
    firebaseProjectId: env.FIREBASE_PROJECT_ID,
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    authStandInSecret: env.AUTH_STAND_IN_SECRET,
    adminEmails: env.ADMIN_EMAILS ?? (env.FIREBASE_AUTH_EMULATOR_HOST ? [...DEMO_ADMIN_EMAILS] : []),
    jwtSecret: env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    jwtSecretGenerated: !env.JWT_SECRET,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFile: env.LOG_FILE,
    seedDemoData: env.SEED_DEMO_DATA,
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }
      : undefined,
    // Orders and their emails.
    orderHoldMinutes: env.ORDER_HOLD_MINUTES,
    returnWindowDays: env.RETURN_WINDOW_DAYS,
    shippingRates: loadShippingRates(env.SHIPPING_RATES),
    taxProvider: env.TAX_PROVIDER,
    orderHoldLimits: {
      maxUnpaidOrders: env.MAX_UNPAID_ORDERS,
      maxHeldUnitsPerPart: env.MAX_HELD_UNITS_PER_PART,
      heldSharePercent: env.ORDER_HOLD_SHARE_PERCENT,
      payNowHoldMinutes: env.PAY_NOW_HOLD_MINUTES,
    },
    helpfulVotes: {
      perAccountPerDay: env.HELPFUL_VOTES_PER_ACCOUNT,
      perAddressPerDay: env.HELPFUL_VOTES_PER_ADDRESS,
      newAccountDays: env.HELPFUL_NEW_ACCOUNT_DAYS,
      burstVotes: env.HELPFUL_BURST_VOTES,
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    shopUrl: env.SHOP_URL ?? `http://localhost:${env.SHELL_PORT ?? defaultPorts.shell}`,
    // Uploads.
    publicApiUrl,
    uploadStorage: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          publicUrl: env.S3_PUBLIC_URL ?? defaultBucketUrl(env.S3_BUCKET, env.S3_REGION, env.S3_ENDPOINT, env.S3_FORCE_PATH_STYLE),
        }
      : { kind: 'disk', dir: path.resolve(env.UPLOADS_DIR), baseUrl: publicApiUrl },
    uploadUnattachedHours: env.UPLOAD_UNATTACHED_HOURS,
    rateLimits: {
      windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
      signIn: env.RATE_LIMIT_SIGN_IN,
      reviews: env.RATE_LIMIT_REVIEWS,
      orders: env.RATE_LIMIT_ORDERS,
      paymentIntents: env.RATE_LIMIT_PAYMENT_INTENTS,
      uploads: env.RATE_LIMIT_UPLOADS,
      cart: env.RATE_LIMIT_CART,
      verificationEmails: env.RATE_LIMIT_VERIFICATION_EMAILS,
      verificationEmailsPerAddress: env.RATE_LIMIT_VERIFICATION_EMAILS_PER_ADDRESS,
      remoteReportsPerAddress: env.RELEASE_REPORTS_PER_ADDRESS,
      accountChanges: env.RATE_LIMIT_ACCOUNT_CHANGES,
      accountChangesPerAddress: env.RATE_LIMIT_ACCOUNT_CHANGES_PER_ADDRESS,
      identityChanges: env.RATE_LIMIT_IDENTITY_CHANGES,
      dataExports: env.RATE_LIMIT_DATA_EXPORTS,
      buildAdvicePerAddress: env.RATE_LIMIT_BUILD_ADVICE,
    },
    catalogCacheTtlMs: env.CATALOG_CACHE_TTL_MS,
    insightsCacheSeconds: env.INSIGHTS_CACHE_SECONDS,
    shellManifestUrl: env.SHELL_MANIFEST_URL ?? `http://localhost:${env.SHELL_PORT ?? defaultPorts.shell}/mf-manifest.json`,
    releaseManifestSources: [
      ...new Set([
        env.RELEASES_PUBLIC_URL ?? `http://localhost:${env.RELEASES_PORT ?? defaultPorts.releases}`,
        ...[
          env.MF_SHOP_MANIFEST_URL ?? `http://localhost:${env.SHOP_PORT ?? defaultPorts.shop}`,
          env.MF_DASHBOARD_MANIFEST_URL ?? `http://localhost:${env.DASHBOARD_PORT ?? defaultPorts.dashboard}`,
          env.MF_ADMIN_MANIFEST_URL ?? `http://localhost:${env.ADMIN_PORT ?? defaultPorts.admin}`,
        ].map((url) => new URL(url).origin),
        ...(env.RELEASE_MANIFEST_ORIGINS ?? []),
      ]),
    ],
    remoteLoadIds: {
      secret: env.REMOTE_LOAD_ID_SECRET ?? randomBytes(32).toString('base64url'),
      secretGenerated: !env.REMOTE_LOAD_ID_SECRET,
      ttlMs: env.REMOTE_LOAD_ID_TTL_MINUTES * 60_000,
    },
    releaseGuard: {
      verdictIntervalSeconds: env.RELEASE_VERDICT_INTERVAL_SECONDS,
      minAddresses: env.RELEASE_VERDICT_MIN_ADDRESSES,
      minCohorts: env.RELEASE_VERDICT_MIN_COHORTS,
      minVitalsSamples: env.RELEASE_VERDICT_MIN_VITALS,
      cohortsPerAddress: env.RELEASE_VERDICT_COHORTS_PER_ADDRESS,
      confidencePercent: env.RELEASE_VERDICT_CONFIDENCE_PERCENT,
      vitalsMarginPercent: env.RELEASE_VITALS_MARGIN_PERCENT,
      stageMinutes: env.RELEASE_STAGE_MINUTES,
      reportsPerCohort: env.RELEASE_REPORTS_PER_COHORT,
      vitalsSampleRate: env.RELEASE_VITALS_SAMPLE_PERCENT / 100,
    },
    releaseLoadSampleRate: env.RELEASE_LOAD_SAMPLE_PERCENT / 100,
    releaseRegistryFile: env.RELEASE_REGISTRY_FILE ?? null,
    releaseSourceMapsDir: env.RELEASE_SOURCE_MAPS_DIR ?? null,
  };
}

// Uploads.
/** Where a bucket's objects are read when S3_PUBLIC_URL is unset (a CDN in front is better). */
function defaultBucketUrl(bucket: string, region: string, endpoint: string | undefined, pathStyle: boolean): string {
  if (!endpoint) return `https://${bucket}.s3.${region}.amazonaws.com`;
  if (pathStyle) return `${endpoint}/${bucket}`;
  const { protocol, host, pathname } = new URL(endpoint);
  return `${protocol}//${bucket}.${host}${pathname}`.replace(/\/+$/, '');
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}
