import {
  releaseMessages as m,
  releaseMetricLabels,
  type BucketHealth,
  type HealthBucket,
  type MetricVerdict,
  type VersionHealth,
} from '@pcpp/contracts/core';
import type { ReleaseGuardConfig } from '../../config';
import type { RemoteReportDocument } from './documents';

// The guarded rollouts' verdict (docs/releases.md, "The verdict"): pure arithmetic over the reports of
// one rollout, so every api instance that reads the same reports reaches the same verdict.

/** The name the Releases page and the docs give the error-rate test. */
export const ERROR_RATE_TEST = 'one-sided Newcombe (Wilson score) interval on the difference of two proportions';

/** What a verdict needs and applies (config.releaseGuard). */
export type VerdictLimits = Pick<ReleaseGuardConfig, 'minAddresses' | 'minCohorts' | 'minVitalsSamples' | 'cohortsPerAddress' | 'confidencePercent' | 'vitalsMarginPercent'>;

/** What the verdict reads of a report. */
export type ReportFacts = Pick<RemoteReportDocument, 'side' | 'kind' | 'cohort' | 'address' | 'at' | 'lcp' | 'inp' | 'cls'>;

/** The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

/** Wilson's score interval of x successes in n trials at normal quantile z (x and n may be weighted, fractional). */
export function wilsonInterval(x: number, n: number, z: number): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const p = x / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, (centre - margin) / denominator), high: Math.min(1, (centre + margin) / denominator) };
}

/**
 * Newcombe's hybrid score interval (his method 10) for p1 − p2, one-sided: its lower bound at
 * normal quantile z. Above 0, p1 is higher than p2 at that confidence.
 */
export function newcombeLowerBound(x1: number, n1: number, x2: number, n2: number, z: number): number {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const l1 = wilsonInterval(x1, n1, z).low;
  const u2 = wilsonInterval(x2, n2, z).high;
  return p1 - p2 - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2);
}

