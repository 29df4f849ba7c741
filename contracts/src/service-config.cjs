// Ports, the shell's runtime config and its server's settings, derived from environment variables in
// one place: the shell's production server (bundled into shell/dist-server/main.js), `npm start`,
// `npm run dev`, every package's webpack config and the e2e tests read them here. In contracts, which
// every build may take from (a remote's build never reaches into the shell), and CommonJS, so the
// webpack configs and tooling require it without a build (`@pcpp/contracts/service-config`). Node.js
// only: no browser code imports it. The default ports are the api's too.
const path = require('node:path');
const defaultPorts = require('./default-ports.json');

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {string} name
 * @param {number} fallback
 */
function portFrom(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number (1-65535), got "${raw}"`);
  }
  return port;
}

function servicePorts(env = process.env) {
  return {
    shell: portFrom(env, 'SHELL_PORT', defaultPorts.shell),
    shop: portFrom(env, 'SHOP_PORT', defaultPorts.shop),
    dashboard: portFrom(env, 'DASHBOARD_PORT', defaultPorts.dashboard),
    admin: portFrom(env, 'ADMIN_PORT', defaultPorts.admin),
    releases: portFrom(env, 'RELEASES_PORT', defaultPorts.releases),
    api: portFrom(env, 'API_PORT', defaultPorts.api),
    authEmulator: portFrom(env, 'AUTH_EMULATOR_PORT', defaultPorts.authEmulator),
    stripeSandbox: portFrom(env, 'STRIPE_SANDBOX_PORT', defaultPorts.stripeSandbox),
    smtp: portFrom(env, 'SMTP_PORT', defaultPorts.smtp),
    mailWeb: portFrom(env, 'MAIL_WEB_PORT', defaultPorts.mailWeb),
  };
}

/** The address the servers `npm start` runs listen on: loopback unless HOST says otherwise. */
function listenHost(env = process.env) {
  return env.HOST || '127.0.0.1';
}

/** What the shell fetches as /config.json: remote manifests, api and identity settings. */
function runtimeConfigFromEnv(env = process.env) {
  const ports = servicePorts(env);
  const projectId = env.FIREBASE_PROJECT_ID || 'demo-pcparts';
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST;
  const apiUrl = env.PUBLIC_API_URL || `http://localhost:${ports.api}`;
  return {
    apiUrl,
    // The release registry: the shell loads each remote's live version, and `remotes` when it cannot.
    remoteRegistryUrl: env.REMOTE_REGISTRY_URL || `${apiUrl}/remotes`,
    // Where promoted versions are served from: the pages' Content-Security-Policy allows its code.
    releaseStoreUrl: releaseStoreFromEnv(env).publicUrl,
    remotes: {
      mf_shop: env.MF_SHOP_MANIFEST_URL || `http://localhost:${ports.shop}/mf-manifest.json`,
      mf_dashboard: env.MF_DASHBOARD_MANIFEST_URL || `http://localhost:${ports.dashboard}/mf-manifest.json`,
      mf_admin: env.MF_ADMIN_MANIFEST_URL || `http://localhost:${ports.admin}/mf-manifest.json`,
    },
    firebase: {
      apiKey: env.FIREBASE_API_KEY || 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
      projectId,
      // The shell's host proxies the emulator (tooling/auth-emulator), so the browser uses its own origin.
      ...(emulatorHost ? { useAuthEmulator: true } : {}),
    },
    ...(env.STRIPE_PUBLISHABLE_KEY ? { stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY } : {}),
    // Set by `npm start` when it runs the local Stripe sandbox: the page loads this Stripe.js stand-in.
    ...(env.STRIPE_SANDBOX_SCRIPT_URL ? { stripeSandboxScriptUrl: env.STRIPE_SANDBOX_SCRIPT_URL } : {}),
    // Set by `npm start` / `npm run dev` when MONGODB_URI was not given and the in-memory database
    // stands in: admins see a banner that the data resets on restart.
    ...(env.DEMO_DATABASE === 'true' ? { demoDatabase: true } : {}),
    // Set by `npm start` / `npm run dev` when MailDev catches the shop's emails: where a customer
    // finds the verification link (the verify banner says so).
    ...(env.DEMO_MAIL_INBOX_URL ? { demoMailInboxUrl: env.DEMO_MAIL_INBOX_URL } : {}),
  };
}

/**
 * The release store: a folder of immutable versions (`<remote>/<version>/`) and where browsers read
 * it; and the versions' source maps, kept apart from it and never served (RELEASE_SOURCE_MAPS_DIR,
 * default beside the store): the api reads them to map the errors pages report.
 */
