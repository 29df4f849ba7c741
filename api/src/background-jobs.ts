import type { Config } from './config';
import type { Collections } from './db/mongo';
import type { Logger } from './logger';
import type { Outbox } from './modules/mail/outbox';
import { createIdempotencyKeysRepository, forgetOldIdempotencyKeys } from './http/idempotency';
import { createOrdersRepository } from './modules/orders/repository';
import { cancelExpiredOrders } from './modules/orders/service';
import type { PaymentsService } from './modules/payments/service';
// Uploads.
import { createUploadsRepository } from './modules/uploads/repository';
import { createUploadsService } from './modules/uploads/service';
import { createUploadStorage, type UploadStorage } from './modules/uploads/storage';

/** How often the api runs its housekeeping. */
export const BACKGROUND_JOBS_INTERVAL_MS = 60_000;

export interface BackgroundJobs {
  /** One round of every job now (tests; the timer calls it too). */
  runOnce(now?: Date): Promise<void>;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/**
 * Every minute: cancel unpaid orders whose hold expired (ORDER_HOLD_MINUTES), retry emails that
 * are due, drop Idempotency-Keys past their 24 hours, and delete uploaded images no product took
 * within UPLOAD_UNATTACHED_HOURS. Each job is safe to run on several api
 * instances at once (conditional updates), and a round never overlaps the previous one.
 */
export function startBackgroundJobs(deps: {
  collections: Collections;
  outbox: Outbox;
  config: Pick<Config, 'orderHoldMinutes'> &
    // Uploads.
    Pick<Config, 'uploadStorage' | 'uploadUnattachedHours'>;
  logger: Logger;
  intervalMs?: number;
  // Uploads.
  /** Default: the one config.uploadStorage describes. */
  uploadStorage?: UploadStorage;
  /** Called after the hold sweep put stock back (the app's catalog cache drops its answers). */
  onCatalogChange?: () => void;
  /** Cancels an expired order's PaymentIntent before the order (app.ts createPayments). Absent: no payments. */
  payments?: Pick<PaymentsService, 'cancelPaymentOf'>;
}): BackgroundJobs {
  const { collections, outbox, config, logger, intervalMs = BACKGROUND_JOBS_INTERVAL_MS } = deps;
  // Uploads.
  const uploads = createUploadsService({
    uploads: createUploadsRepository(collections.uploads),
    storage: deps.uploadStorage ?? createUploadStorage(config.uploadStorage),
    logger,
  });
  const orders = createOrdersRepository(collections, { onCatalogChange: deps.onCatalogChange });
  const idempotencyKeys = createIdempotencyKeysRepository(collections.idempotencyKeys);
  const jobs: [string, (now: Date) => Promise<unknown>][] = [
    ['order hold sweep', async (now) => {
      const cancelled = await cancelExpiredOrders(orders, {
        holdMinutes: config.orderHoldMinutes,
        now,
        payments: deps.payments,
        onSkipped: (order, error) =>
          logger.warn({ err: error, orderId: order._id.toHexString() }, 'an expired order keeps its hold until its payment can be cancelled'),
      });
      if (cancelled > 0) logger.info({ cancelled }, 'cancelled unpaid orders whose hold expired');
    }],
    ['email outbox', (now) => outbox.deliverDue(now)],
    ['idempotency keys cleanup', (now) => forgetOldIdempotencyKeys(idempotencyKeys, now)],
    // Uploads.
    ['unattached uploads cleanup', (now) => uploads.cleanUnattached(config.uploadUnattachedHours * 3_600_000, now)],
  ];

  let current: Promise<void> | undefined;
  async function runOnce(now = new Date()): Promise<void> {
    for (const [name, job] of jobs) {
      // One job failing (the database briefly away) does not stop the others.
      await job(now).catch((error: unknown) => logger.error({ err: error, job: name }, 'background job failed'));
    }
  }
  const tick = () => {
    if (current) return;
    current = runOnce().finally(() => (current = undefined));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
