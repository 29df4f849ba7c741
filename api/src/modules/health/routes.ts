import { z } from 'zod';
import { healthAnswerSchema } from '@pcpp/contracts/core';
import { type Database, pingDatabase } from '../../db/mongo';
import { DATABASE_UNREACHABLE, ServiceUnavailableError } from '../../errors';
import { routeDeclarer, type RouteModule, SENT } from '../../http/route-spec';
import type { ApiMetrics } from '../../metrics';

export interface HealthRouteDeps {
  database: Pick<Database, 'db'>;
  shuttingDown: () => boolean;
  metrics: Pick<ApiMetrics, 'answer'>;
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
    // For Prometheus (docs/operations.md): the scraper only.
    route({
      method: 'get',
      path: '/metrics',
      operationId: 'metrics',
      tag: 'Health',
      summary: 'The api’s metrics, in Prometheus’ text format',
      description:
        'Requests per route template and status class with their durations, what waits in the database (the outbox, refunds, alerts), the release guard’s verdicts, rollbacks and reports, the catalog cache, and Node’s process metrics. With METRICS_TOKEN set, only with `Authorization: Bearer <METRICS_TOKEN>`; unset, only to callers on this machine (loopback, not forwarded by a proxy). Never cached.',
      access: 'public',
      answers: {
        200: { description: 'The metrics (text/plain; version=0.0.4).', contentType: 'text/plain; version=0.0.4; charset=utf-8', schema: z.string() },
        401: { description: 'METRICS_TOKEN is set and the request does not carry it.' },
        403: { description: 'METRICS_TOKEN is unset and the caller is not on this machine.' },
      },
      handle:
        ({ metrics }) =>
        async (_input, req, res) => {
          await metrics.answer(req, res);
          return SENT;
        },
    }),
  ],
};
