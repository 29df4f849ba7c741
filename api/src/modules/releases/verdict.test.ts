import { type VersionHealth } from '@pcpp/contracts/core';
import type { ReportFacts } from './verdict';
import { healthOf, judge, newcombeLowerBound, normalQuantile, seriesOf, weightedQuantile, wilsonInterval } from './verdict';

// The verdict's arithmetic, against values computed independently (Newcombe 1998, and by hand).

const LIMITS = { minAddresses: 30, minCohorts: 30, minVitalsSamples: 30, cohortsPerAddress: 1, confidencePercent: 95, vitalsMarginPercent: 10 };
const Z95 = normalQuantile(0.95);

describe('the statistics', () => {
  it('has the normal quantiles', () => {
    expect(normalQuantile(0.95)).toBeCloseTo(1.644854, 5);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
  });

  it('gives Wilson\'s score interval', () => {
    // Newcombe (1998), table I: 81/263 → 0.2553 to 0.3662 at 95 % two-sided.
    const { low, high } = wilsonInterval(81, 263, normalQuantile(0.975));
    expect(low).toBeCloseTo(0.2553, 4);
    expect(high).toBeCloseTo(0.3662, 4);
    expect(wilsonInterval(0, 10, Z95).low).toBe(0);
  });

  it('gives Newcombe\'s interval on a difference of proportions (his method 10)', () => {
    // Newcombe (1998), example (a): 56/70 − 48/80, 95 % interval 0.0524 to 0.3339.
    expect(newcombeLowerBound(56, 70, 48, 80, normalQuantile(0.975))).toBeCloseTo(0.0524, 4);
    // 4 of 40 against 0 of 40 is significant at 95 % one-sided; 3 of 40 is not.
    expect(newcombeLowerBound(4, 40, 0, 40, Z95)).toBeCloseTo(0.016555, 5);
    expect(newcombeLowerBound(3, 40, 0, 40, Z95)).toBeCloseTo(-0.002495, 5);
  });

  it('takes a weighted quantile', () => {
    expect(weightedQuantile([], 0.75)).toBeNull();
    expect(weightedQuantile([1, 2, 3, 4].map((value) => ({ value, weight: 1 })), 0.75)).toBe(3);
    expect(weightedQuantile([{ value: 10, weight: 3 }, { value: 1_000, weight: 1 }], 0.75)).toBe(10);
    expect(weightedQuantile([{ value: 10, weight: 2.9 }, { value: 1_000, weight: 1 }], 0.75)).toBe(1_000);
  });
});

let seconds = 0;
const report = (side: 'candidate' | 'live', address: string, cohort: string, kind: ReportFacts['kind'], vitals: Pick<ReportFacts, 'lcp' | 'inp'> = {}): ReportFacts => ({
  side,
  kind,
  cohort,
  address,
  at: new Date(Date.UTC(2026, 10, 27, 9, 0, (seconds += 1))),
  ...vitals,
});

/** `count` cohorts each from an address of its own, the first `errors` of them meeting a runtime error. */
function side(name: 'candidate' | 'live', count: number, errors: number, vitals: Pick<ReportFacts, 'lcp' | 'inp'> = {}): ReportFacts[] {
  return Array.from({ length: count }, (_, i) => [
    report(name, `${name}-address-${i}`, `${name}-cohort-${i}`, 'load'),
    ...(i < errors ? [report(name, `${name}-address-${i}`, `${name}-cohort-${i}`, 'runtimeError')] : []),
    ...(vitals.lcp !== undefined || vitals.inp !== undefined ? [report(name, `${name}-address-${i}`, `${name}-cohort-${i}`, 'vitals', vitals)] : []),
  ]).flat();
}

const judged = (candidate: ReportFacts[], live: ReportFacts[], limits = LIMITS) =>
  judge(healthOf('2.0.0', candidate, limits.cohortsPerAddress), healthOf('1.0.0', live, limits.cohortsPerAddress), limits);

