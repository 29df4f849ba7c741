import { apiNotices } from '@pcpp/contracts/core';
import type { Request, RequestHandler } from 'express';
import { type IncrementResponse, ipKeyGenerator, MemoryStore, type Options, rateLimit, type RateLimitInfo, type Store } from 'express-rate-limit';
import { type Collection, MongoServerError } from 'mongodb';
import { accessClaims, verifiedIdentity } from './auth/middleware';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from './config';
import type { RateLimitDocument } from './rate-limit-documents';

const DUPLICATE_KEY = 11000;
const MAX_ATTEMPTS = 5;

/**
 * Counts in the database, so every api instance on it shares one count. Each step is an
 * updateOne with a condition (atomic on MongoDB and on the embedded jongodb, whose
 * findOneAndUpdate is not: see db/update-if-matches.ts), or an insert the unique _id settles.
 */
export class MongoRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly collection: Collection<RateLimitDocument>,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<IncrementResponse | undefined> {
    const count = await this.collection.findOne({ _id: this.prefix + key });
    return count && count.resetAt > new Date() ? { totalHits: count.hits, resetTime: count.resetAt } : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const _id = this.prefix + key;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const now = new Date();
      // In the current window: count this call. The read may include calls counted since, which
      // errs on the side of refusing, never of letting one more through.
      const counted = await this.collection.updateOne({ _id, resetAt: { $gt: now } }, { $inc: { hits: 1 } });
      if (counted.modifiedCount === 1) {
        const count = await this.collection.findOne({ _id });
        if (count) return { totalHits: count.hits, resetTime: count.resetAt };
        continue;
      }
      // The window ended (or never began): open a new one, unless another call just did.
      const resetAt = new Date(now.getTime() + this.windowMs);
      const restarted = await this.collection.updateOne({ _id, resetAt: { $lte: now } }, { $set: { hits: 1, resetAt } });
      if (restarted.modifiedCount === 1) return { totalHits: 1, resetTime: resetAt };
      try {
        await this.collection.insertOne({ _id, hits: 1, resetAt });
        return { totalHits: 1, resetTime: resetAt };
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      }
    }
    throw new Error(`rate limit ${_id}: the count kept changing under ${MAX_ATTEMPTS} attempts`);
  }

  async decrement(key: string): Promise<void> {
    await this.collection.updateOne({ _id: this.prefix + key, hits: { $gt: 0 } }, { $inc: { hits: -1 } });
  }

  async resetKey(key: string): Promise<void> {
    await this.collection.deleteOne({ _id: this.prefix + key });
  }
}

export interface RateLimits {
  /** PUT /user/:email with an ID token, per client address: bad tokens count too. */
  signIn: RequestHandler;
  /** The rest per signed-in account: use after requireAccessToken. */
  reviews: RequestHandler;
  orders: RequestHandler;
  paymentIntents: RequestHandler;
  uploads: RequestHandler;
  cart: RequestHandler;
  /** POST /user/verification-email, per Firebase account (it takes an ID token): emails sent for one address. */
  verificationEmails: RequestHandler;
  /** POST /user/verification-email, per client address: fresh accounts asking one email each. */
  verificationEmailsByAddress: RequestHandler;
  /** POST /remotes/errors, /loads and /vitals together, per client address, counted in this process. */
  failureReports: RequestHandler;
  /** Changes of one's account (the address book, sign out everywhere), per account. */
  accountChanges: RequestHandler;
  /** Every account change (closing and email changes included, and the email recovery), per client address. */
  accountChangesByAddress: RequestHandler;
  /** Closing the account and email changes, per identity provider account (they take an ID token). */
  identityChanges: RequestHandler;
  /** GET /me/export, per account. */
  dataExports: RequestHandler;
  /** POST /builds/advise, per client address (public, and each call searches the catalog). */
  buildAdvice: RequestHandler;
}

/** The reports of remote versions are counted a minute at a time (per address here, per cohort in modules/releases). */
export const REMOTE_REPORT_WINDOW_MS = 60_000;
export const TOO_MANY_REPORTS = 'Too many reports of remote versions from this address: try again in a minute';

type LimitDoc = { per: 'client address' | 'account' | 'identity provider account'; calls: number; windowSeconds: number; variable?: string };
const configured = (name: Exclude<keyof RateLimitConfig, 'windowMs'>, per: LimitDoc['per'], variable: string): LimitDoc => ({
  per,
  calls: DEFAULT_RATE_LIMITS[name],
  windowSeconds: DEFAULT_RATE_LIMITS.windowMs / 1000,
  variable,
});

