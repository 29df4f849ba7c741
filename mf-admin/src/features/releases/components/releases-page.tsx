import { useState } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import { remoteDisplayNames, type RemoteReleases, type RolloutOutcome, type RolloutStats, type RolloutView } from '@pcpp/contracts/core';
import { Button, ErrorText, Field, PageTitle, Panel, QueryView, fieldAria } from '@pcpp/contracts/ui';
import { AdminTable, TableBox } from '../../../components/admin-table';
import { useChangeRelease, type ReleaseChange } from '../api/change-release';
import { useReleases } from '../api/get-releases';
import { ErrorGroups } from './error-groups';
import { durationText, stagesText, when } from './release-format';
import { HealthTable, RegressionFacts, SeriesTable, VerdictLine } from './rollout-health';
import { SHARE_MESSAGE, useRolloutPlan } from './rollout-plan';

const nextAt = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

const Remote = styled.section`
  display: grid;
  gap: 12px;
  padding: 16px 0;
  border-top: 1px solid var(--color-border);
  h2 { font-size: 1.15rem; margin: 0; }
  .muted { color: var(--color-ink-soft); font-weight: 400; }
  .summary { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; margin: 0; }
  code { overflow-wrap: anywhere; }
`;

const Health = styled.div<{ $failing: boolean }>`
  display: grid;
  gap: 8px;
  padding: 12px;
  border-radius: 8px;
  border: 1px solid ${({ $failing }) => ($failing ? '#f5a3a3' : 'var(--color-border)')};
  background: ${({ $failing }) => ($failing ? '#fff4f4' : 'var(--color-page)')};
  h3 { font-size: 1rem; margin: 0; }
  p { margin: 0; }
  code { overflow-wrap: anywhere; }
`;

const Rollout = styled.div<{ $ended?: 'rolledBack' | 'aborted' | 'completed' }>`
  display: grid;
  gap: 10px;
  padding: 12px;
  border-radius: 8px;
  border: 1px solid ${({ $ended }) => ($ended === 'rolledBack' ? '#f5a3a3' : 'var(--color-border)')};
  background: ${({ $ended }) => ($ended === 'rolledBack' ? '#fff4f4' : 'var(--color-page)')};
  h3 { font-size: 1rem; margin: 0; }
  p { margin: 0; overflow-wrap: anywhere; }
  .actions { display: flex; flex-wrap: wrap; align-items: end; gap: 8px 12px; }
  .share { width: 9rem; }
  dl { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(12rem, 100%), 1fr)); gap: 8px; margin: 0; }
  dl > div { min-width: 0; }
  dt { font-weight: 600; }
  dd { margin: 0; }
`;

/** A share typed by the admin: a whole number from 1 to 100, above the current one, else why not. */
function shareError(text: string, above: number): string | undefined {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 100) return SHARE_MESSAGE;
  if (value <= above) return `Enter more than ${above}: a share only rises.`;
  return undefined;
}

const statsText = ({ loads, failures }: RolloutStats) =>
  `${Math.round(loads)} ${Math.round(loads) === 1 ? 'load' : 'loads'}, ${failures} failed${loads > 0 ? ` (${((failures / loads) * 100).toFixed(1)} %)` : ''}`;

const OUTCOMES: Record<RolloutOutcome['outcome'], string> = {
  rolledBack: 'rolled back automatically',
  aborted: 'aborted',
  completed: 'completed',
};

function LastRollout({ outcome }: { outcome: RolloutOutcome }) {
  return (
    <Rollout $ended={outcome.outcome} data-testid="last-rollout">
      <h3>
        Last rollout: <code>{outcome.version}</code> at {outcome.percent} %, {OUTCOMES[outcome.outcome]}
      </h3>
      <p>{outcome.reason}</p>
      {outcome.verdict?.regression && <RegressionFacts verdict={outcome.verdict.regression} />}
      <p>
        {when.format(new Date(outcome.at))} — candidate: {statsText(outcome.candidate)}
      </p>
    </Rollout>
  );
}

