// First: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch http, express and the driver before they load.
import { telemetry } from './telemetry';
import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { startBackgroundJobs } from './background-jobs';
import { startRolloutVerdicts } from './modules/releases/verdict-timer';
import { createAccessTokens } from './auth/access-token';
import { createCatalogCache } from './catalog-cache';
import { createCatalogFastPath, type CatalogFastPath } from './catalog-fast-path';
import { createFirebaseIdentity } from './auth/firebase';
import { type Config, ConfigError, loadConfig } from './config';
import { closeDatabase, connectDatabase, ensureIndexes, watchReachability } from './db/mongo';
import { restoreRegistryFile } from './modules/releases/registry-file';
import { seedDemoData } from './db/seed';
import { createLogger, type Logger } from './logger';
import { createApiMetrics, enableProcessMetrics } from './metrics';
import { createOutbox } from './modules/mail/outbox';
import { createMailTransport } from './modules/mail/transport';
import { createServices } from './services';

export interface RunningServer {
  url: string;
  port: number;
  config: Config;
  logger: Logger;
  /**
   * /readyz turns 503 at once; stops accepting, closes idle connections, ends the others after
   * their current answer, lets in-flight requests finish (10 s at most), then closes everything.
   */
  stop(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;
/** The catalog fast path's answers skip pino-http: a count of them is logged this often instead. */
const FAST_PATH_LOG_INTERVAL_MS = 60_000;

/** config -> database -> seed -> demo accounts -> listen. Undoes what it did if a step fails. */
export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel, config.logFile);
  // The services' (whose writers drop it) and the catalog fast path's, which answers from it.
  const catalogCache = createCatalogCache({ ttlMs: config.catalogCacheTtlMs });
  // Each step pushes its undo; stop() (or a failed start) runs them newest first.
  const undo: (() => Promise<void>)[] = [];
  const unwind = async () => {
    for (const step of undo.reverse()) {
      await step().catch((error: unknown) => logger.error({ err: error }, 'shutdown step failed'));
    }
  };

  let shuttingDown = false;
  let drainConnections = () => {};

  // Last to stop: the spans of the shutdown itself are sent too.
  const tracing = telemetry;
  if (tracing) undo.push(() => tracing.shutdown());
  try {
    const database = await connectDatabase(config.mongodbUri, config.mongodbDb, config.mongodbTimeoutMs);
    undo.push(() => closeDatabase(database));
    await ensureIndexes(database);
    if (config.releaseRegistryFile) {
      const restored = await restoreRegistryFile(database.collections, config.releaseRegistryFile);
      if (restored > 0) logger.info(`restored ${restored} released versions and what is live from ${config.releaseRegistryFile}`);
    }
    watchReachability(database, {
      lost: () => logger.error('the database is unreachable: data requests answer 503 until it is back'),
      back: () => {
        logger.info('the database is reachable again');
        // It may be a new, empty server (the embedded one restarted): indexes, and the demo catalog.
        void (async () => {
          await ensureIndexes(database);
          if (config.releaseRegistryFile) await restoreRegistryFile(database.collections, config.releaseRegistryFile);
          if (config.seedDemoData) await seedDemoData(database.collections);
          catalogCache.invalidate();
        })().catch((error: unknown) => logger.error({ err: error }, 'preparing the database again failed'));
      },
    });
    const identity = createFirebaseIdentity(config);
    undo.push(() => identity.close());
    // Emails: sends still running when the api stops finish before the database closes.
    const outbox = createOutbox({
      collection: database.collections.outbox,
      transport: createMailTransport(config.smtpUrl),
      from: config.mailFrom,
      logger,
    });
    undo.push(() => outbox.idle());
    if (!config.smtpUrl) logger.warn('SMTP_URL is unset: order emails wait in the outbox collection, unsent');
    const accessTokens = createAccessTokens(config.jwtSecret);
    // Built once: the app, the background jobs and the steps below share them.
    const services = createServices({
      config,
      logger,
      database,
      identity,
      outbox,
      accessTokens,
      roleCacheTtlMs: config.roleCacheTtlMs,
      catalogCache,
    });

    // Orders stored before they were whole become one document each; transactions are used where the database isolates them.
    const prepared = await services.orders.prepare();
    if (prepared.migrated > 0) logger.info({ orders: prepared.migrated }, 'made orders stored before they were whole into one document each');
    logger.info(prepared.transactions ? 'orders: multi-document changes run in transactions' : 'orders: no trusted transactions here: order changes keep their invariants without them');
    if (config.seedDemoData) {
      const seeded = await seedDemoData(database.collections);
      if (seeded.parts || seeded.reviews) logger.info(seeded, 'seeded the demo catalog');
    }
    // Parts stored before the catalog's search words and facet keys existed (or an older version of them).
    const reindexed = await services.repositories.parts.reindex();
    if (reindexed > 0) logger.info({ parts: reindexed }, 'indexed parts for the catalog search');

    if (identity.usesEmulator) {
      logger.warn({ host: config.authEmulatorHost }, 'using the Firebase Auth emulator (development only)');
      const accounts = await identity.ensureDemoAccounts();
      logger.info(
        {
          accounts: accounts.map(({ email, password }) =>
            `${email} / ${password}${config.adminEmails.includes(email) ? ' (admin)' : ''}`,
          ),
        },
        'demo accounts',
      );
    }
    if (config.jwtSecretGenerated) {
      logger.warn('JWT_SECRET is unset: access tokens use a random secret and end when the api restarts');
    }

    enableProcessMetrics();
    const metrics = createApiMetrics({ collections: database.collections, waiting: { orderRefundsPending: services.orders.pendingRefundCount }, token: config.metricsToken });
    const app = createApp({ config, logger, database, identity, accessTokens, services, shuttingDown: () => shuttingDown, metrics });
    const fastPath = createCatalogFastPath(catalogCache, { corsOrigins: config.corsOrigins, app, trustProxy: config.trustProxy, metrics });
    const server = createServer(fastPath.listener).listen(config.port, config.host);
    drainConnections = endKeepAliveOnShutdown(server, () => shuttingDown);
    await once(server, 'listening');
    // Undone after the server closed: the last count includes the answers given while draining.
    const fastPathLog = setInterval(() => logFastPathCounts(fastPath, logger), FAST_PATH_LOG_INTERVAL_MS).unref();
    undo.push(async () => {
      clearInterval(fastPathLog);
      logFastPathCounts(fastPath, logger);
    });
    undo.push(() => closeServer(server, logger));
    // The order hold sweep, email retries and the Idempotency-Key cleanup, every minute.
    const jobs = startBackgroundJobs({ services, outbox, config, logger });
    undo.push(() => jobs.stop());
    // Alert fan-outs an edit started finish (their emails are in the outbox) before it waits for sends.
    undo.push(() => services.alerts.idle());
    // The guarded rollouts' verdicts and stages, every RELEASE_VERDICT_INTERVAL_SECONDS.
    const verdicts = startRolloutVerdicts({ releases: services.releases, intervalSeconds: config.releaseGuard.verdictIntervalSeconds, logger });
    undo.push(() => verdicts.stop());
    const { port } = server.address() as AddressInfo;
    const url = `http://localhost:${port}`;
    logger.info({ url, db: config.mongodbDb }, `api listening on ${url}`);

    let stopping: Promise<void> | undefined;
    const stop = () => {
      // Synchronously, before any undo step: from now on no answer keeps its connection open.
      shuttingDown = true;
      drainConnections();
      return unwind();
    };
    return { url, port, config, logger, stop: () => (stopping ??= stop()) };
  } catch (error) {
    await unwind();
    throw error;
  }
}

