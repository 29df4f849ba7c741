// What the shell's server writes into index.html for one page, so the page's code and data download
// at once instead of one after another (HTML → main.js → config → registry → manifest → remote → data):
// the runtime config itself (inline), preconnects, and preloads for the shell's first chunks, the release
// registry, the live manifest, entry and first chunks of the remote that owns the path, and the api reads
// and pictures the page starts with.
// Everything comes from the runtime config and what its addresses answer; the build names no remote.

const FETCH_TIMEOUT_MS = 300;
const CACHE_MS = 3_000;
// A failure is remembered briefly: a hanging remote delays pages once, a restarted one is seen soon.
const FAILURE_CACHE_MS = 500;

const escapeAttribute = (/** @type {string} */ value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
// In a data block only `</script` (or `<!--`) could end it early.
const escapeJsonForHtml = (/** @type {string} */ json) => json.replace(/</g, '\\u003c');

/** GETs JSON with a short timeout, remembering answers (and failures) for a few seconds. */
export function createJsonCache({ timeoutMs = FETCH_TIMEOUT_MS, cacheMs = CACHE_MS, failureCacheMs = FAILURE_CACHE_MS, now = Date.now } = {}) {
  /** @type {Map<string, { value: unknown, expires: number }>} */
  const entries = new Map();
  /** @param {string} url */
  return async function getJson(url) {
    const hit = entries.get(url);
    if (hit && hit.expires > now()) return hit.value;
    let value = null;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (response.ok) value = await response.json();
    } catch {
      // No hints beat a slow page: the page finds everything itself, as it would without them.
    }
    if (entries.size > 100) entries.clear();
    entries.set(url, { value, expires: now() + (value === null ? failureCacheMs : cacheMs) });
    return value;
  };
}

/**
 * The live manifest of `remote`: the registry's, else the runtime config's (as the shell picks).
 * @param {RuntimeConfig} config
 * @param {any} registry GET /remotes as the api answered it, if it did
 * @param {string} remote
 * @returns {string | undefined}
 */
function liveManifestUrl(config, registry, remote) {
  const live = registry?.remotes?.[remote];
  return typeof live === 'string' ? live : config.remotes?.[/** @type {keyof RuntimeConfig['remotes']} */ (remote)];
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
 * @param {{ pathname: string, search?: string, config: RuntimeConfig, requestOrigin: string, startupScripts?: string[], getJson: (url: string) => Promise<unknown>,
 *   contracts: Pick<typeof import('@pcpp/contracts/core'), 'routeOwnerOf' | 'isShellPagePath' | 'pagePreloads' | 'REMOTE_ROUTES_MODULE'> }} options
 * @returns {Promise<string>} the tags for <head>
 */
export async function pageHints({ pathname, search = '', config, requestOrigin, startupScripts = [], getJson, contracts }) {
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
  const registry = owner && config.remoteRegistryUrl ? await getJson(config.remoteRegistryUrl) : null;
  if (config.remoteRegistryUrl && registry) fetchPreload(config.remoteRegistryUrl);
  const manifestUrl = owner && liveManifestUrl(config, registry, owner);
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
    for (const read of preloads?.api ?? []) fetchPreload(`${config.apiUrl}${read}`);
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
  return [inlineConfig, ...preconnects, ...links].join('\n    ');
}

/**
 * index.html with the hints in its <head>.
 * @param {string} html
 * @param {string} hints
 */
export function withHints(html, hints) {
  return html.replace('</head>', `    ${hints}\n  </head>`);
}
