import styled from 'styled-components';
import {
  releaseMetricLabels,
  type HealthBucket,
  type MetricVerdict,
  type RolloutVerdict,
  type VerdictThresholds,
  type VersionHealth,
} from '@pcpp/contracts/core';
import { AdminTable, TableBox } from '../../../components/admin-table';
import { clock, clockSeconds, cohortsText, countText, msText, percentText, when } from './release-format';

const Basis = styled.p`
  margin: 0;
  color: var(--color-ink-soft);
  font-size: 0.9rem;
`;

/** `live × (1 + margin)`: the p75 a candidate must not pass; none while live has no sample. */
const vitalLimit = (live: number | null, thresholds: VerdictThresholds) => (live === null ? null : live * (1 + thresholds.vitalsMarginPercent / 100));

/** The error rates' rule, in words (the test is named once, under the table). */
const errorRule = (thresholds: VerdictThresholds) => `Rolls back when higher beyond chance (${thresholds.confidencePercent} % one-sided)`;

const vitalRule = (live: number | null, thresholds: VerdictThresholds) => {
  const limit = vitalLimit(live, thresholds);
  return limit === null
    ? `Rolls back above the live version's + ${thresholds.vitalsMarginPercent} % (no live sample yet)`
    : `Rolls back above ${msText(limit)} (live + ${thresholds.vitalsMarginPercent} %), from ${thresholds.minVitalsSamples} samples`;
};

/** One version's numbers side by side with the other's, and the rule that applies to each. */
export function HealthTable({
  name,
  candidate,
  live,
  thresholds,
}: {
  name: string;
  candidate: VersionHealth;
  live: VersionHealth;
  thresholds: VerdictThresholds;
}) {
  const rows = [
    {
      label: 'Runtime errors',
      hint: 'share of cohorts that met one',
      candidate: `${percentText(candidate.runtimeErrors.rate)} of ${cohortsText(candidate.weight)}`,
      live: `${percentText(live.runtimeErrors.rate)} of ${cohortsText(live.weight)}`,
      rule: errorRule(thresholds),
    },
    {
      label: 'Load failures',
      hint: 'share of cohorts that met one',
      candidate: `${percentText(candidate.loadErrors.rate)} of ${cohortsText(candidate.weight)}`,
      live: `${percentText(live.loadErrors.rate)} of ${cohortsText(live.weight)}`,
      rule: errorRule(thresholds),
    },
    {
      label: 'LCP, 75th percentile',
      hint: 'how long the main content takes to show',
      candidate: `${msText(candidate.lcp.p75)} from ${cohortsText(candidate.lcp.samples)}`,
      live: `${msText(live.lcp.p75)} from ${cohortsText(live.lcp.samples)}`,
      rule: vitalRule(live.lcp.p75, thresholds),
    },
    {
      label: 'INP, 75th percentile',
      hint: 'how long the page takes to answer a click or key',
      candidate: `${msText(candidate.inp.p75)} from ${cohortsText(candidate.inp.samples)}`,
      live: `${msText(live.inp.p75)} from ${cohortsText(live.inp.samples)}`,
      rule: vitalRule(live.inp.p75, thresholds),
    },
    {
      label: 'CLS, 75th percentile',
      hint: 'how much the layout jumps',
      candidate: candidate.cls.p75 === null ? '—' : candidate.cls.p75.toFixed(3),
      live: live.cls.p75 === null ? '—' : live.cls.p75.toFixed(3),
      rule: 'Shown, not judged',
    },
  ];
  return (
    <>
      <TableBox>
        <AdminTable aria-label={`${name} rollout health`} data-testid="rollout-health">
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">Candidate {candidate.version}</th>
              <th scope="col">Live {live.version}</th>
              <th scope="col">Threshold</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">
                  {row.label}
                  <span className="byline muted">{row.hint}</span>
                </th>
                <td data-label="Candidate">{row.candidate}</td>
                <td data-label="Live">{row.live}</td>
                <td data-label="Threshold">{row.rule}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      </TableBox>
      <Basis>
        Reports from {countText(candidate.cohorts, 'cohort')} on {countText(candidate.addresses, 'network')} for the candidate,{' '}
        {countText(live.cohorts, 'cohort')} on {countText(live.addresses, 'network')} for the live version. A verdict needs{' '}
        {countText(thresholds.minCohorts, 'cohort')} and {countText(thresholds.minAddresses, 'network')} on each side; it is taken every{' '}
        {thresholds.intervalSeconds === 1 ? 'second' : countText(thresholds.intervalSeconds, 'second')}. Error rates are compared with a{' '}
        {thresholds.errorTest}.
      </Basis>
    </>
  );
}

