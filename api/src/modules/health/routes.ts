import { healthAnswerSchema } from '@pcpp/contracts/core';
import { type Database, pingDatabase } from '../../db/mongo';
import { DATABASE_UNREACHABLE, ServiceUnavailableError } from '../../errors';
import { routeDeclarer, type RouteModule } from '../../http/route-spec';

export interface HealthRouteDeps {
  database: Pick<Database, 'db'>;
  shuttingDown: () => boolean;
}

const route = routeDeclarer<HealthRouteDeps>();

export const healthRoutes: RouteModule<HealthRouteDeps> = {
  name: 'health',
  routes: [
    // Liveness: the process answers. Never touches the database, so a database outage does not
    // get the api restarted.
    route({
      method: 'get',
      path: '/healthz',
      operationId: 'liveness',
      tag: 'Health',
      summary: 'Liveness: the process answers',
      access: 'public',
      answers: { 200: { description: 'The api runs.', schema: healthAnswerSchema, example: { status: 'ok' } } },
      handle: () => () => ({ status: 'ok' }),
    }),
    // Readiness: worth sending traffic to.
    route({
      method: 'get',
      path: '/readyz',
      operationId: 'readiness',
      tag: 'Health',
      summary: 'Readiness: the database answers and the api is not stopping',
      access: 'public',
      answers: {
        200: { description: 'Ready for traffic.', schema: healthAnswerSchema, example: { status: 'ready' } },
        503: { description: 'The api is stopping, or the database is unreachable.' },
      },
      handle:
        ({ database, shuttingDown }) =>
        async () => {
          // A load balancer stops sending new traffic while in-flight requests finish.
          if (shuttingDown()) throw new ServiceUnavailableError('The api is shutting down');
          try {
            await pingDatabase(database);
          } catch (error) {
            throw new ServiceUnavailableError(DATABASE_UNREACHABLE, { cause: error });
          }
          return { status: 'ready' };
        },
    }),
  ],
};
