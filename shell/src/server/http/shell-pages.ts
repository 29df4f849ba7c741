// The pages of the shell's server: each page's index.html with its hints (page-hints.ts), and for
// the public pages, the page itself rendered on the server (the shell's server build, through the
// live version of the remote that owns the path). When the render fails, runs past its budget, the
// render queue is full or the remote's server build will not load, the page goes out as the browser
// renders it, and a log line says why: a visitor never gets an error page from server rendering.
//
// A crowd: one render per page at a time (requests for a page being rendered wait for that render,
// single-flight), a bounded queue of renders, and the render cache (render-cache.ts) serving a page
// past its freshness while one render in the background refreshes it. Whole pages go out with an
// ETag, and public ones with a Cache-Control a CDN may keep (docs/cdn.md).
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { LRUCache } from 'lru-cache';
import {
  COHORT_COOKIE,
  chooseManifest,
  cohortIdSchema,
  isShellPagePath,
  pagePatternOf,
  routeOwnerOf,
  routeOwnership,
  withTimeout,
  type RouteOwnership,
} from '@pcpp/contracts/core';
import { currentTraceparent, inCurrentContext, startSpan, withSpan } from '@pcpp/contracts/server-observability';
import { isRemoteCodeFailure, type RemoteVersion, type RenderedPage, type ServerRenderer } from '../types';
import { encodingFor } from './compression';
import { clientDocument, entityTag, matchesTag, prepareDocument, serverDocument, type PreparedDocument } from './document';
import { createLiveRender, type LiveRender } from './live-render';
import { pageHints, readLiveRemotes, type GetJson, type RuntimeConfig } from './page-hints';
import type { RenderCache } from './render-cache';
import { createRenderQueue, type RenderQueue } from './render-queue';
import { contentSecurityPolicy } from './security-headers';
import { reachedOverTls, type PageRequest, type Pages } from './static-server';

/** The same reason is logged at most once in this long (a remote that keeps failing fills no disk). */
const LOG_EVERY_MS = 10_000;
/** The renderer gives up at its deadline; past it by this much, the page goes to the browser regardless. */
const BUDGET_GRACE_MS = 50;
/** As long as the shell keeps it (features/remotes/cohort.ts). */
const COHORT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Browser-rendered documents kept compressed (one per page and registry answer). */
const CLIENT_DOCUMENTS = 200;
/** A page's hints are written again at most this often while their inputs are the same objects (the manifest's answer may be newer). */
const HINTS_REUSE_MS = 1_000;

interface HintsMemo {
  at: number;
  config: RuntimeConfig;
  registry: unknown;
  startup: string[];
  hints: string;
  /** The render key of the page with these hints (when it is rendered on the server). */
  key: string;
}

/** Who may keep an answer: anyone (a CDN too), only the browser, or only the browser and per cohort cookie. */
type Sharing = 'public' | 'private' | 'cohort';

export interface PageCaching {
  /** s-maxage: how long a shared cache (a CDN) serves a public page as it is; 0: it keeps none. */
  sharedMaxAgeS: number;
  /** stale-while-revalidate: how long after that it may serve it while asking again. */
  staleWhileRevalidateS: number;
}

export interface ShellPagesOptions {
  /** The shell's index.html. */
  template: () => Promise<string>;
  config: () => RuntimeConfig;
  getJson: GetJson;
  /** The shell's first chunks (startup-scripts.json of its build). */
  startupScripts?: () => Promise<string[]>;
  /** The shell's server build; none: every page renders in the browser. */
  renderer?: ServerRenderer | null;
  /** How long a visitor waits for a render before getting the page the browser renders. */
  budgetMs?: number;
  /** How long late sections may stream in after the first HTML. */
  streamTimeoutMs?: number;
  cache?: RenderCache | null;
  /** How many renders run at once, and how many may wait for their turn. */
  queue?: RenderQueue;
  caching?: PageCaching;
  /** The shop's address for canonical and shared URLs, given the request's own origin (else that origin). */
  siteOrigin?: (requestOrigin: string) => string;
  imageOrigins?: string[];
  log?: (line: string) => void;
  now?: () => number;
  /** X-Forwarded-Proto comes from a TLS proxy of the deployment (TRUST_PROXY). */
  trustProxy?: boolean;
  /**
   * A render failed: the remote's code threw (`render`, reported to its rollout when the visitor has
   * a cohort) or its server build would not load (`load`). Budgets that ran out are not failures.
   */
  onRenderFailed?: (failure: RenderFailure) => void;
}

