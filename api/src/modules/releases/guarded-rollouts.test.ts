import request from 'supertest';
import { cohortBucket, type RemoteName } from '@pcpp/contracts/core';
import { createAccount, createTestApi, type TestApi } from '../../../test/helpers';
import { SHELL_SHARED, startManifestServer } from '../../../test/release-fixtures';

// Guarded rollouts (issue 35) against the api with its real database, on a clock the tests move:
// which reports count, the verdict at its interval, the automatic rollback and the stages.
// The statistics themselves: verdict.test.ts. Two api processes: src/scale-out.test.ts.

const INTERVAL_SECONDS = 60;
const START = Date.UTC(2026, 10, 27, 9, 0, 0);

let manifests: Awaited<ReturnType<typeof startManifestServer>>;
let api: TestApi;
let admin: { email: string; token: string };
let clock: Date;

beforeAll(async () => {
  manifests = await startManifestServer();
  manifests.set('/shell/mf-manifest.json', { name: 'shell', shared: Object.entries(SHELL_SHARED).map(([name, version]) => ({ name, version })) });
});
afterAll(async () => {
  await manifests.close();
});

/** A fresh api (its own database) with the defaults of production but the reports' rate limits, behind a proxy so tests choose addresses. */
async function startApi(env: NodeJS.ProcessEnv = {}) {
  clock = new Date(START);
  api = await createTestApi(
    {
      SHELL_MANIFEST_URL: manifests.shellManifestUrl,
      RELEASES_PUBLIC_URL: manifests.base,
      TRUST_PROXY: 'true',
      RELEASE_VERDICT_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
      // The forgeries below would hit the per-address limit long before the verdict: let them all in.
      RELEASE_REPORTS_PER_ADDRESS: '100000',
      ...env,
    },
    { releasesClock: () => clock },
  );
  admin = await createAccount(api, 'admin');
}
afterEach(async () => {
  await api?.close();
});

const tick = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const asAdmin = (call: request.Test) => call.set('Authorization', `Bearer ${admin.token}`);
const overviewOf = async (remote: RemoteName) =>
  (await asAdmin(request(api.app).get('/releases'))).body.find((entry: { remote: string }) => entry.remote === remote);

/** Publishes `live` and `candidate` of `remote`, makes `live` live, and starts a rollout of `candidate` with `body`. */
async function rollOut(remote: RemoteName, body: object, live = '1.0.0+live', candidate = '1.1.0+candidate') {
  for (const version of [live, candidate]) {
    expect((await asAdmin(request(api.app).post(`/releases/${remote}`)).send({ version, manifestUrl: manifests.publish(remote, version) })).status).toBe(201);
  }
  expect((await asAdmin(request(api.app).post(`/releases/${remote}/promote`)).send({ version: live })).status).toBe(200);
  const started = await asAdmin(request(api.app).post(`/releases/${remote}/rollout`)).send({ version: candidate, ...body });
  expect(started.status).toBe(200);
  return { live, candidate };
}

/** `count` cohort ids in the rollout's share (below `percent`) and `count` outside it. */
function cohortsOf(remote: RemoteName, percent: number, count: number, prefix = 'test') {
  const inside: string[] = [];
  const outside: string[] = [];
  for (let i = 0; inside.length < count || outside.length < count; i += 1) {
    const cohort = `${prefix}-cohort-${String(i).padStart(8, '0')}`;
    const list = cohortBucket(cohort, remote) < percent ? inside : outside;
    if (list.length < count) list.push(cohort);
  }
  return { inside, outside };
}

/** What a page load met, reported after its load (a page whose remote failed to load reports no load: `loaded` false). */
type Outcome = { error?: 'load' | 'runtime'; vitals?: { lcp?: number; inp?: number }; loaded?: boolean };

