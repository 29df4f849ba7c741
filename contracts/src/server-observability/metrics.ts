// Prometheus metrics of the api and the shell's server (docs/operations.md): each server's own
// registry (prom-client), requests per route template and status class, Node's process metrics,
// and GET /metrics for the scraper only: with METRICS_TOKEN its bearer token, else loopback callers.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds: a catalog read from memory takes under 5 ms, a checkout may take a second or two. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route of a request no route took (a 404): one label value, never the raw URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

export interface ServerMetrics {
  registry: Registry;
  /** Counts one answered request: its method, the route template it matched, its status. */
  observe(method: string, route: string, status: number, seconds: number): void;
  /** Times `res` from now, and counts it when it is sent, under the route `routeOf` names then. */
  track(req: IncomingMessage, res: ServerResponse, routeOf: () => string): void;
}

/**
 * A registry of its own (a test may make several servers in one process): the request histogram
 * (its `_count` is the request count), and with `processMetrics` Node's own (event-loop lag, heap,
 * GC, handles), which a process collects once.
 */
export function createServerMetrics({ processMetrics = false }: { processMetrics?: boolean } = {}): ServerMetrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Requests answered, by method, route template and status class, and how long each took (seconds)',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const observe = (method: string, route: string, status: number, seconds: number) =>
    requests.observe({ method, route, status_class: statusClass(status) }, seconds);
  return {
    registry,
    observe,
    track(req, res, routeOf) {
      const started = process.hrtime.bigint();
      res.once('finish', () => observe(req.method ?? 'GET', routeOf(), res.statusCode, Number(process.hrtime.bigint() - started) / 1e9));
    },
  };
}

const LOOPBACK_V4 = /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** 127.0.0.0/8 and ::1 (as IPv4 or IPv4-mapped IPv6). */
export function isLoopback(address: string | undefined): boolean {
  return Boolean(address && (address === '::1' || LOOPBACK_V4.test(address)));
}

/** Why a scrape is refused (401 or 403), or null when it may read the metrics. */
export function metricsRefusal(req: IncomingMessage, token: string | undefined): { status: 401 | 403; message: string } | null {
  if (token) {
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const expected = Buffer.from(token);
    const actual = Buffer.from(given);
    if (actual.length === expected.length && timingSafeEqual(actual, expected)) return null;
    return { status: 401, message: 'The metrics need the bearer token of METRICS_TOKEN.' };
  }
  // A proxy on this machine would make every caller look local: a forwarded request is not.
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  if (!forwarded && isLoopback(req.socket.remoteAddress)) return null;
  return { status: 403, message: 'The metrics are answered only to this machine (set METRICS_TOKEN to scrape them from elsewhere).' };
}

/** Answers GET /metrics: the registry in Prometheus' text format, or the refusal as the api's JSON error shape. */
export async function answerMetrics(req: IncomingMessage, res: ServerResponse, registry: Registry, token: string | undefined): Promise<void> {
  const refusal = metricsRefusal(req, token);
  if (refusal) {
    res.writeHead(refusal.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(refusal.status === 401 ? { 'WWW-Authenticate': 'Bearer realm="metrics"' } : {}),
    });
    res.end(JSON.stringify({ message: refusal.message }));
    return;
  }
  const text = await registry.metrics();
  res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : text);
}