export interface RenderFailure {
  reason: 'render' | 'load';
  remote: RemoteVersion['name'];
  /** The registry's version (none when the runtime config's remotes stand in). */
  version?: string;
  /** The visitor's cohort, when the page depends on it (a rollout of its remote is under way). */
  cohort: string | null;
  clientAddress?: string;
  error: unknown;
}

/** What every request waiting for a render gets once its first HTML is ready. */
type FirstHtml = { kind: 'whole'; document: PreparedDocument } | { kind: 'stream'; live: LiveRender };

interface Flight {
  first: Promise<FirstHtml>;
}

/** What a render of one page needs, known before it starts. */
interface RenderJob {
  key: string;
  /** The page's pattern (`/products/:id`), for the spans. */
  route: string;
  version?: string;
  cohort: string | null;
  clientAddress?: string;
  pathname: string;
  search: string;
  origin: string;
  remote: RemoteVersion;
  template: string;
  hints: string;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** One fingerprint per manifest answer (the same object until it is read again). */
const fingerprints = new WeakMap<object, string>();
function fingerprintOf(manifest: object): string {
  let known = fingerprints.get(manifest);
  if (!known) {
    known = sha1(JSON.stringify(manifest));
    fingerprints.set(manifest, known);
  }
  return known;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The visitor's address: the first of X-Forwarded-For behind a proxy the deployment trusts, else the connection's. */
function clientAddressOf(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || req.socket.remoteAddress;
}

/** The Cache-Control of a public page: browsers ask again each time (with the ETag), a CDN keeps it a while. */
export function publicCacheControl({ sharedMaxAgeS, staleWhileRevalidateS }: PageCaching): string {
  if (sharedMaxAgeS <= 0) return 'no-cache';
  return `public, max-age=0, s-maxage=${sharedMaxAgeS}, stale-while-revalidate=${staleWhileRevalidateS}`;
}

/** Whether the server renders this page: a public page of a remote, unless the browser alone can (the cart). */
const serverRenders = (owner: RouteOwnership | null): owner is RouteOwnership => Boolean(owner && owner.access === 'public' && !owner.browserOnly);

export function createShellPages({
  template,
  config,
  getJson,
  startupScripts = async () => [],
  renderer = null,
  budgetMs = 300,
  streamTimeoutMs = 10_000,
  cache = null,
  queue = createRenderQueue({ concurrency: 2, maxWaiting: 16 }),
  caching = { sharedMaxAgeS: 60, staleWhileRevalidateS: 600 },
  siteOrigin,
  imageOrigins = [],
  log = console.warn,
  now = Date.now,
  trustProxy = false,
  onRenderFailed,
}: ShellPagesOptions): Pages & { warm(): Promise<boolean>; stats: typeof stats } {
  const stats = { renders: 0, joined: 0, cached: 0, stale: 0, refreshes: 0, queueFull: 0 };
  const lastLogged = new LRUCache<string, number>({ max: 1000 });
  const logOnce = (key: string, line: string) => {
    const at = lastLogged.get(key);
    if (at !== undefined && now() - at < LOG_EVERY_MS) return;
    lastLogged.set(key, now());
    log(line);
  };

  const flights = new Map<string, Flight>();
  const hintsMemo = new LRUCache<string, HintsMemo>({ max: 500 });
  const clientDocuments = new LRUCache<string, PreparedDocument>({ max: CLIENT_DOCUMENTS });
  const cacheControl = { public: publicCacheControl(caching), private: 'private, no-cache', cohort: 'private, no-cache' } as const;

  /** Turned away by a full queue since the last line said how many. */
  let turnedAway = 0;
  let reportTimer: ReturnType<typeof setTimeout> | undefined;
  function reportTurnedAway() {
    if (turnedAway === 0) return;
    const at = lastLogged.get('queue full');
    if (at !== undefined && now() - at < LOG_EVERY_MS) {
      reportTimer ??= setTimeout(() => {
        reportTimer = undefined;
        reportTurnedAway();
      }, LOG_EVERY_MS - (now() - at));
      reportTimer.unref?.();
      return;
    }
    lastLogged.set('queue full', now());
    log(`${turnedAway} page${turnedAway === 1 ? '' : 's'} rendered in the browser: the render queue was full (${queue.running} rendering, ${queue.waiting} waiting)`);
    turnedAway = 0;
  }

  function headersOf(sharing: Sharing, renderedBy: 'server' | 'browser', encoding: string | null): Record<string, string> {
    return {
      'Content-Type': 'text/html; charset=utf-8',
      // The cohort cookie chooses a rollout's version: then no cache may hand one browser's page to another.
      Vary: sharing === 'cohort' ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
      'Cache-Control': cacheControl[sharing],
      'X-Rendered': renderedBy,
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    };
  }

  /** A whole document: its ETag, 304 when the request has it, its inline scripts allowed by hash. */
  function sendDocument(req: IncomingMessage, res: ServerResponse, document: PreparedDocument, sharing: Sharing, renderedBy: 'server' | 'browser') {
    const encoding = encodingFor(req) ?? 'identity';
    if (document.scriptHashes.length > 0) {
      res.setHeader('Content-Security-Policy', contentSecurityPolicy(config(), { imageOrigins, scriptHashes: document.scriptHashes }));
    }
    const headers: Record<string, string> = { ...headersOf(sharing, renderedBy, encoding === 'identity' ? null : encoding), ETag: entityTag(document, encoding) };
    if (document.status === 200 && matchesTag(req.headers['if-none-match'], document)) {
      // The validators and the caching headers of the 200, without a body's.
      delete headers['Content-Encoding'];
      delete headers['Content-Type'];
      res.writeHead(304, headers).end();
      return;
    }
    const body = document.bodies[encoding];
    res.writeHead(document.status, { ...headers, 'Content-Length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function sendClientPage(req: IncomingMessage, res: ServerResponse, status: number, html: string, sharing: Sharing) {
    const key = sha1(`${status}\n${html}`);
    let document = clientDocuments.get(key);
    if (!document) {
      document = prepareDocument(status, html);
      clientDocuments.set(key, document);
    }
    sendDocument(req, res, document, sharing, 'browser');
  }

  /** Follows a render that streams late sections: what it sent so far, then each piece as it comes. */
  async function followLiveRender(req: IncomingMessage, res: ServerResponse, live: LiveRender, sharing: Sharing) {
    // React's scripts that reveal late sections carry the render's nonce, which this policy allows.
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(config(), { imageOrigins, scriptNonce: live.nonce }));
    const encoding = encodingFor(req);
    // Never shared: the nonce is this render's.
    res.writeHead(live.status, headersOf(sharing === 'cohort' ? 'cohort' : 'private', 'server', encoding));
    await live.follow(res, encoding ?? 'identity');
    if (!res.destroyed) await new Promise((resolve) => res.end(resolve));
  }

  /** Renders a page: the first HTML goes to everyone waiting (whole, or a live stream), then into the cache. */
  function render(job: RenderJob, settleFirst: (first: FirstHtml) => void) {
    return withSpan('render', { 'page.route': job.route, 'remote.name': job.remote.name, ...(job.version ? { 'remote.version': job.version } : {}) }, () =>
      renderNow(job, settleFirst),
    );
  }

  async function renderNow(job: RenderJob, settleFirst: (first: FirstHtml) => void) {
    if (!renderer) throw new Error('no server build');
    stats.renders += 1;
    const nonce = randomBytes(16).toString('base64');
    const page: RenderedPage = await withTimeout(
      renderer.render({ pathname: job.pathname, search: job.search, origin: job.origin, remote: job.remote, deadline: now() + budgetMs, streamTimeoutMs, nonce }),
      budgetMs + BUDGET_GRACE_MS,
      `the page was not rendered within the render budget (${budgetMs} ms)`,
    );
    const { start, end } = serverDocument(job.template, job.hints, page.head, page.body);
    const keep = (html: string): PreparedDocument => {
      const document = prepareDocument(page.status, html);
      const { complete, reads } = page.outcome();
      if (complete && cache?.enabled) cache.set(job.key, document, reads);
      return document;
    };
    if (page.allReady) {
      // Every section is in the first HTML: what follows is only the page's data.
      let whole = start;
      for await (const piece of page.tail) whole += piece;
      settleFirst({ kind: 'whole', document: keep(whole + end) });
      return;
    }
    // Sections still waiting for data stream in to every request waiting for this render.
    const live = createLiveRender(page.status, nonce);
    live.write(start);
    settleFirst({ kind: 'stream', live });
    try {
      for await (const piece of page.tail) live.write(piece);
    } finally {
      live.write(end);
      await live.end();
    }
    keep(live.text());
  }

  /** Starts the one render of `job.key` (queued); null when the queue is full. */
  function startFlight(job: RenderJob): Flight | null {
    let settleFirst!: (first: FirstHtml) => void;
    let fail!: (error: unknown) => void;
    const first = new Promise<FirstHtml>((resolve, reject) => {
      settleFirst = resolve;
      fail = reject;
    });
    // Everyone waiting may have given up by the time it fails.
    first.catch(() => undefined);
    const flight: Flight = { first };
    // The time the render waits for its turn; the render runs in the trace of the request that started it.
    const waiting = startSpan('render.queue', { 'page.route': job.route, 'render.queue.waiting': queue.waiting });
    const accepted = queue.offer(
      inCurrentContext(async () => {
        waiting.end();
        try {
          await render(job, settleFirst);
        } catch (error) {
          renderFailed(job, error);
          fail(error);
        } finally {
          if (flights.get(job.key) === flight) flights.delete(job.key);
        }
      }),
    );
    if (!accepted) {
      waiting.setAttribute('render.queue.full', true);
      waiting.end();
      return null;
    }
    flights.set(job.key, flight);
    return flight;
  }

  /** A render that failed for the remote's sake (not a budget that ran out) is counted, and reported to its rollout. */
  function renderFailed(job: RenderJob, error: unknown) {
    const reason = isRemoteCodeFailure(error) ? 'render' : /within the render budget/.test(message(error)) ? null : 'load';
    if (!reason) return;
    onRenderFailed?.({ reason, remote: job.remote.name, version: job.version, cohort: job.cohort, clientAddress: job.clientAddress, error });
  }

  /** A stale page was served: one render in the background brings it up to date (none if one runs, or the queue is full). */
  function refresh(job: RenderJob) {
    if (flights.has(job.key)) return;
    const flight = startFlight(job);
    if (!flight) return;
    stats.refreshes += 1;
    flight.first.catch((error: unknown) => logOnce(`${job.remote.manifestUrl} ${message(error)}`, `${job.pathname}${job.search}: not refreshed: ${message(error)}`));
  }

  /**
   * The browser's cohort (its cookie, which the shell mirrors from localStorage), or a new one sent
   * back in the cookie: the versions chosen for this page are the ones the browser then loads.
   */
  function cohortOf(req: IncomingMessage, res: ServerResponse): string {
    const cookie = req.headers.cookie ? parseCookies(req.headers.cookie)[COHORT_COOKIE] : undefined;
    if (cookie && cohortIdSchema.safeParse(cookie).success) return cookie;
    const id = randomBytes(16).toString('base64url');
    res.setHeader('Set-Cookie', serializeCookie(COHORT_COOKIE, id, { path: '/', maxAge: COHORT_COOKIE_MAX_AGE_SECONDS, sameSite: 'lax' }));
    return id;
  }

  /** The address the request came to (behind a TLS proxy the deployment trusts, as it says in X-Forwarded-Proto). */
  const requestOriginOf = (req: IncomingMessage) => `${reachedOverTls(req, trustProxy) ? 'https' : 'http'}://${req.headers.host}`;

  return {
    stats,
    /**
     * Loads the server builds of the live remotes that own public pages (the registry's, else the
     * runtime config's), so the first visitors are not slowed by it. True once all are loaded.
     */
    async warm() {
      if (!renderer) return true;
      const runtimeConfig = config();
      const registry = await readLiveRemotes(runtimeConfig, getJson);
      const remotes = [...new Set(routeOwnership.filter((route) => serverRenders(route)).map((route) => route.remote))];
      const loads = remotes.map(async (name) => {
        const { manifestUrl } = chooseManifest(registry, runtimeConfig, null)[name];
        const manifest = await getJson(manifestUrl);
        if (!manifest || typeof manifest !== 'object') return false;
        await renderer.warm({ name, manifestUrl, fingerprint: fingerprintOf(manifest) });
        return true;
      });
      return (await Promise.all(loads.map((load) => load.catch(() => false)))).every(Boolean);
    },

    async respond(req: IncomingMessage, res: ServerResponse, { pathname, search, unknownPage }: PageRequest) {
      // The page's trace, for its api calls from the browser to join (contracts' api client); none when tracing is off.
      const traceparent = currentTraceparent();
      if (traceparent) res.setHeader('Server-Timing', `traceparent;desc="${traceparent}"`);
      const runtimeConfig = config();
      const requestOrigin = requestOriginOf(req);
      const owner = isShellPagePath(pathname) ? null : routeOwnerOf(pathname);
      // A shell page's too: the page is given it (pageHints), so the browser need not read it.
      const registry = await readLiveRemotes(runtimeConfig, getJson);
      // Only a rollout of the page's own remote makes the page depend on the browser (its cohort).
      const rollout = Boolean(owner && registry?.rollouts?.[owner.remote]);
      const cohort = rollout ? cohortOf(req, res) : null;
      const sharing: Sharing = rollout ? 'cohort' : owner && owner.access !== 'public' ? 'private' : 'public';
      const choice = owner ? chooseManifest(registry, runtimeConfig, cohort)[owner.remote] : null;
      const manifest = renderer && serverRenders(owner) && choice ? await getJson(choice.manifestUrl) : null;
      // index.html asked for by name is the page as the browser renders it.
      const serverRendered = Boolean(manifest) && req.method === 'GET' && !pathname.endsWith('.html');
      const startup = await startupScripts();
      const origin = siteOrigin ? siteOrigin(requestOrigin) : requestOrigin;
      const memoKey = `${requestOrigin}\n${origin}\n${pathname}${search}\n${serverRendered}\n${choice?.manifestUrl ?? ''}`;
      let memo = hintsMemo.get(memoKey);
      if (!memo || memo.config !== runtimeConfig || memo.registry !== registry || memo.startup !== startup || now() - memo.at >= HINTS_REUSE_MS) {
        const hints = await pageHints({
          pathname,
          search,
          config: runtimeConfig,
          requestOrigin,
          startupScripts: startup,
          getJson,
          registry,
          serverRendered,
          cohort,
        });
        memo = { at: now(), config: runtimeConfig, registry, startup, hints, key: sha1(`${hints}\n${origin}\n${pathname}${search}`) };
        hintsMemo.set(memoKey, memo);
      }
      const { hints } = memo;
      const html = await template();
      const clientPage = () => sendClientPage(req, res, unknownPage ? 404 : 200, clientDocument(html, hints), sharing);
      if (!serverRendered || !choice || !owner || !manifest || typeof manifest !== 'object') {
        if (renderer && serverRenders(owner) && choice && !manifest) {
          logOnce(`manifest ${choice.manifestUrl}`, `${pathname}${search}: rendered in the browser: ${choice.manifestUrl} could not be read`);
        }
        clientPage();
        return;
      }

      const job: RenderJob = {
        key: memo.key,
        route: pagePatternOf(pathname) ?? owner.path,
        version: choice.version,
        cohort,
        clientAddress: clientAddressOf(req, trustProxy),
        pathname,
        search,
        origin,
        remote: { name: owner.remote, manifestUrl: choice.manifestUrl, fingerprint: fingerprintOf(manifest) },
        template: html,
        hints,
      };
      const found = cache?.enabled
        ? await withSpan('page.cache', { 'page.route': job.route }, async (span) => {
            const lookup = await cache.lookup(job.key);
            span.setAttribute('page.cache.result', lookup ? (lookup.fresh ? 'hit' : 'stale') : 'miss');
            return lookup;
          })
        : null;
      if (found) {
        stats[found.fresh ? 'cached' : 'stale'] += 1;
        if (!found.fresh) refresh(job);
        sendDocument(req, res, found.page.document, sharing, 'server');
        return;
      }

      let flight = flights.get(job.key);
      if (flight) stats.joined += 1;
      else {
        flight = startFlight(job) ?? undefined;
        if (!flight) {
          stats.queueFull += 1;
          turnedAway += 1;
          reportTurnedAway();
          clientPage();
          return;
        }
      }
      let first: FirstHtml;
      try {
        first = await withTimeout(flight.first, budgetMs + BUDGET_GRACE_MS, `the page was not rendered within the render budget (${budgetMs} ms)`);
      } catch (error) {
        const why = message(error);
        logOnce(`${job.remote.manifestUrl} ${why}`, `${pathname}${search}: rendered in the browser: ${why}`);
        clientPage();
        return;
      }
      if (first.kind === 'whole') sendDocument(req, res, first.document, sharing, 'server');
      else await followLiveRender(req, res, first.live, sharing);
    },
  };
}
