// What the shell's server writes into index.html for one page, so the page's code and data download
// at once instead of one after another (HTML → main.js → config → registry → manifest → remote → data):
// the runtime config and the release registry's answer themselves (inline), preconnects, and preloads
// for the shell's first chunks, the live manifest, entry and first chunks of the remote that owns the
// path, and the api reads (unless the page comes server-rendered, its data inline) and pictures the
// page starts with.
// Everything comes from the runtime config and what its addresses answer; the build names no remote.

const FETCH_TIMEOUT_MS = 300;
const CACHE_MS = 3_000;
// A failure is asked again soon: a restarted remote (or api) is seen within this.
const FAILURE_CACHE_MS = 500;
// A read that timed out or found no server keeps the last answer for this long after it was read, so
// one slow read on a busy machine does not turn the next pages into client-rendered ones.
const STALE_IF_ERROR_MS = 30_000;

const escapeAttribute = (/** @type {string} */ value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
// In a data block only `</script` (or `<!--`) could end it early.
const escapeJsonForHtml = (/** @type {string} */ json) => json.replace(/</g, '\\u003c');

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
} = {}) {
  /** @type {Map<string, { value: unknown, expires: number, readAt: number }>} */
  const entries = new Map();
  /** @type {Map<string, Promise<unknown>>} */
  const refreshing = new Map();
  /** @param {string} url */
  async function read(url) {
    let value = null;
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
    if (entries.size > 100) entries.clear();
    entries.set(url, { value, expires: now() + (value === null ? failureCacheMs : cacheMs), readAt: now() });
    return value;
  }
  /** @param {string} url */
  function refresh(url) {
    let reading = refreshing.get(url);
    if (!reading) {
      reading = read(url).finally(() => refreshing.delete(url));
      refreshing.set(url, reading);
    }
    return reading;
  }
  /** @param {string} url */
  async function getJson(url) {
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
 * @param {{ remoteRegistryUrl?: string }} config
 * @param {(url: string) => Promise<unknown>} getJson
 * @param {Pick<typeof import('@pcpp/contracts/core'), 'liveRemotesSchema'>} contracts
 */
export async function readLiveRemotes(config, getJson, contracts) {
  if (!config.remoteRegistryUrl) return null;
  const parsed = contracts.liveRemotesSchema.safeParse(await getJson(config.remoteRegistryUrl));
  return parsed.success ? parsed.data : null;
}

/**
 * Script files of the remote's entry and of its routes module, from its mf-manifest.json.
 * @param {string} manifestUrl
 * @param {any} manifest the mf-manifest.json as it was read, if it was
 * @param {string} routesModule
 */
function remoteScripts(manifestUrl, manifest, routesModule) {
  const base = new URL('.', manifestUrl);
  const meta = manifest?.metaData;
  if (!meta?.remoteEntry?.name) return [];
  const publicPath = meta.publicPath && meta.publicPath !== 'auto' ? new URL(meta.publicPath, base) : base;
  const entry = new URL(`${meta.remoteEntry.path ? `${meta.remoteEntry.path}/` : ''}${meta.remoteEntry.name}`, publicPath);
  const routes = (manifest.exposes ?? []).find((/** @type {{ name: string }} */ expose) => expose.name === routesModule);
  const chunks = (routes?.assets?.js?.sync ?? []).map((/** @type {string} */ file) => new URL(file, publicPath));
  return [entry, ...chunks].map(String);
}

/**
 * What of the runtime config (service-config.cjs) the hints read; all of it is inlined.
 * @typedef {Pick<ReturnType<typeof import('../service-config.cjs').runtimeConfigFromEnv>, 'apiUrl' | 'remoteRegistryUrl' | 'remotes'> & Record<string, unknown>} RuntimeConfig
 */

/**
 * search: the request's query string ('' or '?…').
 * startupScripts: the shell's own first chunks (startup-scripts.json of its build), as absolute paths.
 * registry: the release registry's answer the page is served with (readLiveRemotes); read here when not given.
 * serverRendered: the page comes rendered with its data inline, so its api reads are not preloaded.
 * cohort: the browser's cohort id (its cookie), which decides a rollout's version (chooseManifest); null: the live versions.
 * @param {{ pathname: string, search?: string, config: RuntimeConfig, requestOrigin: string, startupScripts?: string[], getJson: (url: string) => Promise<unknown>,
 *   registry?: import('@pcpp/contracts/core').LiveRemotes | null, serverRendered?: boolean, cohort?: string | null,
 *   contracts: Pick<typeof import('@pcpp/contracts/core'), 'routeOwnerOf' | 'isShellPagePath' | 'pagePreloads' | 'REMOTE_ROUTES_MODULE' | 'chooseManifest' | 'liveRemotesSchema'> }} options
 * @returns {Promise<string>} the tags for <head>
 */
export async function pageHints({ pathname, search = '', config, requestOrigin, startupScripts = [], getJson, contracts, registry, serverRendered = false, cohort = null }) {
  const links = startupScripts.map((script) => `<link rel="preload" as="script" href="${escapeAttribute(script)}">`);
  /** @type {Set<string>} */
  const origins = new Set();
  const preconnect = (/** @type {string} */ url) => {
    const { origin } = new URL(url);
    if (origin !== requestOrigin) origins.add(origin);
  };
  const fetchPreload = (/** @type {string} */ url) => links.push(`<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`);

  // The shell's own pages (signing in) need no remote.
  const owner = contracts.isShellPagePath(pathname) ? null : contracts.routeOwnerOf(pathname).remote;
  const live = owner ? (registry === undefined ? await readLiveRemotes(config, getJson, contracts) : registry) : null;
  const manifestUrl = owner && contracts.chooseManifest(live, config, cohort)[owner].manifestUrl;
  if (manifestUrl) {
    preconnect(manifestUrl);
    fetchPreload(manifestUrl);
    const manifest = await getJson(manifestUrl);
    // The federation runtime adds these as plain <script> tags (no crossorigin), so the preloads have none.
    for (const script of remoteScripts(manifestUrl, manifest, contracts.REMOTE_ROUTES_MODULE)) {
      links.push(`<link rel="preload" as="script" href="${escapeAttribute(script)}">`);
    }
  }
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A query string changes what the page reads (catalog filters): only the plain page is known.
  const preloads = search.length > 1 ? undefined : contracts.pagePreloads[trimmed];
  if (config.apiUrl) {
    preconnect(config.apiUrl);
    if (!serverRendered) for (const read of preloads?.api ?? []) fetchPreload(`${config.apiUrl}${read}`);
    for (const image of preloads?.images ?? []) {
      const href = escapeAttribute(`${config.apiUrl}${image.path}`);
      links.push(`<link rel="preload" as="image" fetchpriority="high" media="${escapeAttribute(image.media)}" href="${href}">`);
    }
  }
  // Two pools per origin in Chromium: scripts and pictures go without crossorigin, fetches with it.
  const preconnects = [...origins].flatMap((origin) => [
    `<link rel="preconnect" href="${escapeAttribute(origin)}">`,
    `<link rel="preconnect" href="${escapeAttribute(origin)}" crossorigin>`,
  ]);
  const inlineConfig = `<script id="runtime-config" type="application/json">${escapeJsonForHtml(JSON.stringify(config))}</script>`;
  // The versions chosen here are the ones the page loads (and the server rendered): no registry round trip.
  // Without the load id: it belongs to one page load, and this answer serves every page for a few seconds.
  const inline = live ? (({ loadId: _oneLoad, ...served }) => served)(live) : null;
  const inlineRemotes = owner ? [`<script id="live-remotes" type="application/json">${escapeJsonForHtml(JSON.stringify(inline))}</script>`] : [];
  return [inlineConfig, ...inlineRemotes, ...preconnects, ...links].join('\n    ');
}

/**
 * index.html with the hints in its <head>.
 * @param {string} html
 * @param {string} hints
 */
export function withHints(html, hints) {
  return html.replace('</head>', `    ${hints}\n  </head>`);
}
