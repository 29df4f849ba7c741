import { chooseManifest, type LiveRemotes, type RemoteName } from '@pcpp/contracts/core';
import { createReleasesPlugin, type FederationRuntime, type ReleasesPlugin } from './releases-plugin';

// The shell's federation plugin against a fake runtime that behaves as @module-federation/runtime-core
// does: a failed load goes through errorLoadRemote (whatever it answers is the module; nothing: the
// load rejects), and an entry script that would not load goes through loadEntryError first.

const manifest = (remote: string, version: string) => `http://store.test/${remote}/${version}/mf-manifest.json`;
const registry: Omit<LiveRemotes, 'loadId'> = {
  remotes: { mf_shop: manifest('mf-shop', '1.0.0+live'), mf_admin: manifest('mf-admin', '2.0.0+live') },
  previous: { mf_admin: manifest('mf-admin', '1.9.0+before') },
  versions: { mf_shop: { live: '1.0.0+live' }, mf_admin: { live: '2.0.0+live', previous: '1.9.0+before' } },
  rollouts: { mf_shop: { version: '1.1.0+candidate', manifestUrl: manifest('mf-shop', '1.1.0+candidate'), percent: 100 } },
  loadSampleRate: 0.5,
};
const config = { remotes: { mf_shop: 'http://localhost:1/mf-manifest.json', mf_dashboard: 'http://localhost:2/mf-manifest.json', mf_admin: 'http://localhost:3/mf-manifest.json' } };
// At 100 % every cohort gets the candidate.
const choices = chooseManifest(registry, config, 'any-cohort-0123456789');

class FakeRuntime implements FederationRuntime {
  entries = new Map<string, string>();
  registrations: { name: string; entry: string; force: boolean }[] = [];
  /** Entries whose script runs but throws (the runtime's ScriptExecutionError). */
  throwing = new Set<string>();
  /** Entries whose script is not there (a 404: the runtime's RUNTIME_008). */
  missing = new Set<string>();
  preloaded: string[] = [];
  plugin!: ReleasesPlugin['plugin'];

  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }) {
    for (const { name, entry } of remotes) {
      this.entries.set(name, entry);
      this.registrations.push({ name, entry, force: Boolean(options?.force) });
    }
  }

  async preloadRemote(options: { nameOrAlias: string }[]) {
    this.preloaded.push(...options.map((option) => option.nameOrAlias));
  }

  async loadRemote<T>(id: string): Promise<T | null> {
    const name = id.split('/')[0]!;
    const entry = this.entries.get(name)!;
    try {
      if (this.missing.has(entry)) {
        const recovered = await this.plugin.loadEntryError!({ origin: this, remoteInfo: { name, entry } } as never);
        if (!recovered) throw new Error(`[ Federation Runtime ]: RUNTIME_008 ${entry}`);
      }
      if (this.throwing.has(entry)) throw new Error(`ScriptExecutionError: ${entry} broken on purpose`);
      return { default: `routes of ${entry}` } as T;
    } catch (error) {
      const failOver = await this.plugin.errorLoadRemote!({ id, error, origin: this, lifecycle: 'onLoad', from: 'runtime' } as never);
      if (!failOver) throw error;
      return failOver as T;
    }
  }
}

function setUp(random = () => 0) {
  const runtime = new FakeRuntime();
  const failed: string[] = [];
  const loaded: string[] = [];
  const globals: Record<string, unknown> = { webpackChunkmf_shop: ['chunk of another version'] };
  const releases = createReleasesPlugin({
    runtime,
    globals,
    random,
    reports: {
      failed: (remote: RemoteName, version: string, _error: unknown, kind: 'load' | 'runtime') =>
        failed.push(`${remote} ${version}${kind === 'runtime' ? ' (runtime)' : ''}`),
      loaded: (remote: RemoteName, version: string) => loaded.push(`${remote} ${version}`),
    },
  });
  runtime.plugin = releases.plugin;
  releases.choose(choices, { sampleRate: registry.loadSampleRate, rollouts: ['mf_shop'] });
  return { runtime, releases, failed, loaded, globals };
}

it('registers each remote at the version chooseManifest gave the cohort', () => {
  const { runtime } = setUp();
  expect(Object.fromEntries(runtime.entries)).toEqual({
    mf_shop: manifest('mf-shop', '1.1.0+candidate'),
    mf_dashboard: config.remotes.mf_dashboard,
    mf_admin: manifest('mf-admin', '2.0.0+live'),
  });
});