/** One page load of `cohort` from `address`: its load id, the load report, and an error or vitals if given. */
async function pageLoad(remote: RemoteName, version: string, cohort: string, address: string, outcome: Outcome = {}, token?: string) {
  const withAuth = (call: request.Test) => (token ? call.set('Authorization', `Bearer ${token}`) : call);
  const loaded = await withAuth(request(api.app).get('/remotes').query({ cohort }).set('X-Forwarded-For', address));
  expect(loaded.status).toBe(200);
  const base = { remote, version, loadId: loaded.body.loadId as string, cohort };
  const post = (path: string, body: object) => withAuth(request(api.app).post(path).set('X-Forwarded-For', address).send(body));
  const statuses = outcome.loaded === false ? [] : [(await post('/remotes/loads', base)).status];
  if (outcome.error) statuses.push((await post('/remotes/errors', { ...base, kind: outcome.error, message: `Error: ${outcome.error} failure of ${version}` })).status);
  if (outcome.vitals) statuses.push((await post('/remotes/vitals', { ...base, ...outcome.vitals })).status);
  expect(statuses.every((status) => status === 204)).toBe(true);
  return base.loadId;
}

/** `count` visitors, each a cohort at an address of its own; `outcome(i)` says what the i-th met. */
async function visitors(remote: RemoteName, version: string, cohorts: string[], addressPrefix: string, outcome: (i: number) => Outcome = () => ({})) {
  for (const [i, cohort] of cohorts.entries()) await pageLoad(remote, version, cohort, `${addressPrefix}.${Math.floor(i / 250)}.${(i % 250) + 1}`, outcome(i));
}

const judge = () => api.services.releases.judgeRollouts();