/** Where a staged rollout stands and when it rises next; a share set by hand says so. */
function StageLine({ rollout }: { rollout: RolloutView }) {
  if (!rollout.stages || rollout.stageIndex === null) {
    return <p data-testid="rollout-stage">A share set by hand: it rises only when someone raises it.</p>;
  }
  const { stages, stageIndex } = rollout;
  const each = rollout.stageMinutes === null ? '' : `, ${durationText(rollout.stageMinutes)} each`;
  const next = stages[stageIndex + 1];
  return (
    <p data-testid="rollout-stage">
      Stage {stageIndex + 1} of {stages.length} ({stagesText(stages)}
      {each}).{' '}
      {next !== undefined && rollout.nextStageAt
        ? `Rises to ${next} % at ${nextAt.format(new Date(rollout.nextStageAt))} if it stays healthy.`
        : 'The last stage.'}
    </p>
  );
}

function RemoteRow({ entry }: { entry: RemoteReleases }) {
  const change = useChangeRelease();
  const name = remoteDisplayNames[entry.remote];
  const plan = useRolloutPlan(entry.remote);
  const [share, setShare] = useState(entry.rollout ? String(Math.min(100, entry.rollout.percent * 2)) : '50');
  const [shareProblem, setShareProblem] = useState<string>();
  const shareId = `share-${entry.remote}`;
  const { rollout } = entry;

  async function run(next: ReleaseChange) {
    try {
      const result = await change.mutateAsync(next);
      toast.success(
        result.rollout
          ? `${name}: ${result.rollout.version} now reaches ${result.rollout.percent} % of the browsers.`
          : `${name}: ${result.live} is live${next.kind === 'abort' ? ' for everyone again' : ''}. Pages load it on their next visit.`,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  /** Starts a rollout of `version` with the plan chosen, if its fields are right. */
  function rollOut(version: string) {
    const chosen = plan.read();
    if (chosen) void run({ kind: 'rollout', remote: entry.remote, version, plan: chosen });
  }

  /** Raises the rollout under way to the share typed, if it is one. */
  function raise(version: string, current: number) {
    const problem = shareError(share, current);
    setShareProblem(problem);
    if (!problem) void run({ kind: 'rollout', remote: entry.remote, version, plan: { percent: Number(share) } });
  }

  return (
    <Remote aria-labelledby={`remote-${entry.remote}`} data-remote={entry.remote}>
      <h2 id={`remote-${entry.remote}`}>
        {name} <span className="muted">({entry.remote})</span>
      </h2>
      <p className="summary">
        <span>
          Live: <strong data-testid="live-version">{entry.live ?? 'none'}</strong>
        </span>
        <Button
          type="button"
          $variant="secondary"
          disabled={!entry.previous || change.isPending}
          onClick={() => void run({ kind: 'rollback', remote: entry.remote })}
          aria-label={`Roll back ${name}${entry.previous ? ` to ${entry.previous}` : ''}`}
        >
          Roll back{entry.previous ? ` to ${entry.previous}` : ''}
        </Button>
      </p>
      <Rollout role="region" aria-label={`${name} rollout`}>
        {rollout ? (
          <>
            <h3>
              Rolling out <code data-testid="candidate-version">{rollout.version}</code> to{' '}
              <span data-testid="rollout-share">{rollout.percent} %</span> of the browsers
            </h3>
            <StageLine rollout={rollout} />
            <VerdictLine verdict={rollout.verdict} />
            <HealthTable name={name} candidate={rollout.health.candidate} live={rollout.health.live} thresholds={entry.thresholds} />
            <SeriesTable name={name} series={rollout.series} thresholds={entry.thresholds} />
            <dl>
              <div>
                <dt>Page loads of {rollout.version}</dt>
                <dd data-testid="candidate-stats">{statsText(rollout.candidate)}</dd>
              </div>
              <div>
                <dt>Page loads of {entry.live}</dt>
                <dd data-testid="live-stats">{statsText(rollout.live)}</dd>
              </div>
            </dl>
            <p>
              Started {when.format(new Date(rollout.startedAt))} by {rollout.startedBy}.
            </p>
            <div className="actions">
              <div className="share">
                <Field id={shareId} label="Share (%)" error={shareProblem}>
                  <input
                    id={shareId}
                    inputMode="numeric"
                    value={share}
                    onChange={(event) => setShare(event.target.value)}
                    {...fieldAria(shareId, shareProblem)}
                  />
                </Field>
              </div>
              <Button type="button" disabled={change.isPending} onClick={() => raise(rollout.version, rollout.percent)}>
                Raise the share
              </Button>
              <Button
                type="button"
                disabled={change.isPending}
                onClick={() => void run({ kind: 'rollout', remote: entry.remote, version: rollout.version, plan: { percent: 100 } })}
              >
                Complete
              </Button>
              <Button type="button" $variant="secondary" disabled={change.isPending} onClick={() => void run({ kind: 'abort', remote: entry.remote })}>
                Abort
              </Button>
            </div>
          </>
        ) : (
          <>
            <h3>No rollout under way</h3>
            <p>Choose how a new version reaches the browsers, then Roll out beside it below; or Promote it to everyone at once.</p>
            {plan.element}
          </>
        )}
        {!entry.live && <ErrorText>Promote a version first: a rollout falls back on the live one.</ErrorText>}
      </Rollout>
      {entry.lastRollout && <LastRollout outcome={entry.lastRollout} />}
      <TableBox>
        <AdminTable aria-label={`${name} versions`}>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Published</th>
              <th scope="col">By</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {entry.versions.map((version) => (
              <tr key={version.version}>
                <th scope="row">
                  <code>{version.version}</code>
                </th>
                <td data-label="Published">{when.format(new Date(version.publishedAt))}</td>
                <td data-label="By">{version.publishedBy}</td>
                <td data-label="Status">
                  {version.version === entry.live ? (
                    <strong>Live</strong>
                  ) : version.version === rollout?.version ? (
                    <strong>Rolling out</strong>
                  ) : (
                    <span className="summary">
                      <Button
                        type="button"
                        disabled={change.isPending}
                        aria-label={`Promote ${name} ${version.version}`}
                        onClick={() => void run({ kind: 'promote', remote: entry.remote, version: version.version })}
                      >
                        Promote
                      </Button>
                      <Button
                        type="button"
                        $variant="secondary"
                        disabled={change.isPending || !entry.live || Boolean(rollout)}
                        aria-label={`Roll out ${name} ${version.version}`}
                        onClick={() => rollOut(version.version)}
                      >
                        Roll out
                      </Button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      </TableBox>
      <Health $failing={entry.errors.length > 0} aria-label={`${name} errors`} role="region">
        <h3>Errors in the last 24 hours</h3>
        <ErrorGroups name={name} errors={entry.errors} />
      </Health>
    </Remote>
  );
}

/** Releases (beyond the spec): each remote's versions, which one is live, and how its rollouts fare. */
export function ReleasesPage() {
  const releases = useReleases();
  return (
    <Panel aria-labelledby="releases-title">
      <PageTitle id="releases-title">Releases</PageTitle>
      <p>
        The shop, the dashboard and this console are each released on their own. A new version first reaches a share of the
        browsers and rises through its stages by itself while its visitors meet no more errors and no slower pages than on the
        live version. When they do, it rolls back by itself, and this page shows which measure and by how much. You can raise,
        complete or abort a rollout at any time, or promote a version to everyone at once.
      </p>
      <QueryView query={releases} loadingLabel="Loading the releases…" failure="The releases could not be loaded.">
        {(entries) => entries.map((entry) => <RemoteRow key={entry.remote} entry={entry} />)}
      </QueryView>
    </Panel>
  );
}
