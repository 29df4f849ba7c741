import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REMOTE_NAMES,
  REMOTE_ROUTES_MODULE,
  apiClient,
  chooseManifest,
  inlineLiveRemotesSchema,
  liveRemotesSchema,
  type ApiRequestBody,
  type InlineLiveRemotes,
  type LiveRemotes,
  type RemoteName,
  type RuntimeConfig,
} from '@pcpp/contracts';

/** Where a remote is loaded from: its live version, and the one live before it (tried once if the live one fails). */
interface RemoteEntries {
  live: string;
  previous?: string;
  /** The registry's versions of `live` and `previous` (none when the runtime config's remotes stand in). */
  versions?: { live: string; previous?: string };
  /** True once the previous version replaced the live one on this page. */
  onPrevious: boolean;
}

const entries = new Map<RemoteName, RemoteEntries>();
/** A slow api never holds the page back for longer: the runtime config's remotes are used instead. */
export const REGISTRY_TIMEOUT_MS = 500;
/**
 * This page load's id from the registry: a failure report carries it (only versions it served can be
 * reported). A page the server rendered has none of its own (the server's answer serves many pages).
 */
let loadId: string | undefined;
const handled = new WeakSet<object>();
/** A load started before the first render (preloadRemoteRoutes), until the slot takes it. */
const preloads = new Map<RemoteName, Promise<{ default: ComponentType }>>();
/** Settles once every remote is registered: loads wait for it, the first render does not. */
let registration: Promise<void> | null = null;
let registryUrl: string | undefined;

/** The release registry's live remotes, or null when it cannot be read (the runtime config's remotes then). */
async function readRegistry(url: string): Promise<LiveRemotes | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return liveRemotesSchema.parse(await response.json());
  } catch (error) {
    console.warn('The release registry is unreachable: using the remotes of /config.json', error);
    return null;
  }
}

/**
 * Registers each remote's live version (chooseManifest: the registry's, else the runtime config's).
 * `inline` is the registry's answer the shell's server chose with (null: it could not read it), so the
 * page loads the versions the server rendered; without one the registry is read here, briefly.
 * Answers at once: remote loads wait for the registration, the shell's first render does not.
 */
export function registerRuntimeRemotes(
  config: Pick<RuntimeConfig, 'remotes' | 'remoteRegistryUrl'>,
  inline?: unknown,
): Promise<void> {
  registryUrl = config.remoteRegistryUrl;
  registration = (async () => {
    const parsed = inline === undefined ? undefined : inlineLiveRemotesSchema.nullable().safeParse(inline);
    let registry: InlineLiveRemotes | null = parsed?.success ? parsed.data : null;
    if (!parsed?.success && config.remoteRegistryUrl) {
      const read = await readRegistry(config.remoteRegistryUrl);
      loadId = read?.loadId;
      registry = read;
    }
    for (const name of REMOTE_NAMES) {
      const choice = chooseManifest(registry, config, name);
      const versions = choice.source === 'registry' ? registry?.versions[name] : undefined;
      entries.set(name, { live: choice.manifestUrl, previous: choice.previous, versions, onPrevious: false });
    }
    registerRemotes([...entries].map(([name, entry]) => ({ name, entry: entry.live })));
  })();
  return registration;
}

/**
 * Registers the remote again at `entry`, dropping what the runtime cached of it. Another build of
 * the same remote shares its webpack chunk array (`webpackChunk<name>`): chunks an earlier version
 * pushed there would be taken for the new version's own, with other module ids, so it goes too.
 */
function reregister(remote: RemoteName, entry: string): void {
  delete (globalThis as Record<string, unknown>)[`webpackChunk${remote}`];
  registerRemotes([{ name: remote, entry }], { force: true });
}

function activeEntry(entry: RemoteEntries): string {
  return entry.onPrevious && entry.previous ? entry.previous : entry.live;
}

function activeVersion(entry: RemoteEntries): string | undefined {
  return entry.onPrevious && entry.previous ? entry.versions?.previous : entry.versions?.live;
}

/**
 * This page load's id, for a failure report: the registry's answer it read itself, else (a page the
 * server rendered) one asked for now, if that answer still serves `version` (a version promoted
 * away meanwhile cannot be reported).
 */
async function loadIdFor(remote: RemoteName, version: string): Promise<string | undefined> {
  if (loadId || !registryUrl) return loadId;
  const fresh = await readRegistry(registryUrl);
  const served = fresh?.versions[remote];
  if (!fresh || (served?.live !== version && served?.previous !== version)) return undefined;
  loadId = fresh.loadId;
  return loadId;
}

/**
 * Tells the api a version would not load, for the Releases page, with this page load's id (only
 * versions it served can be reported); a report that fails changes nothing.
 */
function reportFailure(remote: RemoteName, entry: RemoteEntries, error: unknown): void {
  const version = activeVersion(entry);
  if (!version) return;
  const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);
  void loadIdFor(remote, version)
    .then((id) => {
      if (!id) return;
      const body: ApiRequestBody<'/remotes/errors', 'post'> = { remote, version, loadId: id, message };
      return apiClient.post('/remotes/errors', body);
    })
    .catch(() => undefined);
}

/**
 * The live version failed (to load, or while rendering): report it and, the first time only,
 * switch the remote to its previous version. True when there is a version left to try.
 */
export function fallBackFromFailure(remote: RemoteName, error: unknown): boolean {
  const entry = entries.get(remote);
  // A load failure reaches the error boundary too, after loadRemoteRoutes handled it.
  if (!entry || handled.has(error as object)) return false;
  if (typeof error === 'object' && error !== null) handled.add(error);
  reportFailure(remote, entry, error);
  if (entry.onPrevious || !entry.previous) return false;
  entry.onPrevious = true;
  reregister(remote, entry.previous);
  return true;
}

async function loadRoutes(remote: RemoteName): Promise<{ default: ComponentType }> {
  const module = await loadRemote<{ default: ComponentType }>(`${remote}/${REMOTE_ROUTES_MODULE}`);
  if (!module?.default) throw new Error(`${remote} did not expose ${REMOTE_ROUTES_MODULE}`);
  return module;
}

/**
 * Loads a remote's route tree, from its previous version when the live one will not load. A retry
 * re-registers the remote with `force`, which drops the runtime's cached manifest and entry, so a
 * remote that came back is fetched afresh.
 */
export async function loadRemoteRoutes(remote: RemoteName, isRetry: boolean): Promise<{ default: ComponentType }> {
  const preloaded = isRetry ? undefined : preloads.get(remote);
  if (preloaded) {
    preloads.delete(remote);
    return preloaded;
  }
  await registration;
  const entry = entries.get(remote);
  if (!entry) throw new Error(`No manifest URL is configured for ${remote}`);
  if (isRetry) reregister(remote, activeEntry(entry));
  try {
    return await loadRoutes(remote);
  } catch (error) {
    if (!fallBackFromFailure(remote, error)) throw error;
    return loadRoutes(remote);
  }
}

/**
 * Starts loading the page's remote while the shell gets ready, instead of after its first render.
 * Answers its route tree once loaded, for the first render to take directly (behind React.lazy it
 * would show the fallback first, and React reveals content that replaces a fallback only after a
 * throttle, ~300 ms); undefined when it failed, and then the slot's first render takes the failure
 * and shows it as it would its own. Never rejects.
 */
export function preloadRemoteRoutes(remote: RemoteName): Promise<ComponentType | undefined> {
  let loading = preloads.get(remote);
  if (!loading) {
    loading = loadRemoteRoutes(remote, false);
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