describe('reports a verdict counts', () => {
  beforeEach(() => startApi({ RELEASE_REPORTS_PER_COHORT: '3' }));

  it('binds a load id to its address and its cohort, and keeps a cohort-less one out of the rollout', async () => {
    const { live, candidate } = await rollOut('mf_shop', { percent: 50 });
    const { inside } = cohortsOf('mf_shop', 50, 2);
    const asked = await request(api.app).get('/remotes').query({ cohort: inside[0] }).set('X-Forwarded-For', '192.0.2.10');
    const body = { remote: 'mf_shop', version: candidate, loadId: asked.body.loadId, cohort: inside[0] };

    const elsewhere = await request(api.app).post('/remotes/loads').set('X-Forwarded-For', '192.0.2.99').send(body);
    expect([elsewhere.status, elsewhere.body]).toEqual([403, { message: 'This load id was issued to another network address: a page reports from the address that asked GET /remotes' }]);
    const otherCohort = await request(api.app).post('/remotes/loads').set('X-Forwarded-For', '192.0.2.10').send({ ...body, cohort: inside[1] });
    expect(otherCohort.status).toBe(403);

    // Asked without a cohort (what the shell's server does): no candidate, and the live version is kept but not counted.
    const anonymous = (await request(api.app).get('/remotes').set('X-Forwarded-For', '192.0.2.11')).body.loadId;
    const forCandidate = await request(api.app).post('/remotes/errors').set('X-Forwarded-For', '192.0.2.11').send({ ...body, loadId: anonymous, message: 'boom' });
    expect([forCandidate.status, forCandidate.body]).toEqual([
      403,
      { message: `mf_shop ${candidate} is rolling out, and this page load asked GET /remotes without a cohort: such a load id reports nothing about a rollout. Ask GET /remotes with the browser's cohort` },
    ]);
    const forLive = await request(api.app).post('/remotes/errors').set('X-Forwarded-For', '192.0.2.11').send({ ...body, version: live, loadId: anonymous, message: 'boom' });
    expect(forLive.status).toBe(204);
    expect(await api.database.collections.remoteReports.findOne({ loadId: { $exists: true }, version: live })).toMatchObject({ rolloutId: null, side: null, cohort: null });

    // An IPv6 address counts by its /56 (one household or server has a block of them for nothing).
    const v6 = (await request(api.app).get('/remotes').query({ cohort: inside[1] }).set('X-Forwarded-For', '2001:db8:1:100::1')).body.loadId;
    const sameBlock = await request(api.app).post('/remotes/loads').set('X-Forwarded-For', '2001:db8:1:1ff::2').send({ ...body, loadId: v6, cohort: inside[1] });
    expect(sameBlock.status).toBe(204);
    const otherBlock = await request(api.app).post('/remotes/loads').set('X-Forwarded-For', '2001:db8:1:200::1').send({ ...body, loadId: v6, cohort: inside[1] });
    expect(otherBlock.status).toBe(403);

    // The address is stored as a keyed hash only.
    const stored = await api.database.collections.remoteReports.find({}).toArray();
    expect(JSON.stringify(stored)).not.toMatch(/192\.0\.2\.|2001:db8/);
  });

  it('limits the reports of one cohort, whatever its load ids', async () => {
    const { candidate } = await rollOut('mf_shop', { percent: 50 });
    const [cohort] = cohortsOf('mf_shop', 50, 1).inside;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const { loadId } = (await request(api.app).get('/remotes').query({ cohort }).set('X-Forwarded-For', `198.51.100.${i + 1}`)).body;
      const response = await request(api.app).post('/remotes/loads').set('X-Forwarded-For', `198.51.100.${i + 1}`).send({ remote: 'mf_shop', version: candidate, loadId, cohort });
      statuses.push(response.status);
      if (response.status === 429) expect(response.body).toEqual({ message: 'Too many reports from this cohort: try again in a minute' });
    }
    expect(statuses).toEqual([204, 204, 204, 429]);
  });

  it('groups errors by message for the Releases page, and keeps the stack and file of runtime errors', async () => {
    const { candidate } = await rollOut('mf_shop', { percent: 50 });
    const { inside } = cohortsOf('mf_shop', 50, 3);
    for (const [i, cohort] of inside.entries()) {
      const { loadId } = (await request(api.app).get('/remotes').query({ cohort }).set('X-Forwarded-For', `203.0.113.${i + 1}`)).body;
      const report = { remote: 'mf_shop', version: candidate, loadId, cohort, kind: 'runtime', message: 'TypeError: cart is undefined', stack: 'at addToCart (http://localhost:3004/releases/mf_shop/x/src_features.js:1:99)', source: 'http://localhost:3004/releases/mf_shop/x/src_features.js' };
      expect((await request(api.app).post('/remotes/errors').set('X-Forwarded-For', `203.0.113.${i + 1}`).send(report)).status).toBe(204);
      // The same page load again: once only.
      expect((await request(api.app).post('/remotes/errors').set('X-Forwarded-For', `203.0.113.${i + 1}`).send(report)).status).toBe(204);
      tick(10);
    }
    const overview = await overviewOf('mf_shop');
    expect(overview.errors).toEqual([
      {
        kind: 'runtime',
        version: candidate,
        message: 'TypeError: cart is undefined',
        count: 3,
        cohorts: 3,
        firstSeen: new Date(START).toISOString(),
        lastSeen: new Date(START + 20_000).toISOString(),
        // No source map for this file (the test's api has none): the stack as reported, no place in the source.
        where: null,
        stack: ['at addToCart (http://localhost:3004/releases/mf_shop/x/src_features.js:1:99)'],
      },
    ]);
    // Load failures only in the raw list of before.
    expect(overview.failureCount).toBe(0);
    expect(await api.database.collections.remoteReports.findOne({ kind: 'runtimeError' })).toMatchObject({ stack: expect.stringContaining('addToCart'), source: expect.stringContaining('src_features.js') });
  });
});

