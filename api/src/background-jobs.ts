import type { Config } from './config';
import type { Collections } from './db/mongo';
import type { Logger } from './logger';
import type { Outbox } from './modules/mail/outbox';
import { createIdempotencyKeysRepository, createOrdersRepository } from './modules/orders/repository';
import { cancelExpiredOrders, forgetOldIdempotencyKeys } from './modules/orders/service';

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
 * are due, and drop Idempotency-Keys past their 24 hours. Each job is safe to run on several api
 * instances at once (conditional updates), and a round never overlaps the previous one.
 */
export function startBackgroundJobs(deps: {
  collections: Collections;
  outbox: Outbox;
  config: Pick<Config, 'orderHoldMinutes'>;
  logger: Logger;
  intervalMs?: number;
}): BackgroundJobs {
  const { collections, outbox, config, logger, intervalMs = BACKGROUND_JOBS_INTERVAL_MS } = deps;
  const orders = createOrdersRepository(collections);
  const idempotencyKeys = createIdempotencyKeysRepository(collections.idempotencyKeys);
  const jobs: [string, (now: Date) => Promise<unknown>][] = [
    ['order hold sweep', async (now) => {
      const cancelled = await cancelExpiredOrders(orders, { holdMinutes: config.orderHoldMinutes, now });
      if (cancelled > 0) logger.info({ cancelled }, 'cancelled unpaid orders whose hold expired');
    }],
    ['email outbox', (now) => outbox.deliverDue(now)],
    ['idempotency keys cleanup', (now) => forgetOldIdempotencyKeys(idempotencyKeys, now)],
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
