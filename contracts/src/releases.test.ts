import { randomBytes } from 'node:crypto';
import { RELEASE_CHECKED_SINGLETONS, SHARED_SINGLETONS, chooseManifest, cohortBucket, packageOf, releaseMessages, serverEntryUrl, sharedIncompatibilities } from './releases';
import { remoteLoadFailureInputSchema, remoteVitalsInputSchema, rolloutInputSchema } from './release-schemas';

describe('whether a remote built against some versions can run in the shell', () => {
  const shell = { react: '19.3.1', 'react-router': '7.18.5', '@pcpp/contracts': '1.2.0', zustand: '0.4.1' };

  it('accepts the same majors, whatever the minor or patch', () => {
    expect(sharedIncompatibilities(shell, { react: '19.0.0', 'react-router': '7.20.1', '@pcpp/contracts': '1.0.0' })).toEqual([]);
  });

  it('names each singleton built against another major, with what the shell provides', () => {
    expect(sharedIncompatibilities(shell, { react: '18.3.1', '@pcpp/contracts': '2.0.0', 'react-router': '7.18.5' })).toEqual([
      'react 18.3.1 (the shell provides 19.3.1)',
      '@pcpp/contracts 2.0.0 (the shell provides 1.2.0)',
    ]);
  });

  it('treats a 0.x minor as a major, as npm does', () => {
    expect(sharedIncompatibilities(shell, { zustand: '0.5.0' })).toEqual(['zustand 0.5.0 (the shell provides 0.4.1)']);
    expect(sharedIncompatibilities(shell, { zustand: '0.4.9' })).toEqual([]);
  });

  it('ignores packages only one side shares, and packages not checked', () => {
    expect(sharedIncompatibilities(shell, { 'react-dom': '18.0.0', lodash: '1.0.0' })).toEqual([]);
  });
});

describe('which version of a remote a page loads', () => {
  const config = { remotes: { mf_shop: 'http://shop.example/mf-manifest.json', mf_dashboard: 'http://d.example/mf-manifest.json', mf_admin: 'http://a.example/mf-manifest.json' } };
  const registry = {
    remotes: { mf_shop: 'http://store.example/mf-shop/0.1.0+2/mf-manifest.json', mf_admin: 'http://store.example/mf-admin/0.1.0+1/mf-manifest.json' },
    previous: { mf_shop: 'http://store.example/mf-shop/0.1.0+1/mf-manifest.json' },
    versions: { mf_shop: { live: '0.1.0+2', previous: '0.1.0+1' }, mf_admin: { live: '0.1.0+1' } },
    rollouts: { mf_admin: { version: '0.2.0+3', manifestUrl: 'http://store.example/mf-admin/0.2.0+3/mf-manifest.json', percent: 50 } },
  };
  const cohortWith = (test: (bucket: number) => boolean) => {
    for (let i = 0; ; i += 1) if (test(cohortBucket(`cohort-${String(i).padStart(10, '0')}`, 'mf_admin'))) return `cohort-${String(i).padStart(10, '0')}`;
  };

  it("takes the registry's live version, with the one before it", () => {
    expect(chooseManifest(registry, config, null).mf_shop).toEqual({
      manifestUrl: registry.remotes.mf_shop,
      version: '0.1.0+2',
      previous: registry.previous.mf_shop,
      previousVersion: '0.1.0+1',
      source: 'registry',
    });
  });

  it("gives a rollout's candidate to the cohorts below its share, falling back to the live version, and the live version to the others", () => {
    expect(chooseManifest(registry, config, cohortWith((bucket) => bucket < 50)).mf_admin).toEqual({
      manifestUrl: registry.rollouts.mf_admin.manifestUrl,
      version: '0.2.0+3',
      previous: registry.remotes.mf_admin,
      previousVersion: '0.1.0+1',
      source: 'rollout',
    });
    expect(chooseManifest(registry, config, cohortWith((bucket) => bucket >= 50)).mf_admin).toEqual({
      manifestUrl: registry.remotes.mf_admin,
      version: '0.1.0+1',
      source: 'registry',
    });
    // Without a cohort (nobody's browser), the live version.
    expect(chooseManifest(registry, config, null).mf_admin.source).toBe('registry');
  });

  it("falls back to the runtime config's address when the registry is unread or has nothing live", () => {
    expect(chooseManifest(null, config, null).mf_shop).toEqual({ manifestUrl: config.remotes.mf_shop, source: 'config' });
    expect(chooseManifest(registry, config, 'cohort-0000000000').mf_dashboard).toEqual({ manifestUrl: config.remotes.mf_dashboard, source: 'config' });
  });

  it("finds a version's server build in server/ beside its browser build", () => {
    expect(serverEntryUrl(registry.remotes.mf_shop)).toBe('http://store.example/mf-shop/0.1.0+2/server/remoteEntry.js');
    expect(serverEntryUrl('http://localhost:3001/mf-manifest.json')).toBe('http://localhost:3001/server/remoteEntry.js');
  });
});