describe('the verdict', () => {
  beforeEach(() => startApi());

  it('is not fooled by 1,000 forged reports from one address and 50 fresh accounts there', async () => {
    const { live, candidate } = await rollOut('mf_shop', { percent: 50 });
    const real = cohortsOf('mf_shop', 50, 40, 'real');
    // Real page loads on both sides, one cohort per address; one runtime error on each side.
    await visitors('mf_shop', candidate, real.inside, '10.1', (i) => (i === 0 ? { error: 'runtime' } : {}));
    await visitors('mf_shop', live, real.outside, '10.2', (i) => (i === 0 ? { error: 'runtime' } : {}));

    // The attacker: 1,000 cohorts in the candidate's share, each with a load id fetched for it, each reporting a
    // failure and nothing else (one stored report each: the embedded database slows with every document).
    const forged = cohortsOf('mf_shop', 50, 1_000, 'forged').inside;
    for (let start = 0; start < forged.length; start += 10) {
      const batch = forged.slice(start, start + 10);
      await Promise.all(batch.map((cohort, j) => pageLoad('mf_shop', candidate, cohort, '203.0.113.66', ({ error: (start + j) % 2 === 0 ? 'runtime' : 'load', loaded: false }))));
    }
    // 50 fresh accounts, signed in, each with a cohort of its own, from the same address.
    const accountCohorts = cohortsOf('mf_shop', 50, 50, 'account').inside;
    for (const cohort of accountCohorts) {
      const account = await createAccount(api, 'customer');
      await pageLoad('mf_shop', candidate, cohort, '203.0.113.66', { error: 'runtime' }, account.token);
    }
    // Forgeries the api refuses outright: a live-side load id for the candidate, one used from another address.
    const liveSide = (await request(api.app).get('/remotes').query({ cohort: real.outside[0] }).set('X-Forwarded-For', '203.0.113.66')).body.loadId;
    const refused = await request(api.app).post('/remotes/errors').set('X-Forwarded-For', '203.0.113.66').send({ remote: 'mf_shop', version: candidate, loadId: liveSide, cohort: real.outside[0], message: 'x' });
    expect(refused.status).toBe(403);

    tick(INTERVAL_SECONDS);
    expect(await judge()).toBe(1);
    const overview = await overviewOf('mf_shop');
    expect(overview.rollout).toMatchObject({
      version: candidate,
      percent: 50,
      verdict: { state: 'healthy', regression: null },
      health: {
        // 40 real addresses and the attacker's, which weighs as one cohort.
        // Its 1,050 cohorts weigh 1/1,050 each: 550 met a runtime error, 500 a load failure.
        candidate: { addresses: 41, cohorts: 1_090, weight: 41, runtimeErrors: { affected: expect.closeTo(1 + 550 / 1_050, 3) }, loadErrors: { affected: expect.closeTo(500 / 1_050, 3) } },
        live: { addresses: 40, cohorts: 40, weight: 40, runtimeErrors: { affected: 1, rate: 0.025 } },
      },
    });
    expect(overview.live).toBe(live);
  }, 180_000);

  it('rolls back on runtime errors at the boundary and not below, once per tick, with the numbers', async () => {
    const { live, candidate } = await rollOut('mf_dashboard', { percent: 50 });
    const { inside, outside } = cohortsOf('mf_dashboard', 50, 40);
    await visitors('mf_dashboard', live, outside, '10.2');
    // 3 of 40 cohorts met a runtime error against 0 of 40: below the boundary (lower bound −0.25 points).
    await visitors('mf_dashboard', candidate, inside, '10.1', (i) => (i < 3 ? { error: 'runtime' } : {}));

    expect(await judge()).toBe(0);
    tick(INTERVAL_SECONDS);
    expect(await judge()).toBe(1);
    expect((await overviewOf('mf_dashboard')).rollout).toMatchObject({ verdict: { state: 'healthy', at: clock.toISOString() }, health: { candidate: { runtimeErrors: { affected: 3 } } } });
    // Not due again before its interval.
    tick(INTERVAL_SECONDS - 1);
    expect(await judge()).toBe(0);

    // The fourth cohort meets one too (a new page load of the same cohort, from its address): at the boundary.
    await pageLoad('mf_dashboard', candidate, inside[3]!, '10.1.0.4', { error: 'runtime' });
    tick(1);
    // Two rounds at once (as two api instances would): one judges.
    expect((await Promise.all([judge(), judge()])).sort()).toEqual([0, 1]);
    const overview = await overviewOf('mf_dashboard');
    const summary =
      'Runtime errors: 10.0 % of cohorts on the candidate against 0.0 % on the live version (95 % one-sided Newcombe–Wilson lower bound of the difference: +1.7 points, above 0)';
    expect(overview.rollout).toBeNull();
    expect(overview.live).toBe(live);
    expect(overview.lastRollout).toEqual({
      version: candidate,
      percent: 50,
      outcome: 'rolledBack',
      reason: `Rolled back automatically: ${summary}`,
      at: clock.toISOString(),
      by: 'automatic rollback',
      candidate: { loads: 41, failures: 0 },
      verdict: {
        at: clock.toISOString(),
        state: 'regression',
        regression: { metric: 'runtimeErrors', candidate: 0.1, live: 0, lowerBound: expect.closeTo(0.016555, 5), limit: null, candidateSamples: 40, liveSamples: 40, summary },
        note: null,
      },
    });
    expect((await request(api.app).get('/remotes')).body.rollouts).toEqual({});
    const activity = await asAdmin(request(api.app).get('/activity?limit=10'));
    const automatic = activity.body.items.filter((entry: { action: string }) => entry.action === 'release.rolledBackAutomatically');
    expect(automatic).toEqual([expect.objectContaining({ actor: 'automatic rollback', target: 'mf_dashboard', details: `${candidate}: Rolled back automatically: ${summary}` })]);
  }, 60_000);

  it('rolls back on p75 INP past live + 10 % with the minimum sample, not at the limit', async () => {
    const { live, candidate } = await rollOut('mf_admin', { percent: 50 });
    const { inside, outside } = cohortsOf('mf_admin', 50, 30);
    await visitors('mf_admin', live, outside, '10.2', () => ({ vitals: { inp: 100, lcp: 1_500 } }));
    await visitors('mf_admin', candidate, inside, '10.1', () => ({ vitals: { inp: 110, lcp: 1_500 } }));
    tick(INTERVAL_SECONDS);
    await judge();
    expect((await overviewOf('mf_admin')).rollout).toMatchObject({ verdict: { state: 'healthy' }, health: { candidate: { inp: { p75: 110, samples: 30 } }, live: { inp: { p75: 100 } } } });

    // A second rollout: 29 of its 30 candidate cohorts measured at 111 ms.
    expect((await asAdmin(request(api.app).post('/releases/mf_admin/rollout/abort'))).status).toBe(200);
    expect((await asAdmin(request(api.app).post('/releases/mf_admin/rollout')).send({ version: candidate, percent: 50 })).status).toBe(200);
    await visitors('mf_admin', live, outside, '10.2', () => ({ vitals: { inp: 100 } }));
    await visitors('mf_admin', candidate, inside, '10.1', (i) => (i < 29 ? { vitals: { inp: 111 } } : {}));
    tick(INTERVAL_SECONDS);
    await judge();
    expect((await overviewOf('mf_admin')).rollout).toMatchObject({ verdict: { state: 'healthy' }, health: { candidate: { inp: { p75: 111, samples: 29 } } } });

    await pageLoad('mf_admin', candidate, inside[29]!, '10.1.0.30', { vitals: { inp: 111 } });
    tick(INTERVAL_SECONDS);
    await judge();
    const overview = await overviewOf('mf_admin');
    expect(overview.rollout).toBeNull();
    expect(overview.lastRollout.verdict.regression).toEqual({
      metric: 'inp',
      candidate: 111,
      live: 100,
      lowerBound: null,
      limit: 110,
      candidateSamples: 30,
      liveSamples: 30,
      summary: 'INP p75: 111 ms on the candidate against 100 ms on the live version (the limit is 110 ms, live + 10 %)',
    });
  }, 60_000);
});

