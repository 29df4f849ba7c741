import type { Config } from './config';
import type { Logger } from './logger';
import type { Outbox } from './modules/mail/outbox';
import { forgetOldIdempotencyKeys } from './http/idempotency';
import type { Services } from './services';

/** How often the api runs its housekeeping. */
export const BACKGROUND_JOBS_INTERVAL_MS = 60_000;
/**
 * How often refunds left pending are settled: a refund pending STALE_REFUND_MS (20 s) is settled
 * at the next of these rounds, so within a minute of its claim.
 */
export const REFUND_RECONCILIATION_INTERVAL_MS = 15_000;

export interface BackgroundJobs {
  /** One round of every job now (tests; the timer calls it too). */
  runOnce(now?: Date): Promise<void>;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

/**
 * Every minute: cancel unpaid orders whose hold expired (ORDER_HOLD_MINUTES), finish what order
 * changes left when the api stopped in between (their stock moves, emails and Activity entries),
 * fire the stock and price alerts their parts now meet, retry emails that are due, drop
 * Idempotency-Keys past their 24 hours, and delete uploaded images no product took within
 * UPLOAD_UNATTACHED_HOURS. Every 15 seconds: settle refunds left pending with Stripe. Each job is
 * safe to run on several api instances at once (conditional updates), and a round never overlaps
 * the previous one.
 */
export function startBackgroundJobs(deps: {
  /** The app's (services.ts): the sweep's stock returns drop its catalog cache, its payments are cancelled first. */
  services: Pick<Services, 'repositories' | 'orders' | 'uploads' | 'alerts'>;
  outbox: Outbox;
  config: Pick<Config, 'uploadUnattachedHours'>;
  logger: Logger;
  intervalMs?: number;
  refundIntervalMs?: number;
}): BackgroundJobs {
  const { services, outbox, config, logger, intervalMs = BACKGROUND_JOBS_INTERVAL_MS, refundIntervalMs = REFUND_RECONCILIATION_INTERVAL_MS } = deps;
  const { idempotencyKeys } = services.repositories;
  const { orders } = services;
  const reconcileRefunds = async (now: Date) => {
    const settled = await orders.reconcileRefunds(now);
    if (settled.done + settled.failed > 0) logger.info(settled, 'settled refunds left pending');
  };
  const jobs: [string, (now: Date) => Promise<unknown>][] = [
    ['order hold sweep', async (now) => {
      const cancelled = await orders.sweepHolds(now, (lineId, error) =>
        logger.warn({ err: error, orderId: lineId.toHexString() }, 'an expired order keeps its hold until its payment can be cancelled'),
      );
      if (cancelled > 0) logger.info({ cancelled }, 'cancelled unpaid orders whose hold expired');
    }],
    ['order changes left unfinished', (now) => orders.settleLeftovers(now)],
    ['refund reconciliation', reconcileRefunds],
    // Alerts whose part came back in stock or got cheap, by whatever changed it (a cancelled order's units too).
    ['alerts sweep', () => services.alerts.sweep()],
    ['email outbox', (now) => outbox.deliverDue(now)],
    ['idempotency keys cleanup', (now) => forgetOldIdempotencyKeys(idempotencyKeys, now)],
    ['unattached uploads cleanup', (now) => services.uploads.cleanUnattached(config.uploadUnattachedHours * 3_600_000, now)],
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
  // Refunds pending at Stripe are settled more often than the rest: within a minute of their claim.
  let reconciling: Promise<void> | undefined;
  const refundTimer = setInterval(() => {
    if (reconciling) return;
    reconciling = reconcileRefunds(new Date())
      .catch((error: unknown) => logger.error({ err: error, job: 'refund reconciliation' }, 'background job failed'))
      .finally(() => (reconciling = undefined));
  }, refundIntervalMs);
  refundTimer.unref();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      clearInterval(refundTimer);
      await current;
      await reconciling;
    },
  };
}
