import { useState } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import { remoteDisplayNames, type RemoteReleases, type RolloutOutcome, type RolloutStats } from '@pcpp/contracts/core';
import { Button, ErrorText, Field, PageTitle, Panel, QueryView, fieldAria } from '@pcpp/contracts/ui';
import { AdminTable, TableBox } from '../../../components/admin-table';
import { useChangeRelease, type ReleaseChange } from '../api/change-release';
import { useReleases } from '../api/get-releases';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

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
  padding: 12px;
  border-radius: 8px;
  border: 1px solid ${({ $failing }) => ($failing ? '#f5a3a3' : 'var(--color-border)')};
  background: ${({ $failing }) => ($failing ? '#fff4f4' : 'var(--color-page)')};
  h3 { font-size: 1rem; margin: 0 0 6px; }
  ul { margin: 0; padding-left: 20px; display: grid; gap: 4px; }
  p { margin: 0; }
  li { overflow-wrap: anywhere; }
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
  dl { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 8px; margin: 0; }
  dt { font-weight: 600; }
  dd { margin: 0; }
`;

/** A share typed by the admin: a whole number from 1 to 100, else why not. */
function shareError(text: string, above = 0): string | undefined {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 100) return 'Enter a whole number from 1 to 100.';
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
      <p>
        {when.format(new Date(outcome.at))} — candidate: {statsText(outcome.candidate)}
      </p>
    </Rollout>
  );
}

function RemoteRow({ entry }: { entry: RemoteReleases }) {
  const change = useChangeRelease();
  const name = remoteDisplayNames[entry.remote];
  const [share, setShare] = useState(entry.rollout ? String(Math.min(100, entry.rollout.percent * 2)) : '10');
  const [shareProblem, setShareProblem] = useState<string>();
  const shareId = `share-${entry.remote}`;

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

  /** Starts or raises a rollout at the share typed, if it is one. */
  function rollOut(version: string) {
    const problem = shareError(share, entry.rollout?.percent ?? 0);
    setShareProblem(problem);
    if (!problem) void run({ kind: 'rollout', remote: entry.remote, version, percent: Number(share) });
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
        {entry.rollout ? (
          <>
            <h3>
              Rolling out <code data-testid="candidate-version">{entry.rollout.version}</code> to{' '}
              <span data-testid="rollout-share">{entry.rollout.percent} %</span> of the browsers
            </h3>
            <dl>
              <div>
                <dt>Candidate {entry.rollout.version}</dt>
                <dd data-testid="candidate-stats">{statsText(entry.rollout.candidate)}</dd>
              </div>
              <div>
                <dt>Live {entry.live}</dt>
                <dd data-testid="live-stats">{statsText(entry.rollout.live)}</dd>
              </div>
            </dl>
            <p>
              Started {when.format(new Date(entry.rollout.startedAt))} by {entry.rollout.startedBy}. It rolls back by itself when too many of its loads
              fail.
            </p>
          </>
        ) : (
          <h3>No rollout under way: roll a version out to a share of the browsers first, or promote it to everyone.</h3>
        )}
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
          {entry.rollout && (
            <>
              <Button type="button" disabled={change.isPending} onClick={() => rollOut(entry.rollout!.version)}>
                Raise the share
              </Button>
              <Button
                type="button"
                disabled={change.isPending}
                onClick={() => void run({ kind: 'rollout', remote: entry.remote, version: entry.rollout!.version, percent: 100 })}
              >
                Complete
              </Button>
              <Button type="button" $variant="secondary" disabled={change.isPending} onClick={() => void run({ kind: 'abort', remote: entry.remote })}>
                Abort
              </Button>
            </>
          )}
        </div>
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
                  ) : version.version === entry.rollout?.version ? (
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
                        disabled={change.isPending || !entry.live || Boolean(entry.rollout)}
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
      <Health $failing={entry.failureCount > 0} aria-label={`${name} health`} role="region">
        <h3>Load failures in the last 24 hours: {entry.failureCount}</h3>
        {entry.failures.length === 0 ? (
          <p>Every page loaded it.</p>
        ) : (
          <ul>
            {entry.failures.map((failure, index) => (
              <li key={`${failure.at}-${index}`}>
                {when.format(new Date(failure.at))} — <code>{failure.version ?? failure.manifestUrl}</code>: {failure.message}
              </li>
            ))}
          </ul>
        )}
      </Health>
    </Remote>
  );
}

/** Releases (beyond the spec): each remote's versions, which one is live, and how it loads. */
export function ReleasesPage() {
  const releases = useReleases();
  return (
    <Panel aria-labelledby="releases-title">
      <PageTitle id="releases-title">Releases</PageTitle>
      <p>
        Each remote ships on its own: publish a version with <code>npm run release -- &lt;remote&gt;</code>, then roll it out
        here to a share of the browsers (or <code>npm run rollout</code>) and raise it, or promote it to everyone. When a
        version fails to load, pages fall back to the one before it; a rollout whose loads fail too often rolls back by
        itself.
      </p>
      <QueryView query={releases} loadingLabel="Loading the releases…" failure="The releases could not be loaded.">
        {(entries) => entries.map((entry) => <RemoteRow key={entry.remote} entry={entry} />)}
      </QueryView>
    </Panel>
  );
}