describe('a staged rollout', () => {
  beforeEach(() => startApi());

  it('advances by itself after each window judged healthy, can be raised by hand, and goes live at its last stage', async () => {
    const { live, candidate } = await rollOut('mf_shop', { stages: [10, 50, 100], stageMinutes: 5 });
    const started = await overviewOf('mf_shop');
    expect(started.rollout).toMatchObject({
      percent: 10,
      stages: [10, 50, 100],
      stageIndex: 0,
      stageMinutes: 5,
      stageStartedAt: new Date(START).toISOString(),
      nextStageAt: new Date(START + 5 * 60_000).toISOString(),
    });
    const stagesAgain = await asAdmin(request(api.app).post('/releases/mf_shop/rollout')).send({ version: candidate, stages: [20, 100] });
    expect(stagesAgain.status).toBe(400);
    expect(stagesAgain.body.message).toBe(`mf_shop ${candidate} is already rolling out: stages are set when a rollout starts (raise its share with percent, or abort it)`);

    // Judged each minute. Its window over, with too few reports to judge, the stage waits.
    for (let minute = 1; minute <= 6; minute += 1) {
      tick(60);
      await judge();
      expect((await overviewOf('mf_shop')).rollout).toMatchObject({ percent: 10, verdict: { state: 'insufficient' } });
    }
    // Real page loads on both sides, healthy: judged healthy at the next tick, it advances.
    const { inside, outside } = cohortsOf('mf_shop', 10, 30);
    await visitors('mf_shop', candidate, inside, '10.1');
    await visitors('mf_shop', live, outside, '10.2');
    tick(60);
    await judge();
    expect((await overviewOf('mf_shop')).rollout).toMatchObject({ percent: 50, stageIndex: 1, stageStartedAt: clock.toISOString(), nextStageAt: new Date(clock.getTime() + 5 * 60_000).toISOString() });
    expect((await request(api.app).get('/remotes')).body.rollouts.mf_shop).toMatchObject({ version: candidate, percent: 50 });

    // Raised by hand to 60: the next stage (100) follows a window of its own.
    tick(60);
    const raised = await asAdmin(request(api.app).post('/releases/mf_shop/rollout')).send({ version: candidate, percent: 60 });
    expect(raised.body.rollout).toMatchObject({ percent: 60, stageIndex: 1, nextStageAt: new Date(clock.getTime() + 5 * 60_000).toISOString() });
    tick(4 * 60);
    await judge();
    expect((await overviewOf('mf_shop')).rollout).toMatchObject({ percent: 60 });
    tick(60);
    await judge();
    const done = await overviewOf('mf_shop');
    expect(done).toMatchObject({ live: candidate, previous: live, rollout: null, lastRollout: { outcome: 'completed', by: 'automatic rollout', reason: `${candidate} went through every stage healthy: it is live` } });

    const activity = await asAdmin(request(api.app).get('/activity?limit=20'));
    const steps = activity.body.items
      .filter((entry: { target: string; action: string }) => entry.target === 'mf_shop' && entry.action.startsWith('release.rollout'))
      .map((entry: { action: string; actor: string; details: string }) => `${entry.action} ${entry.actor} ${entry.details}`)
      .reverse();
    expect(steps).toEqual([
      `release.rolloutStarted ${admin.email} ${candidate} to 10 % in stages 10, 50, 100 %`,
      `release.rolloutAdvanced automatic rollout ${candidate} to 50 %: ${candidate} stayed healthy for 5 minutes: it now reaches 50 % of the browsers`,
      `release.rolloutRaised ${admin.email} ${candidate} to 60 %`,
      `release.rolloutCompleted automatic rollout ${candidate}`,
    ]);
  });
});