describe('cohorts', () => {
  const ids = Array.from({ length: 10_000 }, () => randomBytes(12).toString('base64url'));

  it('puts a cohort in the same bucket every time, and in independent buckets per remote', () => {
    for (const id of ids.slice(0, 100)) expect(cohortBucket(id, 'mf_shop')).toBe(cohortBucket(id, 'mf_shop'));
    const same = ids.filter((id) => cohortBucket(id, 'mf_shop') === cohortBucket(id, 'mf_admin')).length;
    // Independent buckets agree about 1 time in 100.
    expect(same).toBeLessThan(300);
  });

  it.each(['mf_shop', 'mf_dashboard', 'mf_admin'] as const)('spreads 10,000 random ids evenly for %s: every share within 2 points', (remote) => {
    const buckets = ids.map((id) => cohortBucket(id, remote));
    for (const bucket of buckets) expect(Number.isInteger(bucket) && bucket >= 0 && bucket < 100).toBe(true);
    for (let percent = 1; percent <= 100; percent += 1) {
      const share = (buckets.filter((bucket) => bucket < percent).length / ids.length) * 100;
      expect({ percent, share: Math.abs(share - percent) <= 2 }).toEqual({ percent, share: true });
    }
  });
});

describe('which singletons the release check compares', () => {
  it('compares each shared module that is a package of its own, and nothing the builds do not share', () => {
    expect(RELEASE_CHECKED_SINGLETONS).toEqual([
      'react',
      'react-dom',
      'zustand',
      'styled-components',
      'react-hook-form',
      'react-toastify',
      '@tanstack/react-query',
      '@pcpp/contracts',
    ]);
    for (const name of RELEASE_CHECKED_SINGLETONS) expect(SHARED_SINGLETONS).toContain(name);
  });

  it('covers every shared subpath through its package, but the form resolvers, shared only as a subpath', () => {
    const uncovered = SHARED_SINGLETONS.filter((request) => !RELEASE_CHECKED_SINGLETONS.includes(packageOf(request)));
    expect(uncovered).toEqual(['@hookform/resolvers/zod']);
  });

  it('ignores zod, which each build bundles for itself', () => {
    expect(sharedIncompatibilities({ zod: '4.6.7' }, { zod: '3.25.0' })).toEqual([]);
  });
});

describe('packageOf', () => {
  it.each([
    ['react', 'react'],
    ['react-dom/client', 'react-dom'],
    ['@pcpp/contracts', '@pcpp/contracts'],
    ['@pcpp/contracts/ui', '@pcpp/contracts'],
  ])('%s belongs to %s', (request, name) => {
    expect(packageOf(request)).toBe(name);
  });
});

describe('the guarded rollouts’ bodies', () => {
  const loadId = 'x'.repeat(40);
  const cohort = 'c'.repeat(20);
  const base = { remote: 'mf_shop', version: '0.1.0+abc', loadId, cohort };

  it('takes a share by hand or stages, never both, and stages rise to 100', () => {
    expect(rolloutInputSchema.safeParse({ version: '0.1.0', percent: 10 }).success).toBe(true);
    expect(rolloutInputSchema.parse({ version: '0.1.0', stages: [5, 25, 50, 100], stageMinutes: 0.05 })).toMatchObject({ stages: [5, 25, 50, 100] });
    const message = (input: object) => rolloutInputSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ version: '0.1.0', percent: 10, stages: [50, 100] })).toBe(releaseMessages.percentOrStages);
    expect(message({ version: '0.1.0' })).toBe(releaseMessages.percentRequired);
    expect(message({ version: '0.1.0', stages: [5, 25, 50] })).toBe(releaseMessages.stagesShape);
    expect(message({ version: '0.1.0', stages: [25, 5, 100] })).toBe(releaseMessages.stagesShape);
    expect(message({ version: '0.1.0', stages: [50, 50, 100] })).toBe(releaseMessages.stagesShape);
    expect(message({ version: '0.1.0', stages: [100] })).toBe(releaseMessages.stagesShape);
    expect(message({ version: '0.1.0', percent: 10, stageMinutes: 5 })).toBe(releaseMessages.stageMinutesWithoutStages);
    expect(message({ version: '0.1.0', stages: [50, 100], stageMinutes: 0 })).toBe(releaseMessages.stageMinutesShape);
  });

  it('reads an error report as a load failure unless it says runtime', () => {
    expect(remoteLoadFailureInputSchema.parse({ ...base, message: 'x' }).kind).toBe('load');
    expect(remoteLoadFailureInputSchema.parse({ ...base, message: 'x', kind: 'runtime', stack: 'at f (a.js:1:1)' }).kind).toBe('runtime');
    expect(remoteLoadFailureInputSchema.safeParse({ ...base, message: 'x', kind: 'render' }).success).toBe(false);
    expect(remoteLoadFailureInputSchema.safeParse({ ...base, message: 'x', stack: 's'.repeat(2_001) }).success).toBe(false);
  });

  it('takes any subset of the vitals within bounds, at least one', () => {
    expect(remoteVitalsInputSchema.safeParse({ ...base, inp: 120 }).success).toBe(true);
    expect(remoteVitalsInputSchema.safeParse({ ...base, lcp: 2_500, inp: 80, cls: 0.1 }).success).toBe(true);
    expect(remoteVitalsInputSchema.safeParse(base).error?.issues[0]?.message).toBe(releaseMessages.vitalsEmpty);
    expect(remoteVitalsInputSchema.safeParse({ ...base, inp: -1 }).success).toBe(false);
    expect(remoteVitalsInputSchema.safeParse({ ...base, lcp: 120_001 }).success).toBe(false);
    expect(remoteVitalsInputSchema.safeParse({ ...base, inp: 10, fid: 3 }).success).toBe(false);
  });
});
