import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REMOTE_NAMES,
  REMOTE_ROUTES_MODULE,
  apiClient,
  liveRemotesSchema,
  type ApiRequestBody,
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
/** This page load's id from the registry: a failure report carries it, or is not sent (the api would refuse it). */
let loadId: string | undefined;
const REGISTRY_TIMEOUT_MS = 3_000;
const handled = new WeakSet<object>();
/** A load started before the first render (preloadRemoteRoutes), until the slot takes it. */
const preloads = new Map<RemoteName, Promise<{ default: ComponentType }>>();
/** Route trees whose preload finished: the slot renders them without React.lazy. */
const ready = new Map<RemoteName, ComponentType>();

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

/** Registers each remote's live version: from the api's registry, else from the runtime config. */
export async function registerRuntimeRemotes(config: Pick<RuntimeConfig, 'remotes' | 'remoteRegistryUrl'>): Promise<void> {
  const registry = config.remoteRegistryUrl ? await readRegistry(config.remoteRegistryUrl) : null;
  loadId = registry?.loadId;
  for (const name of REMOTE_NAMES) {
    const live = registry?.remotes[name];
    entries.set(
      name,
      live
        ? { live, previous: registry?.previous[name], versions: registry?.versions[name], onPrevious: false }
        : { live: config.remotes[name], onPrevious: false },
    );
  }
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry: entry.live })));
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
 * Tells the api a version would not load, for the Releases page, with the load id the registry gave
 * this page (only versions it served can be reported); a report that fails changes nothing.
 */
function reportFailure(remote: RemoteName, entry: RemoteEntries, error: unknown): void {
  const version = activeVersion(entry);
  if (!loadId || !version) return;
  const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);
  const body: ApiRequestBody<'/remotes/errors', 'post'> = { remote, version, loadId, message };
  apiClient.post('/remotes/errors', body).catch(() => undefined);
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
 * Starts loading the page's remote while the shell gets ready, instead of after its first render;
 * the slot's first render then takes this load (and its failure, which the slot shows as it would
 * its own). Settles when the load does, never rejects.
 */
export function preloadRemoteRoutes(remote: RemoteName): Promise<void> {
  if (!entries.has(remote)) return Promise.resolve();
  let loading = preloads.get(remote);
  if (!loading) {
    loading = loadRemoteRoutes(remote, false);
    preloads.set(remote, loading);
  }
  return loading.then(
    (module) => {
      // The slot renders it directly, so no lazy will ever take the promise.
      preloads.delete(remote);
      ready.set(remote, module.default);
    },
    // Handled where the slot renders it; nothing is reported twice.
    () => undefined,
  );
}

/**
 * The remote's route tree when its preload has already finished: the slot renders it at once.
 * Behind React.lazy it would show the fallback first, and React reveals content that replaces a
 * fallback only after a throttle (~300 ms), which would hold back the page's largest paint.
 */
export function preloadedRemoteRoutes(remote: RemoteName): ComponentType | undefined {
  return ready.get(remote);
}
