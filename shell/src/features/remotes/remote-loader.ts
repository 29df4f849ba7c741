import type { ComponentType } from 'react';
import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { api } from '@pcpp/contracts';
import {
  REMOTE_NAMES,
  REMOTE_ROUTES_MODULE,
  chooseManifest,
  type InlineLiveRemotes,
  type LiveRemotes,
  type RemoteName,
  type RuntimeConfig,
} from '@pcpp/contracts/core';
import { browserCohort } from './cohort';
import { createReleasesPlugin, type FederationRuntime } from './releases-plugin';
import { onReportedError } from './report-error-tap';
import type { RuntimeErrorReports } from './runtime-errors';
import { startWebVitals } from './web-vitals-reporting';

/** A slow api never holds the page back for longer: the runtime config's remotes are used instead. */
export const REGISTRY_TIMEOUT_MS = 500;
/**
 * This page load's id from the registry: a report carries it (only versions it served can be
 * reported). A page the server rendered has none of its own (the server's answer serves many pages).
 */
let loadId: string | undefined;
let registryUrl: string | undefined;
let cohort = '';
/** The registry asked for a load id by a page the server rendered, while it answers. */
let freshRegistry: Promise<LiveRemotes | null> | undefined;
/** A load started before the first render (preloadRemoteRoutes), until the slot takes it. */
const preloads = new Map<RemoteName, Promise<{ default: ComponentType }>>();
/** Settles once every remote is registered: loads wait for it, the first render does not. */
let registration: Promise<void> | null = null;

const registryAddress = (url: string) => `${url}${url.includes('?') ? '&' : '?'}cohort=${encodeURIComponent(cohort)}`;

/**
 * The release registry's answer for this cohort, or null when it cannot be read (the runtime config's
 * remotes then). Its schema, and zod with it, load beside the request: a page the server rendered
 * has the registry's answer inline and never loads them.
 */
async function readRegistry(url: string): Promise<LiveRemotes | null> {
  try {
    const [liveRemotesSchema, response] = await Promise.all([
      import('@pcpp/contracts/core').then((core) => core.liveRemotesSchema),
      fetch(registryAddress(url), { signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS) }),
    ]);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return liveRemotesSchema.parse(await response.json());
  } catch (error) {
    console.warn('The release registry is unreachable: using the remotes of /config.json', error);
    return null;
  }
}

/**
 * This page load's id, for a report: the registry's answer it read itself, else (a page the server
 * rendered) one asked for now, if that answer still serves `version` to this cohort (a version
 * promoted away or rolled back meanwhile cannot be reported).
 */
async function loadIdFor(remote: RemoteName, version: string): Promise<string | undefined> {
  if (loadId || !registryUrl) return loadId;
  // One request at a time: the page's reports and its vitals may all ask at once.
  freshRegistry ??= import(/* webpackChunkName: "load-id-answer" */ './load-id-answer')
    .then(({ readLoadIdAnswer }) => readLoadIdAnswer(registryAddress(registryUrl!), REGISTRY_TIMEOUT_MS))
    .catch(() => null)
    .finally(() => {
      freshRegistry = undefined;
    });
  const fresh = await freshRegistry;
  if (!fresh) return undefined;
  const choice = chooseManifest(fresh, { remotes: { mf_shop: '', mf_dashboard: '', mf_admin: '' } }, cohort)[remote];
  if (choice.version !== version && choice.previousVersion !== version) return undefined;
  loadId = fresh.loadId;
  return loadId;
}

/** Sends a report with this page load's id; a report that fails changes nothing. */
function send(remote: RemoteName, version: string, post: (id: string) => Promise<unknown>): void {
  void loadIdFor(remote, version)
    .then((id) => (id ? post(id) : undefined))
    .catch(() => undefined);
}

const runtime: FederationRuntime = { registerRemotes, loadRemote, preloadRemote };

let runtimeErrorReports: Promise<RuntimeErrorReports & { errorText(error: unknown): string }> | undefined;

/**
 * A remote's runtime errors: what its error boundary caught, and uncaught errors in its files. The
 * code that tells whose an error is loads at the first error: none on a page that has none.
 */
function runtimeErrors() {
  runtimeErrorReports ??= import(/* webpackChunkName: "runtime-errors" */ './runtime-errors').then(({ createRuntimeErrorReports, errorText, filesOf }) => ({
    errorText,
    ...createRuntimeErrorReports({
      files: () => filesOf(releases.choices()),
      report(remote, version, { message, source, stack }) {
        send(remote, version, (id) => {
          return api.report('/remotes/errors', { remote, version, loadId: id, message, cohort, kind: 'runtime', ...(source ? { source } : {}), ...(stack ? { stack } : {}) });
        });
      },
    }),
  }));
  runtimeErrorReports.catch(() => {
    runtimeErrorReports = undefined;
  });
  return runtimeErrorReports;
}

