import type { RemoteName } from '@pcpp/contracts/core';
import type { ActivityEntry, BuildSlot, Order, OrderPaymentState, OrderProgress, OrderRefund, OrderStatusChange, Profile, Review, Part, ReturnStatus, SavedAddress, ShippingOption, User } from '@pcpp/contracts/core';
import { type Collection, type Db, MongoClient, type ObjectId } from 'mongodb';
import { DEFAULT_MONGODB_TIMEOUT_MS } from '../config';
import { failWritesOnDestroyedSockets } from './driver-fixes';

// Stored shapes (the driver adds _id: reads return WithId<...>). Every insert stores createdAt.
// Read code maps documents field by field to the response shape: the embedded jongodb server
// ignores projections, so nothing relies on them.
/** version: absent until an admin first edits the part (read as 0); each edit adds 1. */
export type PartDocument = Omit<Part, '_id' | 'createdAt' | 'version'> & { version?: number; createdAt: Date } & Partial<PartSearchFields>;
/**
 * Stored beside a part, derived from its name, description, category and specs
 * (modules/parts/search-index.ts): its facet keys and the words the catalog's search finds it by.
 * Absent on a part stored before them until the start-up reindex adds them.
 */
export interface PartSearchFields {
  facets: string[];
  search: { v: number; terms: string[]; deletes: string[]; subs: string[]; description: string[] };
}
/**
 * authorId and authorEmail: the account that posted it (the users _id and email; never sent to the
 * public); absent on seeded reviews. hidden: set by an admin; a hidden review is never served to
 * the public. Absent means shown.
 */
export type ReviewDocument = Omit<Review, '_id' | 'byAdmin'> & {
  authorId?: ObjectId;
  authorEmail?: string;
  hidden?: boolean;
  createdAt: Date;
};
/** email is stored lowercase; the profile fields arrive with the first profile update. */
export type UserDocument = Omit<User, '_id'> & Omit<Profile, 'email'> & { createdAt: Date };

/**
 * An order keeps its own copy of the part's name and unit price (integer cents) from when it was
 * placed. number: reserved in order_numbers (orders stored before numbers existed get one at start).
 * holdExpiresAt: when the sweep cancels it if still unpaid (absent on orders stored before
 * it existed: then createdAt + ORDER_HOLD_MINUTES). paymentIntentId: the Stripe PaymentIntent made
 * for it, cancelled before the order is (never sent to clients).
 */
export type OrderDocument = Omit<Order, '_id' | 'productId' | 'createdAt' | 'statusHistory' | 'holdExpiresAt' | 'refunds' | 'checkoutId'> & {
  productId: ObjectId;
  /** The checkout that placed it with other lines (absent for the spec's single orders). */
  checkoutId?: ObjectId;
  statusHistory: (Omit<OrderStatusChange, 'at'> & { at: Date })[];
  createdAt: Date;
  holdExpiresAt?: Date;
  paymentIntentId?: string;
  refunds?: (Omit<OrderRefund, 'at'> & { at: Date })[];
} & LineCounters;

/**
 * What happened to an order line's units (modules/fulfilment/units.ts has the rules). All optional:
 * absent is 0, as on lines stored before shipments, refunds and returns existed.
 */
export interface LineCounters {
  shippedQuantity?: number;
  deliveredQuantity?: number;
  refundedQuantity?: number;
  refundedUnshippedQuantity?: number;
  returnedQuantity?: number;
  returningQuantity?: number;
  restockedQuantity?: number;
  refundedAmount?: number;
  /** Goes up with every change of the counters: each change is written over the version it read. */
  unitsVersion?: number;
  /** The last time units of this line were delivered (the return window starts there). */
  lastDeliveredAt?: Date;
}


/**
 * A payment being given back, one per PaymentIntent (_id): inserting it claims the refund, so of
 * several deliveries of one payment exactly one refunds it, records it and emails the customer.
 */
export interface RefundDocument {
  _id: string;
  /** The order its metadata names (hex), when there is one. */
  orderId: string | null;
  status: 'pending' | 'done';
  claimedAt: Date;
  refundId?: string;
  amount?: number;
}

/**
 * An email waiting to be sent, or sent. Written before sending, so a failed send is retried
 * (modules/mail/outbox.ts). status: pending → sending → sent, or back to pending with a later
 * nextAttemptAt, or failed after the last attempt.
 */
