// The api's Prometheus metrics (GET /metrics; docs/operations.md): requests per route template,
// what waits in the database (the outbox, refunds, alerts), what the release guard does, and Node's
// process metrics. Counters that modules bump live here, once per process; what is read from the
// database is read when Prometheus scrapes, never on a request's path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { answerMetrics, createServerMetrics, type ServerMetrics } from '@pcpp/contracts/server-observability';
import type { Collections } from './db/mongo';

/** Every counter of the process: the app's registry is merged with it at each scrape. */
const processRegistry = new Registry();
let processMetricsOn = false;

export const remoteReportsCounter = new Counter({
  name: 'pcpp_remote_reports_total',
  help: 'Reports of remote versions (POST /remotes/errors, /loads, /vitals), by remote, version, kind and outcome (accepted or refused)',
  labelNames: ['remote', 'version', 'kind', 'outcome'] as const,
  registers: [processRegistry],
});

export const verdictTicksCounter = new Counter({
  name: 'pcpp_rollout_verdict_ticks_total',
  help: 'Verdicts this process judged of rollouts under way, by remote and state (healthy, regression, insufficient)',
  labelNames: ['remote', 'state'] as const,
  registers: [processRegistry],
});

export const rollbacksCounter = new Counter({
  name: 'pcpp_rollout_rollbacks_total',
  help: 'Rollouts ended by a rollback, by remote and by whom (automatic: the verdict; admin: Abort or Roll back)',
  labelNames: ['remote', 'by'] as const,
  registers: [processRegistry],
});

export const outboxFailuresCounter = new Counter({
  name: 'pcpp_outbox_send_failures_total',
  help: 'Email sends that failed (each is retried later, until its last attempt)',
  registers: [processRegistry],
});

export const catalogCacheCounter = new Counter({
  name: 'pcpp_catalog_cache_requests_total',
  help: 'Public catalog reads by where the answer came from: hit (kept answer), miss (read from the database), fast_path (answered before Express)',
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

/** Node's own metrics (event-loop lag, heap, GC), once per process (server.ts). */
export function enableProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
}

/** How long a scrape waits for the database's counts before answering without them. */
const DATABASE_READ_TIMEOUT_MS = 1_000;

export interface ApiMetrics extends ServerMetrics {
  /** GET /metrics: loopback callers, or the METRICS_TOKEN bearer. */
  answer(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

type WaitingCollections = Pick<Collections, 'outbox' | 'refunds' | 'alerts'>;
/** What waits that another module owns: the orders count their own refunds pending at Stripe. */
interface WaitingElsewhere {
  orderRefundsPending: (maxTimeMS: number) => Promise<number>;
}

export function createApiMetrics({ collections, waiting, token }: { collections?: WaitingCollections; waiting?: WaitingElsewhere; token?: string }): ApiMetrics {
  const metrics = createServerMetrics();
  const { registry } = metrics;
  if (collections && waiting) registerWaitingGauges(registry, collections, waiting);
  return {
    ...metrics,
    answer: (req, res) => answerMetrics(req, res, Registry.merge([registry, processRegistry]), token),
  };
}

function registerWaitingGauges(registry: Registry, { outbox, refunds, alerts }: WaitingCollections, { orderRefundsPending }: WaitingElsewhere): void {
  const outboxWaiting = new Gauge({ name: 'pcpp_outbox_waiting', help: 'Emails waiting to be sent (new, being sent, or to be retried)', registers: [registry] });
  const outboxOldest = new Gauge({ name: 'pcpp_outbox_oldest_waiting_age_seconds', help: 'Age of the oldest email waiting to be sent (0: none waits)', registers: [registry] });
  const outboxFailed = new Gauge({ name: 'pcpp_outbox_failed', help: 'Emails given up on after their last attempt', registers: [registry] });
  const refundsPending = new Gauge({ name: 'pcpp_refunds_pending', help: 'Refunds asked of Stripe and not yet done (payments given back, and refunds of an order’s units)', registers: [registry] });
  const alertsWaiting = new Gauge({ name: 'pcpp_alerts_waiting', help: 'Customers’ stock and price alerts waiting to fire', registers: [registry] });
  // One read of the database for the five, at the first of them to be collected in a scrape.
  let reading: Promise<void> | null = null;
  const read = () =>
    (reading ??= (async () => {
      const waiting = { status: { $in: ['pending', 'sending'] as ('pending' | 'sending')[] } };
      const [count, oldest, failed, paymentRefunds, orderRefunds, active] = await Promise.all([
        outbox.countDocuments(waiting, { maxTimeMS: DATABASE_READ_TIMEOUT_MS }),
        outbox.find(waiting, { sort: { createdAt: 1 }, limit: 1, maxTimeMS: DATABASE_READ_TIMEOUT_MS }).toArray(),
        outbox.countDocuments({ status: 'failed' }, { maxTimeMS: DATABASE_READ_TIMEOUT_MS }),
        refunds.countDocuments({ status: 'pending' }, { maxTimeMS: DATABASE_READ_TIMEOUT_MS }),
        orderRefundsPending(DATABASE_READ_TIMEOUT_MS),
        alerts.countDocuments({ status: 'active' }, { maxTimeMS: DATABASE_READ_TIMEOUT_MS }),
      ]);
      outboxWaiting.set(count);
      outboxOldest.set(oldest[0] ? Math.max(0, (Date.now() - oldest[0].createdAt.getTime()) / 1000) : 0);
      outboxFailed.set(failed);
      refundsPending.set(paymentRefunds + orderRefunds);
      alertsWaiting.set(active);
    })()
      // The database unreachable: the scrape still answers, with the values read last.
      .catch(() => undefined)
      .finally(() => setTimeout(() => (reading = null), 0)));
  for (const gauge of [outboxWaiting, outboxOldest, outboxFailed, refundsPending, alertsWaiting]) {
    (gauge as unknown as { collect: () => Promise<void> }).collect = read;
  }
}