function releaseStoreFromEnv(env = process.env, root = path.resolve(__dirname, '../..')) {
  const dir = path.resolve(root, env.RELEASES_DIR || 'releases');
  return {
    dir,
    sourceMapsDir: path.resolve(root, env.RELEASE_SOURCE_MAPS_DIR || `${dir.replace(/[\\/]+$/, '')}.source-maps`),
    publicUrl: (env.RELEASES_PUBLIC_URL || `http://localhost:${servicePorts(env).releases}`).replace(/\/+$/, ''),
  };
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {string} name
 * @param {number} fallback
 * @param {string} [unit]
 * @param {number} [min]
 */
function wholeNumberFrom(env, name, fallback, unit = 'milliseconds', min = 0) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of ${unit}${min > 0 ? ` (at least ${min})` : ''}, got "${raw}"`);
  return value;
}

/**
 * The shell's server rendering of the public pages (docs/architecture/server-rendering.md): on
 * unless SERVER_RENDERING=off; the render budget, how long a remote's manifest or the release registry
 * may take to answer, how long late sections may stream; the render
 * cache: how long a page is served as it is (0: no cache), how long past that it may still be served
 * while one render refreshes it, and its size; how many renders run at once and how many may wait
 * (past that a visitor gets the page the browser renders); and the shop's own address for canonical
 * URLs (SHOP_URL, as the api's emails).
 */
function serverRenderingFromEnv(env = process.env) {
  return {
    enabled: env.SERVER_RENDERING !== 'off',
    budgetMs: wholeNumberFrom(env, 'SSR_BUDGET_MS', 300),
    fetchTimeoutMs: wholeNumberFrom(env, 'SSR_FETCH_TIMEOUT_MS', 300, 'milliseconds', 1),
    streamTimeoutMs: wholeNumberFrom(env, 'SSR_STREAM_TIMEOUT_MS', 10_000),
    cacheTtlMs: wholeNumberFrom(env, 'SSR_CACHE_TTL_MS', 5_000),
    cacheStaleMs: wholeNumberFrom(env, 'SSR_CACHE_STALE_MS', 60_000),
    cacheMaxBytes: wholeNumberFrom(env, 'SSR_CACHE_MAX_MB', 64, 'megabytes', 1) * 1024 * 1024,
    renderConcurrency: wholeNumberFrom(env, 'SSR_RENDER_CONCURRENCY', 2, 'renders', 1),
    renderQueue: wholeNumberFrom(env, 'SSR_RENDER_QUEUE', 16, 'renders'),
    siteOrigin: siteOriginFromEnv(env),
  };
}

/**
 * The shop's own address for canonical links, og:url, the sitemap's <loc> and robots' Sitemap:
 * SHOP_URL (as the api's emails). A request's Host header is anyone's to send, so production
 * (NODE_ENV=production) refuses to start without SHOP_URL; without it (the demo) the shell's
 * server uses a request's origin only when it is one of its local ones (localOrigins).
 */
function siteOriginFromEnv(env = process.env) {
  if (env.SHOP_URL) return env.SHOP_URL.replace(/\/+$/, '');
  if (env.NODE_ENV === 'production') {
    throw new Error("SHOP_URL is required when NODE_ENV=production: the shop's own address (https://…) for canonical links and the sitemap");
  }
  return undefined;
}

/**
 * The origins a demo shell's server is reached at on `port`: localhost, 127.0.0.1 and HOST (when
 * it names one address). The first is the one used for any other Host.
 * @param {number} port
 * @param {NodeJS.ProcessEnv} env
 */
function localOrigins(port, env = process.env) {
  const host = listenHost(env);
  const named = host === '0.0.0.0' || host === '::' || host.includes(':') ? [] : [host];
  return [...new Set(['localhost', '127.0.0.1', ...named])].map((name) => `http://${name}:${port}`);
}

/**
 * How long a shared cache in front (a CDN) may keep a public page (docs/cdn.md): fresh for
 * CDN_MAX_AGE seconds (60), then served stale while it asks again for CDN_STALE_WHILE_REVALIDATE
 * seconds (600). Browsers always ask again (max-age=0, with the page's ETag). CDN_MAX_AGE=0: no
 * shared cache keeps a page.
 */
function pageCachingFromEnv(env = process.env) {
  return {
    sharedMaxAgeS: wholeNumberFrom(env, 'CDN_MAX_AGE', 60, 'seconds'),
    staleWhileRevalidateS: wholeNumberFrom(env, 'CDN_STALE_WHILE_REVALIDATE', 600, 'seconds'),
  };
}

module.exports = {
  servicePorts,
  listenHost,
  runtimeConfigFromEnv,
  releaseStoreFromEnv,
  serverRenderingFromEnv,
  siteOriginFromEnv,
  localOrigins,
  pageCachingFromEnv,
};