export interface OutboxDocument {
  to: string;
  subject: string;
  text: string;
  html: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  /** While status is sending: after this the send counts as lost (the api stopped) and is retried. */
  lockedUntil?: Date;
  lastError?: string;
  sentAt?: Date;
  createdAt: Date;
}

/**
 * An Idempotency-Key a customer sent with POST /order: the first request's body (as a hash) and,
 * once it has one, its answer, which a retry with the same key gets again.
 */
export interface IdempotencyKeyDocument {
  email: string;
  key: string;
  requestHash: string;
  response?: { status: number; body: unknown };
  createdAt: Date;
}

/**
 * One checkout: several lines placed at once, each stored as an order carrying this _id, under one
 * order number; paid by one PaymentIntent (modules/checkout). totalAmount: the lines' sum when placed.
 */
export interface CheckoutDocument {
  email: string;
  number: string;
  orderIds: ObjectId[];
  totalAmount: number;
  /** Absent for a single order's checkout (the spec's POST /order has a one-line address). */
  address?: SavedAddress;
  /** The shipping method chosen, its price and delivery estimate (absent before shipping was charged, and on single orders). */
  delivery?: ShippingOption;
  paid: boolean;
  transactionId?: string;
  /** The PaymentIntent made for it last (the card form's). */
  paymentIntentId?: string;
  createdAt: Date;
  /**
   * The order's state and summary, derived from its lines after each change
   * (modules/fulfilment/order-state.ts); All Orders and My Orders list and filter by it.
   */
  state?: StoredOrderState;
  /** Set when the shop cancelled the whole order. */
  cancellation?: { at: Date; by: string; reason: string };
  /** The invoice's number, once issued (invoice_numbers reserves each once). */
  invoiceNumber?: string;
}

export interface StoredOrderState {
  status: OrderProgress;
  payment: OrderPaymentState;
  returnUnderWay: boolean;
  /** Every line was deleted by the customer before it was paid: gone from My Orders (the spec's delete). */
  deletedByCustomer: boolean;
  /** The customer's name as the order has it. */
  name: string;
  /** While a line waits for payment: when its held parts go back on sale. */
  holdExpiresAt?: Date;
  /** The parts in short, and the lines' names in lower case (the admin's search). */
  parts: string;
  partNames: string[];
  lineCount: number;
  units: number;
  total: number;
  refunded: number;
}

/** A parcel the shop sent: which units of which lines, with the carrier's tracking number. */
export interface ShipmentDocument {
  orderNumber: string;
  checkoutId: ObjectId;
  carrier: string;
  trackingNumber: string;
  lines: { lineId: ObjectId; quantity: number }[];
  shippedAt: Date;
  by: string;
  deliveredAt?: Date;
}

/**
 * Money the shop gave back for units of an order (an admin's refund, a cancellation, a received
 * return). pending while Stripe is asked; done with Stripe's refunds (one per payment it touched);
 * failed when Stripe refused (the units were released again).
 */
export interface LineRefundDocument {
  orderNumber: string;
  checkoutId: ObjectId;
  lines: { lineId: ObjectId; quantity: number; amount: number; unshipped: number }[];
  amount: number;
  reason: string;
  restock: boolean;
  by: string;
  at: Date;
  status: 'pending' | 'done' | 'failed';
  stripeRefunds: { paymentIntentId: string; refundId: string; amount: number }[];
  /** The return it paid for, if any. */
  returnId?: ObjectId;
}

/** A customer's request to send parts back: requested → approved or rejected; approved → received (refunded). */
export interface ReturnDocument {
  orderNumber: string;
  checkoutId: ObjectId;
  email: string;
  status: ReturnStatus;
  lines: { lineId: ObjectId; quantity: number; productName: string }[];
  reason: string;
  note?: string;
  requestedAt: Date;
  decidedAt?: Date;
  decidedBy?: string;
  receivedAt?: Date;
  refundedAmount?: number;
}

/** Invoice numbers, each given once, in sequence (_id), one per order. */
export interface InvoiceNumberDocument {
  _id: number;
  orderNumber: string;
  issuedAt: Date;
}

/**
 * A customer's cart (modules/cart): part ids and quantities only, priced when read. version goes
 * up with every write (a merge writes over the version it read); mergedKeys: the visitor carts
 * already merged into it (their Idempotency-Keys), the most recent last.
 */
