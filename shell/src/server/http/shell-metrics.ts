// The shell's server's Prometheus metrics (GET /metrics; docs/operations.md): requests per route
// template, the render queue, the render cache, server renders that failed per remote version, and
// Node's process metrics. The figures are read from the queue, the cache and the pages' counts when
// Prometheus scrapes: nothing is added to a request's path but the request histogram.
import { Counter, Gauge } from 'prom-client';
import { pagePatternOf } from '@pcpp/contracts/core';
import { UNMATCHED_ROUTE, createServerMetrics, type ServerMetrics } from '@pcpp/contracts/server-observability';
import type { RenderCache } from './render-cache';
import type { RenderQueue } from './render-queue';

/** Paths the server answers itself, labelled as they are. */
const OWN_PATHS = new Set(['/config.json', '/sitemap.xml', '/robots.txt', '/metrics', '/index.html']);
const SITEMAP_PAGE = /^\/sitemap\/\d+\.xml$/;
const FILE = /\/[^/]+\.\w+$/;

/** The label of a request's path: a page's pattern (`/products/{id}`), one of the server's own files, `(file)` for the build's files. */
export function shellRouteOf(pathname: string): string {
  if (OWN_PATHS.has(pathname)) return pathname;
  if (SITEMAP_PAGE.test(pathname)) return '/sitemap/{page}.xml';
  const page = pagePatternOf(pathname);
  if (page) return page.replace(/:([A-Za-z_]\w*)/g, '{$1}');
  if (FILE.test(pathname)) return '(file)';
  return UNMATCHED_ROUTE;
}

export interface ShellMetrics extends ServerMetrics {
  /** A server render that failed (it threw, or its remote's server build would not load), by remote version. */
  renderFailed(remote: string, version: string, reason: 'render' | 'load'): void;
  /** Reads the queue, the cache and the pages' counts at each scrape. */
  watch(sources: { queue: RenderQueue; cache: RenderCache | null; stats: { queueFull: number; renders: number; joined: number } }): void;
}

export function createShellMetrics({ processMetrics = false }: { processMetrics?: boolean } = {}): ShellMetrics {
  const metrics = createServerMetrics({ processMetrics });
  const registers = [metrics.registry];
  const failures = new Counter({
    name: 'pcpp_server_render_failures_total',
    help: 'Server renders that failed, by remote, version and reason (render: it threw; load: its server build would not load); the page went out rendered in the browser',
    labelNames: ['remote', 'version', 'reason'] as const,
    registers,
  });
  return {
    ...metrics,
    renderFailed: (remote, version, reason) => failures.inc({ remote, version, reason }),
    watch({ queue, cache, stats }) {
      new Gauge({ name: 'pcpp_render_queue_running', help: 'Server renders running now', registers, collect() { this.set(queue.running); } });
      new Gauge({ name: 'pcpp_render_queue_waiting', help: 'Server renders waiting for their turn', registers, collect() { this.set(queue.waiting); } });
      new Counter({
        name: 'pcpp_render_queue_overflow_total',
        help: 'Pages sent to be rendered in the browser because the render queue was full',
        registers,
        collect() {
          this.reset();
          this.inc(stats.queueFull);
        },
      });
      new Counter({
        name: 'pcpp_renders_total',
        help: 'Server renders started, and requests that joined a render under way (single flight)',
        labelNames: ['kind'] as const,
        registers,
        collect() {
          this.reset();
          this.inc({ kind: 'started' }, stats.renders);
          this.inc({ kind: 'joined' }, stats.joined);
        },
      });
      if (!cache) return;
      new Counter({
        name: 'pcpp_page_cache_requests_total',
        help: 'Lookups in the render cache: hit (fresh), stale (served while one render refreshes it), miss, changed (its api answers changed)',
        labelNames: ['result'] as const,
        registers,
        collect() {
          this.reset();
          this.inc({ result: 'hit' }, cache.stats.hits);
          this.inc({ result: 'stale' }, cache.stats.stale);
          this.inc({ result: 'miss' }, cache.stats.misses);
          this.inc({ result: 'changed' }, cache.stats.changed);
        },
      });
      new Gauge({ name: 'pcpp_page_cache_bytes', help: 'What the render cache holds (its pages’ three encodings)', registers, collect() { this.set(cache.size); } });
    },
  };
}
