import { type Db, MongoClient } from 'mongodb';
import { DEFAULT_MONGODB_TIMEOUT_MS } from '../config';
import { type IdempotencyKeysCollections, ensureIdempotencyKeysIndexes, idempotencyKeysCollections } from '../http/idempotency-documents';
import { type AlertsCollections, alertsCollections, ensureAlertsIndexes } from '../modules/alerts/documents';
import { type ActivityCollections, activityCollections, ensureActivityIndexes } from '../modules/activity/documents';
import { type BuildsCollections, buildsCollections, ensureBuildsIndexes } from '../modules/builds/documents';
import { type CartCollections, cartCollections, ensureCartIndexes } from '../modules/cart/documents';
import { type InsightsCollections, ensureInsightsIndexes, insightsCollections } from '../modules/insights/documents';
import { type MailCollections, ensureMailIndexes, mailCollections } from '../modules/mail/documents';
import { type OrdersCollections, ensureOrdersIndexes, ordersCollections } from '../modules/orders/documents';
import { type PartReviewsCollections, ensurePartReviewsIndexes, partReviewsCollections } from '../modules/part-reviews/documents';
import { type PartsCollections, ensurePartsIndexes, partsCollections } from '../modules/parts/documents';
import { type PaymentsCollections, paymentsCollections } from '../modules/payments/documents';
import { type ReleasesCollections, ensureReleasesIndexes, releasesCollections } from '../modules/releases/documents';
import { type ReviewsCollections, ensureReviewsIndexes, reviewsCollections } from '../modules/reviews/documents';
import { type UploadsCollections, ensureUploadsIndexes, uploadsCollections } from '../modules/uploads/documents';
import { type UsersCollections, ensureUsersIndexes, usersCollections } from '../modules/users/documents';
import { type RateLimitsCollections, ensureRateLimitsIndexes, rateLimitsCollections } from '../rate-limit-documents';
import { failWritesOnDestroyedSockets } from './driver-fixes';

// Each module owns what it stores (its documents.ts: the documents' shapes, its collections and
// their indexes); this file puts them together and holds the connection. Read code maps documents
// field by field to the response shape: the embedded jongodb server ignores projections, so
// nothing relies on them. Every insert stores createdAt.

export type Collections = PartsCollections &
  PartReviewsCollections &
  BuildsCollections &
  ReviewsCollections &
  UsersCollections &
  OrdersCollections &
  MailCollections &
  IdempotencyKeysCollections &
  CartCollections &
  UploadsCollections &
  ActivityCollections &
  RateLimitsCollections &
  ReleasesCollections &
  PaymentsCollections &
  InsightsCollections &
  AlertsCollections;

export interface Database {
  client: MongoClient;
  db: Db;
  collections: Collections;
}

const PING_TIMEOUT_MS = 2_000;
const HEARTBEAT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 5_000;

export function collectionsOf(db: Db): Collections {
  return {
    ...partsCollections(db),
    ...partReviewsCollections(db),
    ...buildsCollections(db),
    ...reviewsCollections(db),
    ...usersCollections(db),
    ...ordersCollections(db),
    ...mailCollections(db),
    ...idempotencyKeysCollections(db),
    ...cartCollections(db),
    ...uploadsCollections(db),
    ...activityCollections(db),
    ...rateLimitsCollections(db),
    ...releasesCollections(db),
    ...paymentsCollections(db),
    ...insightsCollections(db),
    ...alertsCollections(db),
  };
}

/** timeoutMs: how long an operation waits to find a reachable server before it fails. */
export async function connectDatabase(uri: string, dbName: string, timeoutMs = DEFAULT_MONGODB_TIMEOUT_MS): Promise<Database> {
  failWritesOnDestroyedSockets();
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: timeoutMs,
    // The driver finds a server that is back at its next check (the default is every 10 s).
    heartbeatFrequencyMS: HEARTBEAT_MS,
    // A connection the network swallows fails after this instead of the default 30 s, so the
    // driver's next check (and the way back after an outage) is never held up that long.
    connectTimeoutMS: CONNECT_TIMEOUT_MS,
    appName: 'pcpp-api',
  });
  await client.connect();
  const db = client.db(dbName);
  return { client, db, collections: collectionsOf(db) };
}

/** Resolves when the server answers a ping within 2 s; /readyz uses it. */
export async function pingDatabase(database: Pick<Database, 'db'>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([database.db.command({ ping: 1 }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls `lost` when the server stops answering and `back` when it answers again (the driver
 * reconnects by itself: these only report it).
 */
export function watchReachability(database: Pick<Database, 'client'>, on: { lost(): void; back(): void }): void {
  database.client.on('serverDescriptionChanged', ({ previousDescription, newDescription }) => {
    const was = previousDescription.type !== 'Unknown';
    const is = newDescription.type !== 'Unknown';
    if (was && !is) on.lost();
    if (!was && is) on.back();
  });
}

export async function ensureIndexes({ collections }: Database): Promise<void> {
  await Promise.all([
    ensurePartsIndexes(collections),
    ensureBuildsIndexes(collections),
    ensureReviewsIndexes(collections),
    ensurePartReviewsIndexes(collections),
    ensureUsersIndexes(collections),
    ensureOrdersIndexes(collections),
    ensureMailIndexes(collections),
    ensureIdempotencyKeysIndexes(collections),
    ensureCartIndexes(collections),
    ensureUploadsIndexes(collections),
    ensureActivityIndexes(collections),
    ensureRateLimitsIndexes(collections),
    ensureReleasesIndexes(collections),
    ensureInsightsIndexes(collections),
    ensureAlertsIndexes(collections),
  ]);
}

export async function closeDatabase({ client }: Database): Promise<void> {
  await client.close();
}