export interface CartDocument {
  email: string;
  lines: { productId: ObjectId; quantity: number }[];
  mergedKeys: string[];
  version: number;
  updatedAt: Date;
}

// Uploads.
/**
 * An image an admin uploaded (POST /uploads): the webp and its thumbnail in the upload storage.
 * attachedAt is set when a product is created with its url; one never attached is deleted after
 * UPLOAD_UNATTACHED_HOURS.
 */
export interface UploadDocument {
  key: string;
  thumbKey: string;
  url: string;
  /** Email of the admin. */
  uploadedBy: string;
  createdAt: Date;
  attachedAt?: Date;
}
/** A rate limit's count for one key (`<limit>:<address or account>`) in its current window. */
export interface RateLimitDocument {
  _id: string;
  hits: number;
  /** When the window ends; the TTL index deletes the document then. */
  resetAt: Date;
}
/** One published version of a remote (modules/releases); never changed once stored. */
export interface ReleaseDocument {
  remote: RemoteName;
  version: string;
  manifestUrl: string;
  /** Package → the version the remote was built against, from its mf-manifest.json. */
  shared: Record<string, string>;
  publishedAt: Date;
  /** Email of the admin (or the release script's account). */
  publishedBy: string;
}
/** Which version of a remote is live; history holds the earlier live versions, most recent last. */
export interface LiveRemoteDocument {
  remote: RemoteName;
  live: string;
  history: string[];
  updatedAt: Date;
  /** A candidate served to the cohorts below `percent` (modules/releases); none when nothing rolls out. */
  rollout?: RolloutDocument | null;
  /** How the last rollout ended, for the Releases page. */
  lastRollout?: RolloutOutcomeDocument | null;
}
export interface RolloutDocument {
  /** Random: the counts of this rollout are kept under it (a version rolled out again starts from zero). */
  id: string;
  version: string;
  percent: number;
  startedAt: Date;
  startedBy: string;
}
export interface RolloutOutcomeDocument {
  version: string;
  percent: number;
  outcome: 'completed' | 'aborted' | 'rolledBack';
  reason: string;
  at: Date;
  by: string;
  loads: number;
  failures: number;
}
/** Loads and failures of one side of a rollout (`<rollout id>:candidate` or `:live`). */
export interface RolloutCountDocument {
  _id: string;
  loads: number;
  failures: number;
}
/** A successful load a page reported (POST /remotes/loads): counted once per load and version. */
export interface RemoteLoadDocument {
  remote: RemoteName;
  version: string;
  loadId: string;
  at: Date;
}
/** A remote version the shell could not load (POST /remotes/errors). */
export interface RemoteFailureDocument {
  remote: RemoteName;
  /** Null only in reports kept from before reports named their version. */
  version: string | null;
  manifestUrl: string;
  message: string;
  at: Date;
  /** The page load's id (the nonce of the load id GET /remotes signed): one report per load and version. */
  loadId?: string;
}
/** One admin action, for the Activity page (modules/activity); whether its subject still exists is read when listed. */
export type ActivityDocument = Omit<ActivityEntry, '_id' | 'at' | 'subject'> & {
  subject?: Omit<NonNullable<ActivityEntry['subject']>, 'exists'>;
  at: Date;
};
/** A reserved order number (its _id): reserved once, so no two checkouts share one. */
export interface OrderNumberDocument {
  _id: string;
  createdAt: Date;
}

/**
 * A saved build (modules/builds): the slots' part ids and the CPU from the reference list. Its
 * owner is the account's users _id (the access token's subject) and email.
 */
export interface BuildDocument {
  ownerId: string;
  ownerEmail: string;
  name: string;
  cpu: string | null;
  parts: Partial<Record<BuildSlot, ObjectId>>;
  createdAt: Date;
  updatedAt: Date;
}
/** How many builds an account keeps (_id: the owner's id), counted with conditional updates. */
export interface BuildQuotaDocument {
  _id: string;
  count: number;
  /** Last changed: a count still for a while can be checked against the builds (builds/repository.ts). */
  at?: Date;
}