/**
 * Keep-alive clients would otherwise keep sending on their open connections through the whole
 * grace period. Once shutting down, every answer not yet sent carries `Connection: close` (Node
 * then ends the connection after it) and idle connections are closed. Returns what to run at the
 * start of the shutdown.
 */
function endKeepAliveOnShutdown(server: Server, shuttingDown: () => boolean): () => void {
  const unanswered = new Set<ServerResponse>();
  // Prepended: express may answer synchronously, before a listener added after it would run.
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (shuttingDown()) {
      res.setHeader('Connection', 'close');
      return;
    }
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });
  return () => {
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
    unanswered.clear();
    server.closeIdleConnections();
  };
}

function logFastPathCounts(fastPath: CatalogFastPath, logger: Logger): void {
  const counts = fastPath.takeCounts();
  if (counts.ok || counts.notModified) logger.info(counts, 'catalog reads answered from the cache before Express');
}

async function closeServer(server: Server, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => {
    logger.warn('requests still running after 10 s: closing their connections');
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  await closed;
  clearTimeout(timer);
}

/** Stops on SIGTERM or SIGINT (once), then exits 0, or 1 when the stop fails. */
function exitOnSignal(logger: Logger, stop: () => Promise<boolean>): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stop().then(
      (clean) => process.exit(clean ? 0 : 1),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/**
 * API_INSTANCES > 1: this process forks that many api processes sharing the port (node:cluster
 * hands out connections round-robin, as a load balancer would). They start one after another,
 * so the demo accounts are created once; only the first seeds the catalog. A signal is passed on to
 * each, which stops as a single api does; one that stops on its own stops the others (exit 1 if one failed).
 */
function runInstances(config: Config, env: NodeJS.ProcessEnv): void {
  const logger = createLogger(config.logLevel, config.logFile);
  // Every instance must accept the tokens (and the remotes' load ids) the others sign.
  const workerEnv = { ...env, JWT_SECRET: config.jwtSecret, REMOTE_LOAD_ID_SECRET: config.remoteLoadIds.secret };
  if (config.jwtSecretGenerated) {
    logger.warn('JWT_SECRET is unset: access tokens use a random secret and end when the api restarts');
  }
  const workers: Worker[] = [];
  let stopping = false;
  let failed = false;
  const exits: Promise<void>[] = [];

  const stopAll = async (): Promise<boolean> => {
    stopping = true;
    for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGTERM');
    await Promise.all(exits);
    return !failed;
  };

  const forkNext = () => {
    if (stopping || workers.length === config.instances) return;
    // Only the first seeds, at start and when an emptied database comes back: no race to fill it twice.
    const worker = cluster.fork(workers.length === 0 ? workerEnv : { ...workerEnv, SEED_DEMO_DATA: 'false' });
    workers.push(worker);
    exits.push(
      new Promise((resolve) =>
        worker.once('exit', (code, signal) => {
          if (code !== 0) failed = true;
          if (!stopping) {
            logger.error({ instance: worker.id, code, signal }, 'an api instance stopped: stopping the others');
            void stopAll().then((clean) => process.exit(clean ? 0 : 1));
          }
          resolve();
        }),
      ),
    );
    worker.once('listening', () => {
      if (workers.length === config.instances) {
        logger.info({ instances: config.instances, port: config.port }, `all ${config.instances} api instances listening`);
      }
      forkNext();
    });
  };
  forkNext();
  exitOnSignal(logger, stopAll);
}

async function main(): Promise<void> {
  if (cluster.isPrimary) {
    let config: Config;
    try {
      config = loadConfig(process.env);
    } catch (error) {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    }
    if (config.instances > 1) {
      runInstances(config, process.env);
      return;
    }
  }
  let running: RunningServer;
  try {
    running = await startServer();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  exitOnSignal(running.logger, () => running.stop().then(() => true));
}

if (require.main === module) void main();
