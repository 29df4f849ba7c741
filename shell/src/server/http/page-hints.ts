// What the shell's server writes into index.html for one page, so the page's code and data download
// at once instead of one after another (HTML → main.js → config → registry → manifest → remote → data):
// the runtime config and the release registry's answer themselves (inline), preconnects, and preloads
// for the shell's first chunks, the live manifest, entry and first chunks of the remote that owns the
// path, and the api reads (unless the page comes server-rendered, its data inline) and pictures the
// page starts with.
// Everything comes from the runtime config and what its addresses answer; the build names no remote.
import escapeHtml from 'escape-html';
import { LRUCache } from 'lru-cache';
import {
  REMOTE_ROUTES_MODULE,
  chooseManifest,
  isShellPagePath,
  liveRemotesSchema,
  pagePreloads,
  routeOwnerOf,
  type LiveRemotes,
  type RemoteName,
} from '@pcpp/contracts/core';
import { jsonForScript } from '@pcpp/contracts/seo';

const FETCH_TIMEOUT_MS = 300;
const CACHE_MS = 3_000;
// A failure is asked again soon: a restarted remote (or api) is seen within this.
const FAILURE_CACHE_MS = 500;
// A read that timed out or found no server keeps the last answer for this long after it was read, so
// one slow read on a busy machine does not turn the next pages into client-rendered ones.
const STALE_IF_ERROR_MS = 30_000;
/** Addresses remembered: the registry, each remote version's manifest. */
const MAX_ADDRESSES = 100;

/**
 * What of the runtime config (service-config.cjs) the hints read; all of it is inlined.
 */
export interface RuntimeConfig {
  apiUrl: string;
  remoteRegistryUrl?: string;
  remotes: Record<RemoteName, string>;
  [key: string]: unknown;
}

export type GetJson = ((url: string) => Promise<unknown>) & { settled?: () => Promise<unknown> };

interface JsonEntry {
  value: unknown;
  expires: number;
  readAt: number;
}

/**
 * GETs JSON with a short timeout, remembering answers (and failures, as null) for a few seconds. Only
 * the first read of an address waits: later, an outdated answer is given at once while a new one is
 * asked in the background, so a slow or unreachable api (the release registry) never holds a page.
 * A read that times out or reaches no server keeps the last answer (up to `staleIfErrorMs` after it
 * was read) and is asked again soon; an answer that is not OK (a 404) is the failure, at once.
 * `settled()` resolves once the background reads have (for tests).
 */
export function createJsonCache({
  timeoutMs = FETCH_TIMEOUT_MS,
  cacheMs = CACHE_MS,
  failureCacheMs = FAILURE_CACHE_MS,
  staleIfErrorMs = STALE_IF_ERROR_MS,
  now = Date.now,
} = {}): GetJson & { settled: () => Promise<unknown> } {
  const entries = new LRUCache<string, JsonEntry>({ max: MAX_ADDRESSES });
  /** One read per address at a time. */
  const refreshing = new Map<string, Promise<unknown>>();

  async function read(url: string): Promise<unknown> {
    let value: unknown = null;
    let unreached = false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (response.ok) value = await response.json();
    } catch {
      // No hints beat a slow page: the page finds everything itself, as it would without them.
      unreached = true;
    }
    const earlier = entries.get(url);
    if (unreached && earlier && earlier.value !== null && now() - earlier.readAt <= staleIfErrorMs) {
      earlier.expires = now() + failureCacheMs;
      return earlier.value;
    }
    entries.set(url, { value, expires: now() + (value === null ? failureCacheMs : cacheMs), readAt: now() });
    return value;
  }

  function refresh(url: string): Promise<unknown> {
    let reading = refreshing.get(url);
    if (!reading) {
      reading = read(url).finally(() => refreshing.delete(url));
      refreshing.set(url, reading);
    }
    return reading;
  }

  async function getJson(url: string): Promise<unknown> {
    const hit = entries.get(url);
    if (!hit) return refresh(url);
    if (hit.expires <= now()) void refresh(url);
    return hit.value;
  }
  getJson.settled = () => Promise.all(refreshing.values());
  return getJson;
}

/**
 * The release registry's answer (`GET /remotes`), or null when it cannot be read in time or is not
 * the registry's shape: the runtime config's remotes are used then.
 */
export async function readLiveRemotes(config: Pick<RuntimeConfig, 'remoteRegistryUrl'>, getJson: GetJson): Promise<LiveRemotes | null> {
  if (!config.remoteRegistryUrl) return null;
  const answer = await getJson(config.remoteRegistryUrl);
  // The same answer object until it is read again: checked once.
  if (answer !== null && typeof answer === 'object') {
    const known = checkedRegistries.get(answer);
    if (known !== undefined) return known;
  }
  const parsed = liveRemotesSchema.safeParse(answer);
  const registry = parsed.success ? parsed.data : null;
  if (answer !== null && typeof answer === 'object') checkedRegistries.set(answer, registry);
  return registry;
}
const checkedRegistries = new WeakMap<object, LiveRemotes | null>();

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string }; publicPath?: string };
  exposes?: { name: string; assets?: { js?: { sync?: string[] } } }[];
}

