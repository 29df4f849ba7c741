import { toast } from 'react-toastify';
import styled from 'styled-components';
import { errorMessage, remoteDisplayNames, type RemoteReleases } from '@pcpp/contracts';
import { Button, PageTitle, Panel, QueryView } from '@pcpp/contracts/ui';
import { AdminTable, TableBox } from '../../../components/admin-table';
import { useChangeRelease } from '../api/change-release';
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

function RemoteRow({ entry }: { entry: RemoteReleases }) {
  const change = useChangeRelease();
  const name = remoteDisplayNames[entry.remote];

  async function run(version?: string) {
    try {
      const result = await change.mutateAsync({ remote: entry.remote, version });
      toast.success(`${name}: ${result.live} is live. Pages load it on their next visit.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
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
          onClick={() => void run()}
          aria-label={`Roll back ${name}${entry.previous ? ` to ${entry.previous}` : ''}`}
        >
          Roll back{entry.previous ? ` to ${entry.previous}` : ''}
        </Button>
      </p>
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
                  ) : (
                    <Button
                      type="button"
                      disabled={change.isPending}
                      aria-label={`Promote ${name} ${version.version}`}
                      onClick={() => void run(version.version)}
                    >
                      Promote
                    </Button>
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
        Each remote ships on its own: publish a version with <code>npm run release -- &lt;remote&gt;</code>, then promote it
        here. When a live version fails to load, pages fall back to the one before it.
      </p>
      <QueryView query={releases} loadingLabel="Loading the releases…" failure="The releases could not be loaded.">
        {(entries) => entries.map((entry) => <RemoteRow key={entry.remote} entry={entry} />)}
      </QueryView>
    </Panel>
  );
}