describe('a version\'s health', () => {
  it('counts each cohort once, whatever it reported, and one address\'s cohorts as one', () => {
    const oneCohortManyReports = Array.from({ length: 20 }, () => report('candidate', 'a', 'c', 'runtimeError'));
    const oneAddressManyCohorts = Array.from({ length: 50 }, (_, i) => report('candidate', 'b', `b-cohort-${i}`, 'runtimeError'));
    const health: VersionHealth = healthOf('2.0.0', [...oneCohortManyReports, ...oneAddressManyCohorts, ...side('candidate', 8, 0)], 1);
    expect(health).toMatchObject({ cohorts: 59, addresses: 10, weight: 10, runtimeErrors: { affected: 2, rate: 0.2 }, loadErrors: { affected: 0, rate: 0 } });
    // Configured to let an address weigh as 25 cohorts (the e2e: every browser on one address).
    expect(healthOf('2.0.0', oneAddressManyCohorts, 25)).toMatchObject({ weight: 25, runtimeErrors: { affected: 25, rate: 1 } });
  });

  it('splits a cohort seen from several addresses among them', () => {
    const roaming = [report('live', 'home', 'phone', 'load'), report('live', 'work', 'phone', 'loadError')];
    expect(healthOf('1.0.0', roaming, 1)).toMatchObject({ cohorts: 1, addresses: 2, weight: 1, loadErrors: { affected: 0.5, rate: 0.5 } });
  });

  it('never counts reports under a load id without a cohort', () => {
    expect(healthOf('1.0.0', [{ ...report('live', 'x', 'y', 'loadError'), cohort: null }], 1)).toMatchObject({ cohorts: 0, weight: 0, loadErrors: { rate: null } });
  });

  it('takes p75 over each cohort\'s median', () => {
    const reports = [
      ...[100, 100, 5_000].map((inp) => report('live', 'a', 'noisy', 'vitals', { inp })),
      ...[120, 130, 140].map((inp, i) => report('live', `b${i}`, `steady-${i}`, 'vitals', { inp })),
    ];
    // Medians 100, 120, 130, 140: p75 130; the noisy cohort's 5,000 counts as its median 100.
    expect(healthOf('1.0.0', reports, 1).inp).toEqual({ p75: 130, samples: 4 });
  });
});

describe('the verdict', () => {
  it('needs the minimum addresses and cohorts on both sides', () => {
    expect(judged(side('candidate', 29, 29), side('live', 40, 0))).toMatchObject({ state: 'insufficient', regression: null, note: expect.stringContaining('the candidate has reports from 29 addresses and 29 cohorts') });
    expect(judged(side('candidate', 40, 40), side('live', 29, 0)).state).toBe('insufficient');
  });

  it('rolls back on error rates at the boundary, not below', () => {
    expect(judged(side('candidate', 40, 3), side('live', 40, 0))).toEqual({ state: 'healthy', regression: null, note: null });
    const at = judged(side('candidate', 40, 4), side('live', 40, 0));
    expect(at).toMatchObject({ state: 'regression', regression: { metric: 'runtimeErrors', candidate: 0.1, live: 0, limit: null, candidateSamples: 40, liveSamples: 40 } });
    expect(at.regression!.lowerBound).toBeCloseTo(0.016555, 5);
    expect(at.regression!.summary).toBe(
      'Runtime errors: 10.0 % of cohorts on the candidate against 0.0 % on the live version (95 % one-sided Newcombe–Wilson lower bound of the difference: +1.7 points, above 0)',
    );
  });

  it('rolls back on p75 INP past live + 10 %, not at it, and only with the minimum sample', () => {
    const live = side('live', 30, 0, { inp: 100, lcp: 1_000 });
    expect(judged(side('candidate', 30, 0, { inp: 110, lcp: 1_100 }), live).state).toBe('healthy');
    expect(judged(side('candidate', 30, 0, { inp: 111, lcp: 1_000 }), live)).toMatchObject({
      state: 'regression',
      regression: { metric: 'inp', candidate: 111, live: 100, limit: 110, lowerBound: null, summary: 'INP p75: 111 ms on the candidate against 100 ms on the live version (the limit is 110 ms, live + 10 %)' },
    });
    expect(judged(side('candidate', 30, 0, { inp: 100, lcp: 1_101 }), live).regression?.metric).toBe('lcp');
    // 29 cohorts measured, of 30.
    const fewMeasured = [...side('candidate', 29, 0, { inp: 500 }), report('candidate', 'last', 'last', 'load')];
    expect(judged(fewMeasured, live).state).toBe('healthy');
  });
});

describe('the chart', () => {
  it('cuts the rollout in equal buckets, each side apart', () => {
    const from = new Date(Date.UTC(2026, 10, 27, 9, 0, 0));
    const to = new Date(Date.UTC(2026, 10, 27, 9, 2, 0));
    const at = (second: number) => new Date(from.getTime() + second * 1000);
    const reports: ReportFacts[] = [
      { ...report('candidate', 'a', 'a', 'runtimeError'), at: at(10) },
      { ...report('candidate', 'b', 'b', 'load'), at: at(20) },
      { ...report('live', 'c', 'c', 'vitals', { inp: 90 }), at: at(100) },
    ];
    const buckets = seriesOf(reports, from, to, 1, 2);
    expect(buckets).toEqual([
      { from: from.toISOString(), to: at(60).toISOString(), candidate: { cohorts: 2, errorRate: 0.5, lcpP75: null, inpP75: null }, live: { cohorts: 0, errorRate: null, lcpP75: null, inpP75: null } },
      { from: at(60).toISOString(), to: to.toISOString(), candidate: { cohorts: 0, errorRate: null, lcpP75: null, inpP75: null }, live: { cohorts: 1, errorRate: 0, lcpP75: null, inpP75: 90 } },
    ]);
  });
});