/** Script files of the remote's entry and of its routes module, from its mf-manifest.json. */
function remoteScripts(manifestUrl: string, manifest: unknown, routesModule: string): string[] {
  const base = new URL('.', manifestUrl);
  const meta = (manifest as Manifest | null)?.metaData;
  if (!meta?.remoteEntry?.name) return [];
  const publicPath = meta.publicPath && meta.publicPath !== 'auto' ? new URL(meta.publicPath, base) : base;
  const entry = new URL(`${meta.remoteEntry.path ? `${meta.remoteEntry.path}/` : ''}${meta.remoteEntry.name}`, publicPath);
  const routes = ((manifest as Manifest).exposes ?? []).find((expose) => expose.name === routesModule);
  const chunks = (routes?.assets?.js?.sync ?? []).map((file) => new URL(file, publicPath));
  return [entry, ...chunks].map(String);
}

export interface PageHintsOptions {
  pathname: string;
  /** The request's query string ('' or '?…'). */
  search?: string;
  config: RuntimeConfig;
  requestOrigin: string;
  /** The shell's own first chunks (startup-scripts.json of its build), as absolute paths. */
  startupScripts?: string[];
  getJson: GetJson;
  /** The release registry's answer the page is served with (readLiveRemotes); read here when not given. */
  registry?: LiveRemotes | null;
  /** The page comes rendered with its data inline, so its api reads are not preloaded. */
  serverRendered?: boolean;
  /** The browser's cohort id (its cookie), which decides a rollout's version (chooseManifest); null: the live versions. */
  cohort?: string | null;
}

const attribute = (value: string) => escapeHtml(value);

/** The tags for <head>. */
export async function pageHints({
  pathname,
  search = '',
  config,
  requestOrigin,
  startupScripts = [],
  getJson,
  registry,
  serverRendered = false,
  cohort = null,
}: PageHintsOptions): Promise<string> {
  const links = startupScripts.map((script) => `<link rel="preload" as="script" href="${attribute(script)}">`);
  const origins = new Set<string>();
  const preconnect = (url: string) => {
    const { origin } = new URL(url);
    if (origin !== requestOrigin) origins.add(origin);
  };
  const fetchPreload = (url: string) => links.push(`<link rel="preload" as="fetch" crossorigin href="${attribute(url)}">`);

  // The shell's own pages (signing in) need no remote.
  const owner = isShellPagePath(pathname) ? null : routeOwnerOf(pathname).remote;
  // Every page is given the registry's answer, a shell page too (its links lead to the remotes): the
  // browser then never reads the registry itself, nor loads its schema and zod (issue 47).
  const live = registry === undefined ? await readLiveRemotes(config, getJson) : registry;
  const manifestUrl = owner && chooseManifest(live, config, cohort)[owner].manifestUrl;
  if (manifestUrl) {
    preconnect(manifestUrl);
    fetchPreload(manifestUrl);
    const manifest = await getJson(manifestUrl);
    // The federation runtime adds these with crossorigin (releases-plugin.ts), so the preloads have it too.
    for (const script of remoteScripts(manifestUrl, manifest, REMOTE_ROUTES_MODULE)) {
      links.push(`<link rel="preload" as="script" crossorigin href="${attribute(script)}">`);
    }
  }
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A query string changes what the page reads (catalog filters): only the plain page is known.
  const preloads = search.length > 1 ? undefined : pagePreloads[trimmed];
  if (config.apiUrl) {
    preconnect(config.apiUrl);
    if (!serverRendered) for (const read of preloads?.api ?? []) fetchPreload(`${config.apiUrl}${read}`);
    for (const image of preloads?.images ?? []) {
      const href = attribute(`${config.apiUrl}${image.path}`);
      links.push(`<link rel="preload" as="image" fetchpriority="high" media="${attribute(image.media)}" href="${href}">`);
    }
  }
  // Two pools per origin in Chromium: scripts and pictures go without crossorigin, fetches with it.
  const preconnects = [...origins].flatMap((origin) => [
    `<link rel="preconnect" href="${attribute(origin)}">`,
    `<link rel="preconnect" href="${attribute(origin)}" crossorigin>`,
  ]);
  const inlineConfig = `<script id="runtime-config" type="application/json">${jsonForScript(config)}</script>`;
  // The versions chosen here are the ones the page loads (and the server rendered): no registry round trip.
  // Without the load id: it belongs to one page load, and this answer serves every page for a while.
  const inline = live ? (({ loadId: _oneLoad, ...served }) => served)(live) : null;
  const inlineRemotes = `<script id="live-remotes" type="application/json">${jsonForScript(inline)}</script>`;
  return [inlineConfig, inlineRemotes, ...preconnects, ...links].join('\n    ');
}
