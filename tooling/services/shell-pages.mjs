// @ts-check
// The pages of the shell's server: each page's index.html with its hints (page-hints.mjs), and for
// the public pages, the page itself rendered on the server (the shell's server build, through the
// live version of the remote that owns the path) and streamed: the layout and every section whose
// data came within the render budget first, late sections after. When the render fails, runs past
// its budget or the remote's server build will not load, the page goes out as the browser renders
// it today, and a log line says why: a visitor never gets an error page from server rendering.
import { createHash, randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { pageHints, readLiveRemotes } from './page-hints.mjs';
import { contentSecurityPolicy } from './security-headers.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} IncomingMessage
 * @typedef {import('node:http').ServerResponse} ServerResponse
 * @typedef {import('./render-cache.mjs').ApiRead} ApiRead
 * @typedef {import('./render-cache.mjs').RenderCache} RenderCache
 * @typedef {{ name: string, manifestUrl: string, fingerprint: string }} RemoteVersion
 * @typedef {{ status: number, head: string, body: string, tail: AsyncIterable<string>, outcome(): { complete: boolean, reads: ApiRead[] } }} RenderedPage
 * @typedef {{ pathname: string, search: string, origin: string, remote: RemoteVersion, deadline: number, streamTimeoutMs: number, nonce: string }} RenderRequest
 * @typedef {{ render(request: RenderRequest): Promise<RenderedPage>, warm(remote: RemoteVersion): Promise<void> }} ServerRenderer
 */

const ROOT = '<div id="root"></div>';
/** The same reason is logged at most once in this long (a remote that keeps failing fills no disk). */
const LOG_EVERY_MS = 10_000;
/** The renderer gives up at its deadline; past it by this much, the page goes to the browser regardless. */
const BUDGET_GRACE_MS = 50;
/** As long as the shell keeps it (features/remotes/cohort.ts). */
const COHORT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const sha1 = (/** @type {string} */ text) => createHash('sha1').update(text).digest('hex');

/** @param {IncomingMessage} req */
function encodingFor(req) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** @param {string | null} encoding @param {string} text */
function compress(encoding, text) {
  if (encoding === 'br') return zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return zlib.gzipSync(text);
  return Buffer.from(text);
}

/** index.html as the browser renders it, with the page's hints in <head>. */
export function clientDocument(/** @type {string} */ template, /** @type {string} */ hints) {
  return template.replace('</head>', `    ${hints}\n  </head>`);
}

/**
 * index.html around a server-rendered page: its hints and <head> tags (its own <title>), its HTML in
 * #root (marked, so the browser hydrates it), and no "needs JavaScript" notice: it does not.
 * @param {string} template @param {string} hints @param {string} head @param {string} body
 * @returns {{ start: string, end: string }} what goes before the streamed rest, and after it
 */
export function serverDocument(template, hints, head, body) {
  const rootAt = template.indexOf(ROOT);
  if (rootAt === -1) throw new Error(`index.html has no ${ROOT}`);
  const before = template
    .slice(0, rootAt)
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('</head>', `    ${hints}\n    ${head}\n  </head>`);
  return { start: `${before}<div id="root" data-server-rendered>${body}</div>`, end: template.slice(rootAt + ROOT.length) };
}

/**
 * @param {{
 *   template: () => Promise<string>,
 *   config: () => import('./page-hints.mjs').RuntimeConfig,
 *   contracts: typeof import('@pcpp/contracts/core') & typeof import('@pcpp/contracts/seo'),
 *   getJson: (url: string) => Promise<unknown>,
 *   startupScripts?: () => Promise<string[]>,
 *   renderer?: ServerRenderer | null,
 *   budgetMs?: number,
 *   streamTimeoutMs?: number,
 *   cache?: RenderCache | null,
 *   siteOrigin?: string,
 *   imageOrigins?: string[],
 *   log?: (line: string) => void,
 *   now?: () => number,
 *   trustProxy?: boolean,
 * }} options
 *   template: the shell's index.html; renderer: the shell's server build (none: every page renders in
 *   the browser); budgetMs: how long a render may take before the page is sent to the browser to render;
 *   streamTimeoutMs: how long late sections may stream in after that; siteOrigin: the shop's address for
 *   canonical and shared URLs (else the request's own); trustProxy: X-Forwarded-Proto
 *   comes from a TLS proxy of the deployment (TRUST_PROXY), so the request's own address is https.
 */
export function createShellPages({
  template,
  config,
  contracts,
  getJson,
  startupScripts = async () => [],
  renderer = null,
  budgetMs = 300,
  streamTimeoutMs = 10_000,
  cache = null,
  siteOrigin,
  imageOrigins = [],
  log = console.warn,
  now = Date.now,
  trustProxy = false,
}) {
  /** @type {Map<string, number>} */
  const lastLogged = new Map();
  const logOnce = (/** @type {string} */ key, /** @type {string} */ line) => {
    const at = lastLogged.get(key);
    if (at !== undefined && now() - at < LOG_EVERY_MS) return;
    if (lastLogged.size > 1000) lastLogged.clear();
    lastLogged.set(key, now());
    log(line);
  };

  /**
   * The headers of a page; X-Rendered says where it was rendered (`server`, or `browser` for the client page).
   * Vary: Cookie, because the cohort cookie chooses a rollout's version: no cache may hand one browser's page to another.
   */
  function pageHeaders(/** @type {string | null} */ encoding, /** @type {'server' | 'browser'} */ renderedBy) {
    return { 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept-Encoding, Cookie', 'X-Rendered': renderedBy, ...(encoding ? { 'Content-Encoding': encoding } : {}) };
  }

  /**
   * @param {IncomingMessage} req @param {ServerResponse} res @param {number} status @param {string} html
   */
  function sendWhole(req, res, status, html) {
    const encoding = encodingFor(req);
    const body = compress(encoding, html);
    res.writeHead(status, pageHeaders(encoding, 'browser'));
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * Writes each piece as it comes, compressed and flushed, so the browser paints it at once.
   * @param {IncomingMessage} req @param {ServerResponse} res @param {number} status
   * @returns {{ write: (text: string) => void, end: () => Promise<void> }}
   */
  function openStream(req, res, status) {
    const encoding = encodingFor(req);
    res.writeHead(status, pageHeaders(encoding, 'server'));
    if (!encoding) {
      return { write: (text) => void res.write(text), end: () => new Promise((resolve) => res.end(resolve)) };
    }
    const compressor =
      encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.createGzip();
    compressor.pipe(res);
    const done = new Promise((resolve) => res.on('finish', resolve));
    return {
      write(text) {
        compressor.write(text);
        compressor.flush(encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH);
      },
      end: async () => {
        compressor.end();
        await done;
      },
    };
  }

  /**
   * The browser's cohort (its cookie, which the shell mirrors from localStorage), or a new one sent
   * back in the cookie: the versions chosen for this page are the ones the browser then loads.
   * @param {IncomingMessage} req @param {ServerResponse} res
   */
  function cohortOf(req, res) {
    const cookie = String(req.headers.cookie ?? '')
      .split(';')
      .map((part) => part.trim().split('='))
      .find(([name]) => name === contracts.COHORT_COOKIE)?.[1];
    if (cookie && contracts.cohortIdSchema.safeParse(cookie).success) return cookie;
    const id = randomBytes(16).toString('base64url');
    res.setHeader('Set-Cookie', `${contracts.COHORT_COOKIE}=${id}; Path=/; Max-Age=${COHORT_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`);
    return id;
  }

  /** The address the request came to (behind a TLS proxy the deployment trusts, as it says in X-Forwarded-Proto). */
  function requestOriginOf(/** @type {IncomingMessage} */ req) {
    const https =
      Boolean(/** @type {import('node:tls').TLSSocket} */ (req.socket).encrypted) || (trustProxy && req.headers['x-forwarded-proto'] === 'https');
    return `${https ? 'https' : 'http'}://${req.headers.host}`;
  }

  return {
    /**
     * Loads the server builds of the live remotes that own public pages (the registry's, else the
     * runtime config's), so the first visitors are not slowed by it. True once all are loaded.
     */
    async warm() {
      if (!renderer) return true;
      const runtimeConfig = config();
      const registry = await readLiveRemotes(runtimeConfig, getJson, contracts);
      const remotes = [...new Set(contracts.routeOwnership.filter((route) => route.access === 'public').map((route) => route.remote))];
      const loads = remotes.map(async (name) => {
        const { manifestUrl } = contracts.chooseManifest(registry, runtimeConfig, null)[name];
        const manifest = await getJson(manifestUrl);
        if (!manifest) return false;
        await renderer.warm({ name, manifestUrl, fingerprint: sha1(JSON.stringify(manifest)) });
        return true;
      });
      return (await Promise.all(loads.map((load) => load.catch(() => false)))).every(Boolean);
    },
    /**
     * Answers a page request.
     * @param {IncomingMessage} req @param {ServerResponse} res
     * @param {{ pathname: string, search: string, unknownPage: boolean }} page unknownPage: no page renders this path (404)
     */
    async respond(req, res, { pathname, search, unknownPage }) {
      const runtimeConfig = config();
      const requestOrigin = requestOriginOf(req);
      const owner = contracts.isShellPagePath(pathname) ? null : contracts.routeOwnerOf(pathname);
      const registry = owner ? await readLiveRemotes(runtimeConfig, getJson, contracts) : null;
      const cohort = owner ? cohortOf(req, res) : null;
      const choice = owner ? contracts.chooseManifest(registry, runtimeConfig, cohort)[owner.remote] : null;
      const manifest = choice && renderer && owner?.access === 'public' ? await getJson(choice.manifestUrl) : null;
      // index.html asked for by name is the page as the browser renders it.
      const serverRendered = Boolean(manifest) && req.method === 'GET' && !pathname.endsWith('.html');
      const hints = await pageHints({
        pathname,
        search,
        config: runtimeConfig,
        requestOrigin,
        startupScripts: await startupScripts(),
        getJson,
        contracts,
        registry,
        serverRendered,
        cohort,
      });
      const html = await template();
      const clientPage = () => sendWhole(req, res, unknownPage ? 404 : 200, clientDocument(html, hints));
      if (!serverRendered || !choice || !owner || !renderer) {
        if (renderer && owner?.access === 'public' && choice && !manifest) {
          logOnce(`manifest ${choice.manifestUrl}`, `${pathname}${search}: rendered in the browser: ${choice.manifestUrl} could not be read`);
        }
        clientPage();
        return;
      }

      const origin = siteOrigin ?? requestOrigin;
      const key = sha1(`${hints}\n${origin}\n${pathname}${search}`);
      const cached = cache?.enabled ? await cache.get(key) : null;
      if (cached) {
        const encoding = encodingFor(req) ?? 'identity';
        let body = cached.bodies.get(encoding);
        if (!body) {
          body = compress(encoding === 'identity' ? null : encoding, cached.html);
          cached.bodies.set(encoding, body);
        }
        res.writeHead(cached.status, pageHeaders(encoding === 'identity' ? null : encoding, 'server'));
        res.end(body);
        return;
      }

      // React's scripts that reveal late sections carry this response's nonce, which the policy allows.
      const nonce = randomBytes(16).toString('base64');
      const remote = { name: owner.remote, manifestUrl: choice.manifestUrl, fingerprint: sha1(JSON.stringify(manifest)) };
      /** @type {RenderedPage} */
      let page;
      try {
        page = await contracts.withTimeout(
          renderer.render({ pathname, search, origin, remote, deadline: now() + budgetMs, streamTimeoutMs, nonce }),
          budgetMs + BUDGET_GRACE_MS,
          `the page was not rendered within the render budget (${budgetMs} ms)`,
        );
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        logOnce(`${remote.manifestUrl} ${why}`, `${pathname}${search}: rendered in the browser: ${why}`);
        clientPage();
        return;
      }
      res.setHeader('Content-Security-Policy', contentSecurityPolicy(runtimeConfig, { imageOrigins, scriptNonce: nonce }));
      const { start, end } = serverDocument(html, hints, page.head, page.body);
      const stream = openStream(req, res, page.status);
      let whole = start;
      stream.write(start);
      try {
        for await (const piece of page.tail) {
          whole += piece;
          stream.write(piece);
        }
      } finally {
        whole += end;
        stream.write(end);
        await stream.end();
      }
      const outcome = page.outcome();
      if (cache?.enabled && outcome.complete) cache.set(key, { status: page.status, html: whole, reads: outcome.reads });
    },
  };
}