/** The value below which `share` of the weight lies (values with their weights; null when none). */
export function weightedQuantile(entries: { value: number; weight: number }[], share: number): number | null {
  const sorted = entries.filter((entry) => entry.weight > 0).sort((x, y) => x.value - y.value);
  const total = sorted.reduce((sum, entry) => sum + entry.weight, 0);
  if (total <= 0) return null;
  let cumulative = 0;
  for (const entry of sorted) {
    cumulative += entry.weight;
    if (cumulative >= share * total - 1e-9) return entry.value;
  }
  return sorted.at(-1)!.value;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One cohort as seen from one address: what it lived through of a version. */
interface Unit {
  cohort: string;
  address: string;
  loadError: boolean;
  runtimeError: boolean;
  lcp: number[];
  inp: number[];
  cls: number[];
  weight: number;
}

/**
 * The units of one side, weighted: a cohort reporting from k addresses weighs 1/k in each, and one
 * address's units together weigh at most `cohortsPerAddress` (each min(1, cap / units of the address)).
 * Reports under a load id without cohort are never counted.
 */
function unitsOf(reports: ReportFacts[], cohortsPerAddress: number): Unit[] {
  const units = new Map<string, Unit>();
  for (const report of reports) {
    if (report.cohort === null) continue;
    const key = `${report.address}\u0000${report.cohort}`;
    let unit = units.get(key);
    if (!unit) {
      unit = { cohort: report.cohort, address: report.address, loadError: false, runtimeError: false, lcp: [], inp: [], cls: [], weight: 0 };
      units.set(key, unit);
    }
    if (report.kind === 'loadError') unit.loadError = true;
    if (report.kind === 'runtimeError') unit.runtimeError = true;
    if (report.kind === 'vitals') {
      if (report.lcp !== undefined) unit.lcp.push(report.lcp);
      if (report.inp !== undefined) unit.inp.push(report.inp);
      if (report.cls !== undefined) unit.cls.push(report.cls);
    }
  }
  const perAddress = new Map<string, number>();
  const perCohort = new Map<string, number>();
  for (const unit of units.values()) {
    perAddress.set(unit.address, (perAddress.get(unit.address) ?? 0) + 1);
    perCohort.set(unit.cohort, (perCohort.get(unit.cohort) ?? 0) + 1);
  }
  for (const unit of units.values()) {
    unit.weight = Math.min(1, cohortsPerAddress / perAddress.get(unit.address)!) / perCohort.get(unit.cohort)!;
  }
  return [...units.values()];
}

function vitalOf(units: Unit[], metric: 'lcp' | 'inp' | 'cls') {
  const entries = units.filter((unit) => unit[metric].length > 0).map((unit) => ({ value: median(unit[metric]), weight: unit.weight }));
  const p75 = weightedQuantile(entries, 0.75);
  return { p75: p75 === null ? null : round(p75, metric === 'cls' ? 4 : 1), samples: round(entries.reduce((sum, entry) => sum + entry.weight, 0), 3) };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** What one version lived through, from its side's reports. */
export function healthOf(version: string, reports: ReportFacts[], cohortsPerAddress: number): VersionHealth {
  const units = unitsOf(reports, cohortsPerAddress);
  const weight = units.reduce((sum, unit) => sum + unit.weight, 0);
  const rateOf = (flag: 'loadError' | 'runtimeError') => {
    const affected = units.reduce((sum, unit) => sum + (unit[flag] ? unit.weight : 0), 0);
    return { affected: round(affected, 3), rate: weight > 0 ? round(affected / weight, 6) : null };
  };
  return {
    version,
    cohorts: new Set(units.map((unit) => unit.cohort)).size,
    addresses: new Set(units.map((unit) => unit.address)).size,
    weight: round(weight, 3),
    loadErrors: rateOf('loadError'),
    runtimeErrors: rateOf('runtimeError'),
    lcp: vitalOf(units, 'lcp'),
    inp: vitalOf(units, 'inp'),
    cls: vitalOf(units, 'cls'),
  };
}

export interface Judgement {
  state: 'healthy' | 'regression' | 'insufficient';
  regression: MetricVerdict | null;
  note: string | null;
}

/**
 * Candidate against live, both since the rollout began:
 * - no verdict until each side has minAddresses distinct addresses and minCohorts distinct cohorts;
 * - load failures, then runtime errors (share of weighted cohorts that met one): a regression when
 *   the one-sided Newcombe lower bound of candidate − live, at confidencePercent, is above 0;
 * - p75 INP, then p75 LCP (each cohort's median once, weighted), with minVitalsSamples on each side:
 *   a regression when the candidate's is above live × (1 + vitalsMarginPercent / 100).
 * The first regression found is the verdict.
 */
export function judge(candidate: VersionHealth, live: VersionHealth, limits: VerdictLimits): Judgement {
  for (const [side, health] of [['candidate', candidate], ['live', live]] as const) {
    if (health.addresses < limits.minAddresses || health.cohorts < limits.minCohorts) {
      return { state: 'insufficient', regression: null, note: m.verdictInsufficient(side, health.addresses, health.cohorts, limits.minAddresses, limits.minCohorts) };
    }
  }
  const z = normalQuantile(limits.confidencePercent / 100);
  for (const metric of ['loadErrors', 'runtimeErrors'] as const) {
    const c = candidate[metric];
    const l = live[metric];
    if (c.rate === null || l.rate === null) continue;
    const lowerBound = newcombeLowerBound(c.affected, candidate.weight, l.affected, live.weight, z);
    if (lowerBound > 0) {
      return {
        state: 'regression',
        regression: {
          metric,
          candidate: c.rate,
          live: l.rate,
          lowerBound: round(lowerBound, 6),
          limit: null,
          candidateSamples: candidate.weight,
          liveSamples: live.weight,
          summary: m.verdictErrorRate(releaseMetricLabels[metric], c.rate, l.rate, lowerBound, limits.confidencePercent),
        },
        note: null,
      };
    }
  }
  for (const metric of ['inp', 'lcp'] as const) {
    const c = candidate[metric];
    const l = live[metric];
    if (c.p75 === null || l.p75 === null || c.samples < limits.minVitalsSamples || l.samples < limits.minVitalsSamples) continue;
    const limit = l.p75 * (1 + limits.vitalsMarginPercent / 100);
    if (c.p75 > limit) {
      return {
        state: 'regression',
        regression: {
          metric,
          candidate: c.p75,
          live: l.p75,
          lowerBound: null,
          limit: round(limit, 1),
          candidateSamples: c.samples,
          liveSamples: l.samples,
          summary: m.verdictVital(releaseMetricLabels[metric], c.p75, l.p75, limit, limits.vitalsMarginPercent),
        },
        note: null,
      };
    }
  }
  return { state: 'healthy', regression: null, note: null };
}

function bucketHealth(reports: ReportFacts[], cohortsPerAddress: number): BucketHealth {
  const units = unitsOf(reports, cohortsPerAddress);
  const weight = units.reduce((sum, unit) => sum + unit.weight, 0);
  const affected = units.reduce((sum, unit) => sum + (unit.loadError || unit.runtimeError ? unit.weight : 0), 0);
  return {
    cohorts: new Set(units.map((unit) => unit.cohort)).size,
    errorRate: weight > 0 ? round(affected / weight, 6) : null,
    lcpP75: vitalOf(units, 'lcp').p75,
    inpP75: vitalOf(units, 'inp').p75,
  };
}

/** The chart: the rollout's time cut in at most `count` equal buckets, each side's health in each. */
export function seriesOf(reports: ReportFacts[], from: Date, to: Date, cohortsPerAddress: number, count = 12): HealthBucket[] {
  const span = Math.max(to.getTime() - from.getTime(), 1);
  const size = Math.max(Math.ceil(span / count), 1_000);
  const buckets: HealthBucket[] = [];
  for (let start = from.getTime(); start < to.getTime() && buckets.length < count; start += size) {
    const end = Math.min(start + size, to.getTime());
    const inside = reports.filter((report) => report.at.getTime() >= start && (report.at.getTime() < end || (end === to.getTime() && report.at.getTime() <= end)));
    buckets.push({
      from: new Date(start).toISOString(),
      to: new Date(end).toISOString(),
      candidate: bucketHealth(inside.filter((report) => report.side === 'candidate'), cohortsPerAddress),
      live: bucketHealth(inside.filter((report) => report.side === 'live'), cohortsPerAddress),
    });
  }
  return buckets;
}
