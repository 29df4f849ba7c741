import { Router } from 'express';
import { type Database, pingDatabase } from '../../db/mongo';
import { DATABASE_UNREACHABLE, ServiceUnavailableError } from '../../errors';

export function healthRoutes(deps: { database: Pick<Database, 'db'>; shuttingDown: () => boolean }): Router {
  const router = Router();
  // Liveness: the process answers. Never touches the database, so a database outage
  // does not get the api restarted.
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Readiness: worth sending traffic to.
  router.get('/readyz', async (_req, res) => {
    // A load balancer stops sending new traffic while in-flight requests finish.
    if (deps.shuttingDown()) throw new ServiceUnavailableError('The api is shutting down');
    try {
      await pingDatabase(deps.database);
    } catch (error) {
      throw new ServiceUnavailableError(DATABASE_UNREACHABLE, { cause: error });
    }
    res.json({ status: 'ready' });
  });
  return router;
}
