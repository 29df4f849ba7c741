import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type ManifestChoice, type ManifestChoices, type RemoteName } from '@pcpp/contracts/core';

/** What the plugin uses of the federation runtime (the real one, or a fake in its tests). */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
  preloadRemote(options: { nameOrAlias: string; exposes?: string[] }[]): Promise<void>;
}

/** Where the plugin's reports go (remote-loader.ts posts them to the api). */
export interface ReleaseReports {
  /** A version of a remote failed to load (kind 'load') or threw while rendering (kind 'runtime'). */
  failed(remote: RemoteName, version: string, error: unknown, kind: 'load' | 'runtime'): void;
  /** A version loaded and rendered (only for remotes in a rollout, at the registry's sample rate). */
  loaded(remote: RemoteName, version: string): void;
}

interface RemoteState {
  choice: ManifestChoice;
  /** True once the fallback (the version before, or the live one for a candidate) replaced the choice on this page. */
  onPrevious: boolean;
  /** loadEntryError switched versions: the load that failed is tried once more, at the fallback. */
  retryPending: boolean;
  /** Its success was reported (or not sampled): once per page load. */
  successSettled: boolean;
}

const remoteOf = (id: string): RemoteName | undefined => REMOTE_NAMES.find((name) => id === name || id.startsWith(`${name}/`));

/**
 * The one place a page's remote versions are decided and changed (docs/architecture/remotes-at-run-time.md, "Releases"):
 * registers each remote at the version chooseManifest gave it; when that version fails to load
 * (errorLoadRemote, loadEntryError) or to render (renderFailed), reports it and switches the remote
 * to its fallback, once; reports a sample of the loads that went well, for remotes in a rollout.
 */
export function createReleasesPlugin({
  runtime,
  reports,
  globals = globalThis as unknown as Record<string, unknown>,
  random = Math.random,
}: {
  runtime: FederationRuntime;
  reports: ReleaseReports;
  /** Where webpack keeps each remote's chunk array (the window). */
  globals?: Record<string, unknown>;
  random?: () => number;
}) {
  const remotes = new Map<RemoteName, RemoteState>();
  const handled = new WeakSet<object>();
  let sampleRate = 0;
  let inRollout = new Set<RemoteName>();

  const activeEntry = (state: RemoteState) => (state.onPrevious && state.choice.previous ? state.choice.previous : state.choice.manifestUrl);
  const activeVersion = (state: RemoteState) => (state.onPrevious ? state.choice.previousVersion : state.choice.version);

  /**
   * Registers `remote` again at `entry`, dropping what the runtime cached of it. Another build of the
   * same remote shares its webpack chunk array (`webpackChunk<name>`): chunks an earlier version
   * pushed there would be taken for the new version's own, with other module ids, so it goes too.
   */
  function register(federation: FederationRuntime, remote: RemoteName, entry: string): void {
    delete globals[`webpackChunk${remote}`];
    federation.registerRemotes([{ name: remote, entry }], { force: true });
  }

  /** Reports the failure of the active version (once per error) and switches to the fallback; true when there was one to switch to. */
  function fallBack(federation: FederationRuntime, remote: RemoteName, error: unknown, kind: 'load' | 'runtime'): boolean {
    const state = remotes.get(remote);
    if (!state) return false;
    if (typeof error === 'object' && error !== null) {
      if (handled.has(error)) return false;
      handled.add(error);
    }
    const version = activeVersion(state);
    if (version) reports.failed(remote, version, error, kind);
    state.successSettled = true;
    if (state.onPrevious || !state.choice.previous) return false;
    state.onPrevious = true;
    register(federation, remote, state.choice.previous);
    return true;
  }

  const plugin: ModuleFederationRuntimePlugin = {
    name: 'pcpp-releases',
    // A remote's scripts load with CORS (its origin and the release store allow it): what they throw
    // reaches the page whole, not as "Script error." (runtime-errors.ts reports it with its stack).
    createScript({ attrs }) {
      if (attrs) attrs.crossorigin = 'anonymous';
      return undefined;
    },
    createLink({ attrs }) {
      if (attrs && attrs.rel === 'preload' && attrs.as === 'script') attrs.crossorigin = 'anonymous';
      return undefined;
    },
    // The entry script would not load (a 404, a network error): the fallback's is tried by errorLoadRemote.
    async loadEntryError({ origin, remoteInfo }) {
      const remote = remoteOf(remoteInfo.name);
      if (remote && fallBack(origin as unknown as FederationRuntime, remote, new Error(`${remoteInfo.entry} would not load`), 'load')) {
        remotes.get(remote)!.retryPending = true;
      }
      return undefined;
    },
    // Any failure of a load (the entry throws, a chunk is missing): the same module from the fallback.
    async errorLoadRemote({ id, error, origin }) {
      const remote = remoteOf(id);
      if (!remote) return undefined;
      const federation = origin as unknown as FederationRuntime;
      const state = remotes.get(remote);
      if (state?.retryPending) {
        state.retryPending = false;
        handled.add(error as object);
        return federation.loadRemote(id);
      }
      return fallBack(federation, remote, error, 'load') ? federation.loadRemote(id) : undefined;
    },
  };

  return {
    plugin,

    /**
     * Registers each remote at its chosen version. sampleRate: the share of successful loads to
     * report; rollouts: the remotes with a rollout under way (only their loads are counted).
     */
    choose(choices: ManifestChoices, options: { sampleRate: number; rollouts: RemoteName[] }): void {
      sampleRate = options.sampleRate;
      inRollout = new Set(options.rollouts);
      for (const remote of REMOTE_NAMES) {
        remotes.set(remote, { choice: choices[remote], onPrevious: false, retryPending: false, successSettled: false });
      }
      runtime.registerRemotes(REMOTE_NAMES.map((remote) => ({ name: remote, entry: choices[remote].manifestUrl })));
    },

    /** The version of `remote` this page uses now (after a fallback, the fallback's). */
    activeVersion(remote: RemoteName): string | undefined {
      const state = remotes.get(remote);
      return state && activeVersion(state);
    },

    isRegistered(remote: RemoteName): boolean {
      return remotes.has(remote);
    },

    /** Fetches a remote's entry and the module's files ahead of its load (the federation runtime's preloadRemote). */
    preload(remote: RemoteName, module: string): Promise<void> {
      return runtime.preloadRemote([{ nameOrAlias: remote, exposes: [module] }]).catch(() => undefined);
    },

    /** The remote threw while rendering: reported, and true when its fallback is now registered to try. */
    renderFailed(remote: RemoteName, error: unknown): boolean {
      return fallBack(runtime, remote, error, 'runtime');
    },

    /** What each remote was given: the chosen version and its fallback (runtime-errors.ts finds their files). */
    choices(): [RemoteName, ManifestChoice][] {
      return [...remotes].map(([remote, { choice }]) => [remote, choice]);
    },

    /** Retry: the active version registered afresh, so a remote that came back is fetched again. */
    retry(remote: RemoteName): void {
      const state = remotes.get(remote);
      if (state) register(runtime, remote, activeEntry(state));
    },

    /** The remote rendered: a sample of these is reported while the remote is in a rollout. */
    rendered(remote: RemoteName): void {
      const state = remotes.get(remote);
      if (!state || state.successSettled) return;
      state.successSettled = true;
      const version = activeVersion(state);
      if (version && inRollout.has(remote) && random() < sampleRate) reports.loaded(remote, version);
    },
  };
}

export type ReleasesPlugin = ReturnType<typeof createReleasesPlugin>;