/** The same numbers over time, oldest first, with the limit each bucket's live values set. */
export function SeriesTable({ name, series, thresholds }: { name: string; series: HealthBucket[]; thresholds: VerdictThresholds }) {
  if (series.length === 0) return null;
  const side = (candidate: string, live: string) => `${candidate} · live ${live}`;
  const vital = (candidate: number | null, live: number | null) => {
    const limit = vitalLimit(live, thresholds);
    return `${side(msText(candidate), msText(live))}${limit === null ? '' : ` (limit ${msText(limit)})`}`;
  };
  return (
    <TableBox>
      <AdminTable aria-label={`${name} rollout over time`} data-testid="rollout-series">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Error rate</th>
            <th scope="col">p75 LCP</th>
            <th scope="col">p75 INP</th>
          </tr>
        </thead>
        <tbody>
          {series.map((bucket) => (
            <tr key={bucket.from}>
              <th scope="row" className="nowrap">
                {bucketTime(bucket)}
              </th>
              <td data-label="Error rate">{side(percentText(bucket.candidate.errorRate), percentText(bucket.live.errorRate))}</td>
              <td data-label="p75 LCP">{vital(bucket.candidate.lcpP75, bucket.live.lcpP75)}</td>
              <td data-label="p75 INP">{vital(bucket.candidate.inpP75, bucket.live.inpP75)}</td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </TableBox>
  );
}

/** A bucket's span; with seconds when it is shorter than a minute (a rollout's first minutes). */
function bucketTime({ from, to }: HealthBucket): string {
  const start = new Date(from);
  const end = new Date(to);
  const format = end.getTime() - start.getTime() < 60_000 ? clockSeconds : clock;
  return `${format.format(start)} – ${format.format(end)}`;
}

const metricValue = (verdict: MetricVerdict, value: number) =>
  verdict.metric === 'lcp' || verdict.metric === 'inp' ? msText(value) : percentText(value);

/** Which measure regressed, both values, their samples and the bound or limit it crossed. */
export function RegressionFacts({ verdict }: { verdict: MetricVerdict }) {
  const isVital = verdict.metric === 'lcp' || verdict.metric === 'inp';
  return (
    <dl data-testid="regression">
      <div>
        <dt>Measure</dt>
        <dd>{releaseMetricLabels[verdict.metric]}{isVital ? ', 75th percentile' : ''}</dd>
      </div>
      <div>
        <dt>Candidate</dt>
        <dd>
          {metricValue(verdict, verdict.candidate)} from {cohortsText(verdict.candidateSamples)}
        </dd>
      </div>
      <div>
        <dt>Live</dt>
        <dd>
          {metricValue(verdict, verdict.live)} from {cohortsText(verdict.liveSamples)}
        </dd>
      </div>
      <div>
        <dt>{isVital ? 'Limit' : 'Lower bound of the difference'}</dt>
        <dd>
          {isVital
            ? verdict.limit === null
              ? '—'
              : msText(verdict.limit)
            : verdict.lowerBound === null
              ? '—'
              : `${verdict.lowerBound >= 0 ? '+' : ''}${(verdict.lowerBound * 100).toFixed(1)} points (above 0: worse beyond chance)`}
        </dd>
      </div>
    </dl>
  );
}

/** The latest judgement of a rollout under way, in a sentence. */
export function VerdictLine({ verdict }: { verdict: RolloutVerdict | null }) {
  if (!verdict) return <p data-testid="verdict">Not judged yet.</p>;
  const at = when.format(new Date(verdict.at));
  if (verdict.state === 'healthy') return <p data-testid="verdict">Healthy at the last verdict ({at}): no measure is worse than on the live version.</p>;
  if (verdict.state === 'insufficient') return <p data-testid="verdict">{verdict.note ?? 'Not judged yet: too few reports.'} ({at})</p>;
  return (
    <p data-testid="verdict">
      Regression found at {at}: {verdict.regression?.summary}
    </p>
  );
}