it("serves a candidate whose entry throws from the live version, reporting the candidate, and drops the other build's chunks", async () => {
  const { runtime, releases, failed, globals } = setUp();
  runtime.throwing.add(manifest('mf-shop', '1.1.0+candidate'));
  await expect(runtime.loadRemote('mf_shop/routes')).resolves.toEqual({ default: `routes of ${manifest('mf-shop', '1.0.0+live')}` });
  expect(failed).toEqual(['mf_shop 1.1.0+candidate']);
  expect(runtime.registrations.at(-1)).toEqual({ name: 'mf_shop', entry: manifest('mf-shop', '1.0.0+live'), force: true });
  expect(globals.webpackChunkmf_shop).toBeUndefined();
  expect(releases.activeVersion('mf_shop')).toBe('1.0.0+live');
});

it('switches at loadEntryError when the entry is missing, and tries the load once more at the fallback', async () => {
  const { runtime, failed } = setUp();
  runtime.missing.add(manifest('mf-admin', '2.0.0+live'));
  await expect(runtime.loadRemote('mf_admin/routes')).resolves.toEqual({ default: `routes of ${manifest('mf-admin', '1.9.0+before')}` });
  expect(failed).toEqual(['mf_admin 2.0.0+live']);
});

it('rejects when the fallback fails too, reporting each version once, and never loops', async () => {
  const { runtime, failed } = setUp();
  runtime.throwing.add(manifest('mf-admin', '2.0.0+live'));
  runtime.throwing.add(manifest('mf-admin', '1.9.0+before'));
  await expect(runtime.loadRemote('mf_admin/routes')).rejects.toThrow('1.9.0+before');
  expect(failed).toEqual(['mf_admin 2.0.0+live', 'mf_admin 1.9.0+before']);
});

it('fails a remote with no fallback at once, reporting it', async () => {
  const { runtime, failed } = setUp();
  runtime.throwing.add(config.remotes.mf_dashboard);
  await expect(runtime.loadRemote('mf_dashboard/routes')).rejects.toThrow('broken on purpose');
  // The runtime config's build has no registry version to name.
  expect(failed).toEqual([]);
});

it('falls back once when a version throws while rendering', () => {
  const { releases, failed, runtime } = setUp();
  const error = new Error('render failed');
  expect(releases.renderFailed('mf_admin', error)).toBe(true);
  // The same error seen again (a load failure reaches the error boundary too) is not reported twice.
  expect(releases.renderFailed('mf_admin', error)).toBe(false);
  expect(releases.renderFailed('mf_admin', new Error('the fallback failed too'))).toBe(false);
  // Thrown while rendering: a runtime error of that version, not a failed load.
  expect(failed).toEqual(['mf_admin 2.0.0+live (runtime)', 'mf_admin 1.9.0+before (runtime)']);
  expect(runtime.entries.get('mf_admin')).toBe(manifest('mf-admin', '1.9.0+before'));
});

it('registers the active version afresh on Retry, and preloads through the runtime', async () => {
  const { releases, runtime } = setUp();
  releases.retry('mf_shop');
  expect(runtime.registrations.at(-1)).toEqual({ name: 'mf_shop', entry: manifest('mf-shop', '1.1.0+candidate'), force: true });
  await releases.preload('mf_shop', 'routes');
  expect(runtime.preloaded).toEqual(['mf_shop']);
});

it('reports a sample of successful loads, once per page, for remotes in a rollout only', () => {
  const sampled = setUp(() => 0.2);
  sampled.releases.rendered('mf_shop');
  sampled.releases.rendered('mf_shop');
  sampled.releases.rendered('mf_admin');
  expect(sampled.loaded).toEqual(['mf_shop 1.1.0+candidate']);

  const notSampled = setUp(() => 0.7);
  notSampled.releases.rendered('mf_shop');
  expect(notSampled.loaded).toEqual([]);
});

it('tells what each remote was given, for the runtime error reports', () => {
  const { releases } = setUp();
  expect(releases.choices().map(([remote, choice]) => [remote, choice.version, choice.previousVersion])).toEqual([
    ['mf_shop', '1.1.0+candidate', '1.0.0+live'],
    ['mf_dashboard', undefined, undefined],
    ['mf_admin', '2.0.0+live', '1.9.0+before'],
  ]);
});