export interface Collections {
  parts: Collection<PartDocument>;
  builds: Collection<BuildDocument>;
  buildQuotas: Collection<BuildQuotaDocument>;
  reviews: Collection<ReviewDocument>;
  users: Collection<UserDocument>;
  orders: Collection<OrderDocument>;
  orderNumbers: Collection<OrderNumberDocument>;
  outbox: Collection<OutboxDocument>;
  idempotencyKeys: Collection<IdempotencyKeyDocument>;
  carts: Collection<CartDocument>;
  checkouts: Collection<CheckoutDocument>;
  // Uploads.
  uploads: Collection<UploadDocument>;
  activity: Collection<ActivityDocument>;
  rateLimits: Collection<RateLimitDocument>;
  releases: Collection<ReleaseDocument>;
  liveRemotes: Collection<LiveRemoteDocument>;
  remoteFailures: Collection<RemoteFailureDocument>;
  remoteLoads: Collection<RemoteLoadDocument>;
  rolloutCounts: Collection<RolloutCountDocument>;
  refunds: Collection<RefundDocument>;
  shipments: Collection<ShipmentDocument>;
  lineRefunds: Collection<LineRefundDocument>;
  returns: Collection<ReturnDocument>;
  invoiceNumbers: Collection<InvoiceNumberDocument>;
}

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
    parts: db.collection<PartDocument>('tools'),
    builds: db.collection<BuildDocument>('builds'),
    buildQuotas: db.collection<BuildQuotaDocument>('build_quotas'),
    reviews: db.collection<ReviewDocument>('reviews'),
    users: db.collection<UserDocument>('users'),
    orders: db.collection<OrderDocument>('orders'),
    orderNumbers: db.collection<OrderNumberDocument>('order_numbers'),
    outbox: db.collection<OutboxDocument>('outbox'),
    idempotencyKeys: db.collection<IdempotencyKeyDocument>('idempotency_keys'),
    carts: db.collection<CartDocument>('carts'),
    checkouts: db.collection<CheckoutDocument>('checkouts'),
    // Uploads.
    uploads: db.collection<UploadDocument>('uploads'),
    activity: db.collection<ActivityDocument>('activity'),
    rateLimits: db.collection<RateLimitDocument>('rate_limits'),
    releases: db.collection<ReleaseDocument>('releases'),
    liveRemotes: db.collection<LiveRemoteDocument>('live_remotes'),
    remoteFailures: db.collection<RemoteFailureDocument>('remote_failures'),
    remoteLoads: db.collection<RemoteLoadDocument>('remote_loads'),
    rolloutCounts: db.collection<RolloutCountDocument>('rollout_counts'),
    refunds: db.collection<RefundDocument>('refunds'),
    shipments: db.collection<ShipmentDocument>('order_shipments'),
    lineRefunds: db.collection<LineRefundDocument>('order_refunds'),
    returns: db.collection<ReturnDocument>('order_returns'),
    invoiceNumbers: db.collection<InvoiceNumberDocument>('invoice_numbers'),
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
    collections.users.createIndex({ email: 1 }, { unique: true, name: 'email_unique' }),
    // Lists are served oldest first.
    collections.parts.createIndex({ createdAt: 1 }, { name: 'createdAt' }),
    // The catalog: a category newest first; facets and the search's words (multikey, see parts/search-index.ts).
    collections.parts.createIndex({ category: 1, createdAt: -1 }, { name: 'category_createdAt' }),
    collections.parts.createIndex({ facets: 1 }, { name: 'facets' }),
    collections.parts.createIndex({ 'search.terms': 1 }, { name: 'search_terms' }),
    collections.parts.createIndex({ 'search.deletes': 1 }, { name: 'search_deletes' }),
    collections.parts.createIndex({ 'search.subs': 1 }, { name: 'search_subs' }),
    collections.parts.createIndex({ 'search.description': 1 }, { name: 'search_description' }),
    collections.parts.createIndex({ 'search.v': 1 }, { name: 'search_v' }),
    // Saved builds: an owner's newest first (My Builds), and how many each account keeps.
    collections.builds.createIndex({ ownerId: 1, updatedAt: -1 }, { name: 'ownerId_updatedAt' }),
    // Reviews oldest first (the plain list) or newest first (the home page's six, the admin's table).
    collections.reviews.createIndex({ createdAt: 1, _id: 1 }, { name: 'createdAt_id' }),
    // My Orders (newest first) and the hold sweep (unpaid orders by age).
    collections.orders.createIndex({ email: 1, createdAt: -1 }, { name: 'email_createdAt' }),
    collections.orders.createIndex({ status: 1, createdAt: 1 }, { name: 'status_createdAt' }),
    // The hold sweep and each customer's unpaid orders (the hold caps).
    collections.orders.createIndex({ status: 1, holdExpiresAt: 1 }, { name: 'status_holdExpiresAt' }),
    collections.orders.createIndex({ email: 1, status: 1 }, { name: 'email_status' }),
    // The admin console: accounts and all orders newest first (by status through the index above),
    // and the activity log newest first.
    collections.users.createIndex({ createdAt: -1 }, { name: 'createdAt' }),
    collections.orders.createIndex({ createdAt: -1 }, { name: 'createdAt' }),
    // An order found by its number (several orders of one checkout may share it: not unique).
    collections.orders.createIndex({ number: 1 }, { name: 'number' }),
    collections.activity.createIndex({ at: -1 }, { name: 'at' }),
    // The outbox worker picks due messages; one key per customer, and the cleanup by age.
    collections.outbox.createIndex({ status: 1, nextAttemptAt: 1 }, { name: 'status_nextAttemptAt' }),
    collections.idempotencyKeys.createIndex({ email: 1, key: 1 }, { unique: true, name: 'email_key_unique' }),
    collections.idempotencyKeys.createIndex({ createdAt: 1 }, { name: 'createdAt' }),
    // One cart per account; a checkout's orders together; checkout numbers reserved once.
    collections.orders.createIndex({ checkoutId: 1 }, { name: 'checkoutId', sparse: true }),
    collections.checkouts.createIndex({ number: 1 }, { unique: true, name: 'number_unique' }),
    collections.carts.createIndex({ email: 1 }, { unique: true, name: 'email_unique' }),
    // Orders as wholes: a customer's newest first, everyone's by state, and an order's shipments, refunds and returns.
    collections.checkouts.createIndex({ email: 1, createdAt: -1 }, { name: 'email_createdAt' }),
    collections.checkouts.createIndex({ createdAt: -1 }, { name: 'createdAt' }),
    collections.checkouts.createIndex({ 'state.status': 1, createdAt: -1 }, { name: 'state_status_createdAt' }),
    collections.shipments.createIndex({ orderNumber: 1 }, { name: 'orderNumber' }),
    collections.lineRefunds.createIndex({ orderNumber: 1 }, { name: 'orderNumber' }),
    collections.returns.createIndex({ orderNumber: 1 }, { name: 'orderNumber' }),
    collections.returns.createIndex({ status: 1, requestedAt: -1 }, { name: 'status_requestedAt' }),
    collections.invoiceNumbers.createIndex({ orderNumber: 1 }, { unique: true, name: 'orderNumber_unique' }),
    // Uploads: attach finds one by its url; the cleanup picks old ones.
    collections.uploads.createIndex({ url: 1 }, { unique: true, name: 'url_unique' }),
    collections.uploads.createIndex({ createdAt: 1 }, { name: 'createdAt' }),
    // Rate limit counts go when their window ends.
    collections.rateLimits.createIndex({ resetAt: 1 }, { name: 'resetAt_ttl', expireAfterSeconds: 0 }),
    // Releases: a version is published once; one live entry per remote; recent failures first.
    collections.releases.createIndex({ remote: 1, version: 1 }, { unique: true, name: 'remote_version_unique' }),
    collections.liveRemotes.createIndex({ remote: 1 }, { unique: true, name: 'remote_unique' }),
    collections.remoteFailures.createIndex({ at: -1 }, { name: 'at' }),
    // A page load's failure of one version counts once (reports kept from before load ids have none).
    collections.remoteFailures.createIndex(
      { loadId: 1, remote: 1, version: 1 },
      { unique: true, name: 'loadId_remote_version_unique', partialFilterExpression: { loadId: { $type: 'string' } } },
    ),
    // A page load's success with one version counts once; the reports go after a day (the counts stay).
    collections.remoteLoads.createIndex({ loadId: 1, remote: 1, version: 1 }, { unique: true, name: 'loadId_remote_version_unique' }),
    collections.remoteLoads.createIndex({ at: 1 }, { name: 'at_ttl', expireAfterSeconds: 24 * 60 * 60 }),
  ]);
}

export async function closeDatabase({ client }: Database): Promise<void> {
  await client.close();
}