/** The shell's one federation runtime plugin: it chooses, falls back and reports. */
export const releases = createReleasesPlugin({
  runtime,
  reports: {
    failed(remote, version, error, kind) {
      void runtimeErrors().then((reports) => {
        if (kind === 'runtime') reports.caught(remote, version, error);
        else send(remote, version, (id) => api.report('/remotes/errors', { remote, version, loadId: id, message: reports.errorText(error), cohort, kind: 'load' }));
      });
    },
    loaded(remote, version) {
      send(remote, version, (id) => {
        return api.report('/remotes/loads', { remote, version, loadId: id, cohort });
      });
    },
  },
});
registerPlugins([releases.plugin]);

let listening = false;

/** Once per page: runtime errors heard, and (for a sample of page loads) Web Vitals measured. */
function startReporting(vitalsSampleRate: number): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  // A remote's script comes from another origin without CORS: the browser mutes the error event of
  // what it throws ("Script error.", no error). React reports what its handlers throw with
  // reportError, which report-error-tap.ts hears, error and stack included.
  const uncaught = (error: unknown, scriptUrl?: string) => void runtimeErrors().then((reports) => reports.uncaught(error, scriptUrl));
  window.addEventListener('error', (event) => uncaught(event.error ?? event.message, event.filename));
  window.addEventListener('unhandledrejection', (event) => uncaught(event.reason));
  onReportedError((error) => uncaught(error));
  startWebVitals(vitalsSampleRate, {
    cohort,
    activeVersion: (remote) => releases.activeVersion(remote),
    loadIdFor,
    loadId: () => loadId,
  });
}

/**
 * Registers each remote at the version chooseManifest gives this browser's cohort (the registry's,
 * else the runtime config's). `inline` is the registry's answer the shell's server chose with (null:
 * it could not read it) for the cohort of this browser's cookie, so the page loads the versions the
 * server rendered; without one the registry is read here, briefly. Answers at once: remote loads wait
 * for the registration, the shell's first render does not.
 */
export function registerRuntimeRemotes(config: Pick<RuntimeConfig, 'remotes' | 'remoteRegistryUrl'>, inline?: unknown): Promise<void> {
  registryUrl = config.remoteRegistryUrl;
  cohort = browserCohort();
  registration = (async () => {
    // The server checked the registry's answer (liveRemotesSchema) before writing it into the page.
    let registry = inline === undefined ? null : (inline as InlineLiveRemotes | null);
    if (inline === undefined && config.remoteRegistryUrl) {
      const read = await readRegistry(config.remoteRegistryUrl);
      loadId = read?.loadId;
      registry = read;
    }
    const rollouts = REMOTE_NAMES.filter((remote) => registry?.rollouts[remote]);
    releases.choose(chooseManifest(registry, config, cohort), { sampleRate: registry?.loadSampleRate ?? 0, rollouts });
    startReporting(registry?.vitalsSampleRate ?? 0);
  })();
  return registration;
}

async function loadRoutes(remote: RemoteName): Promise<{ default: ComponentType }> {
  const module = await loadRemote<{ default: ComponentType }>(`${remote}/${REMOTE_ROUTES_MODULE}`);
  if (!module?.default) throw new Error(`${remote} did not expose ${REMOTE_ROUTES_MODULE}`);
  return module;
}

/**
 * Loads a remote's route tree (the plugin falls back to the previous version when the chosen one
 * will not load). A retry registers the remote afresh, so a remote that came back is fetched again.
 */
export function loadRemoteRoutes(remote: RemoteName, isRetry: boolean): Promise<{ default: ComponentType }> {
  const preloaded = isRetry ? undefined : preloads.get(remote);
  if (preloaded) {
    preloads.delete(remote);
    return preloaded;
  }
  return loadRegistered(remote, isRetry);
}

async function loadRegistered(remote: RemoteName, isRetry: boolean): Promise<{ default: ComponentType }> {
  await registration;
  if (!releases.isRegistered(remote)) throw new Error(`No manifest URL is configured for ${remote}`);
  if (isRetry) releases.retry(remote);
  return loadRoutes(remote);
}

/**
 * Starts loading the page's remote while the shell gets ready, instead of after its first render:
 * its files through the runtime's preloadRemote, then the module. Answers its route tree once loaded,
 * for the first render to take directly (behind React.lazy it would show the fallback first, and
 * React reveals content that replaces a fallback only after a throttle, ~300 ms); undefined when it
 * failed, and then the slot's first render takes the failure and shows it as it would its own.
 * Never rejects.
 */
export function preloadRemoteRoutes(remote: RemoteName): Promise<ComponentType | undefined> {
  let loading = preloads.get(remote);
  if (!loading) {
    loading = (async () => {
      await registration;
      // The module's files start downloading at once; the load below runs the entry meanwhile.
      void releases.preload(remote, REMOTE_ROUTES_MODULE);
      return loadRegistered(remote, false);
    })();
    preloads.set(remote, loading);
  }
  return loading.then(
    (module) => {
      // Rendered directly: no lazy will ever take the promise.
      preloads.delete(remote);
      return module.default;
    },
    // Handled where the slot renders it; nothing is reported twice.
    () => undefined,
  );
}