/** What each limit counts and how to change it (defaults): the OpenAPI document's `x-rate-limit` of each route. */
export const RATE_LIMIT_DOCS: Record<keyof RateLimits, LimitDoc> = {
  signIn: configured('signIn', 'client address', 'RATE_LIMIT_SIGN_IN'),
  reviews: configured('reviews', 'account', 'RATE_LIMIT_REVIEWS'),
  orders: configured('orders', 'account', 'RATE_LIMIT_ORDERS'),
  paymentIntents: configured('paymentIntents', 'account', 'RATE_LIMIT_PAYMENT_INTENTS'),
  uploads: configured('uploads', 'account', 'RATE_LIMIT_UPLOADS'),
  cart: configured('cart', 'account', 'RATE_LIMIT_CART'),
  verificationEmails: configured('verificationEmails', 'identity provider account', 'RATE_LIMIT_VERIFICATION_EMAILS'),
  verificationEmailsByAddress: configured('verificationEmailsPerAddress', 'client address', 'RATE_LIMIT_VERIFICATION_EMAILS_PER_ADDRESS'),
  accountChanges: configured('accountChanges', 'account', 'RATE_LIMIT_ACCOUNT_CHANGES'),
  accountChangesByAddress: configured('accountChangesPerAddress', 'client address', 'RATE_LIMIT_ACCOUNT_CHANGES_PER_ADDRESS'),
  identityChanges: configured('identityChanges', 'identity provider account', 'RATE_LIMIT_IDENTITY_CHANGES'),
  dataExports: configured('dataExports', 'account', 'RATE_LIMIT_DATA_EXPORTS'),
  failureReports: { per: 'client address', calls: DEFAULT_RATE_LIMITS.remoteReportsPerAddress, windowSeconds: REMOTE_REPORT_WINDOW_MS / 1000, variable: 'RELEASE_REPORTS_PER_ADDRESS' },
  buildAdvice: configured('buildAdvicePerAddress', 'client address', 'RATE_LIMIT_BUILD_ADVICE'),
};

const byAddress = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');
const byAccount = (req: Request) => accessClaims(req).email;
const byIdentity = (req: Request) => verifiedIdentity(req).uid;

/** 429 with Retry-After and a sentence saying how long to wait. */
export function createRateLimits(collection: Collection<RateLimitDocument>, config: RateLimitConfig): RateLimits {
  const limit = (name: string, calls: number, keyGenerator: (req: Request) => string): RequestHandler =>
    rateLimit({
      windowMs: config.windowMs,
      limit: calls,
      keyGenerator,
      store: new MongoRateLimitStore(collection, `${name}:`),
      // RateLimit and RateLimit-Policy; Retry-After on a 429.
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (req, res) => {
        const { resetTime: end } = (req as Request & { rateLimit: RateLimitInfo }).rateLimit;
        const resetTime = end?.getTime() ?? Date.now() + config.windowMs;
        const seconds = Math.max(1, Math.ceil((resetTime - Date.now()) / 1000));
        res.status(429).json({ message: apiNotices.tooManyRequests(seconds) });
      },
    });
  return {
    signIn: limit('sign-in', config.signIn, byAddress),
    reviews: limit('reviews', config.reviews, byAccount),
    orders: limit('orders', config.orders, byAccount),
    paymentIntents: limit('payment-intents', config.paymentIntents, byAccount),
    uploads: limit('uploads', config.uploads, byAccount),
    cart: limit('cart', config.cart, byAccount),
    verificationEmails: limit('verification-emails', config.verificationEmails, byIdentity),
    verificationEmailsByAddress: limit('verification-emails-address', config.verificationEmailsPerAddress, byAddress),
    accountChanges: limit('account-changes', config.accountChanges, byAccount),
    accountChangesByAddress: limit('account-changes-address', config.accountChangesPerAddress, byAddress),
    identityChanges: limit('identity-changes', config.identityChanges, byIdentity),
    dataExports: limit('data-exports', config.dataExports, byAccount),
    buildAdvice: limit('build-advice', config.buildAdvicePerAddress, byAddress),
    // A public write anyone can call (the shell's reports), counted in this process: a write per report
    // would cost more than the report, and the verdict does not rest on it (an address weighs as one cohort).
    failureReports: rateLimit({
      windowMs: REMOTE_REPORT_WINDOW_MS,
      limit: config.remoteReportsPerAddress,
      keyGenerator: byAddress,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, res) => {
        res.status(429).json({ message: TOO_MANY_REPORTS });
      },
    }),
  };
}

/** Reports of remote versions per cohort, counted a minute at a time in this process, as per address (modules/releases checks the limit). */
export function remoteReportsPerCohort(): { increment(key: string): Promise<IncrementResponse> } {
  const store = new MemoryStore();
  store.init({ windowMs: REMOTE_REPORT_WINDOW_MS } as Options);
  return store;
}
