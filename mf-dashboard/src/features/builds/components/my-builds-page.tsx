import { useState, useSyncExternalStore } from 'react';
import { Link } from '@pcpp/contracts/router';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { useAuth } from '@pcpp/contracts';
import {
  BUILDER_PATH,
  type BuildState,
  type BuildSummary,
  buildStateLabels,
  cpuById,
  formatCents,
  pageMeta,
  savedBuildHref,
} from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { ConfirmDialog, Pager, useDeleteConfirmation } from '@pcpp/contracts/ui/dashboard';
import { CardItem, CardList } from '../../../components/card-list';
import { useDeleteBuild } from '../api/delete-build';
import { useMyBuilds } from '../api/get-my-builds';

const STATE_COLORS: Readonly<Record<BuildState, { ink: string; back: string }>> = {
  compatible: { ink: '#15803d', back: '#dcfce7' },
  notes: { ink: '#92400e', back: '#fef3c7' },
  problems: { ink: '#b91c1c', back: '#fee2e2' },
};

const List = CardList;

const Card = styled(CardItem)`
  display: grid;
  gap: 10px;
  h2 { margin: 0; font-size: 1.1rem; overflow-wrap: anywhere; }
  h2 a { color: var(--color-ink); }
  dl { margin: 0; display: grid; gap: 4px 16px; grid-template-columns: repeat(2, minmax(0, 1fr)); }
  @media (min-width: 768px) { dl { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
  dt { color: var(--color-ink-soft); font-size: 0.85rem; }
  dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
`;

const StateBadge = styled.span<{ $state: BuildState }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-weight: 700;
  font-size: 0.9rem;
  color: ${({ $state }) => STATE_COLORS[$state].ink};
  background: ${({ $state }) => STATE_COLORS[$state].back};
`;

/** The build's state in words, with its counts. */
function stateText(build: BuildSummary): string {
  const parts = [
    ...(build.problems > 0 ? [`${build.problems} problem${build.problems === 1 ? '' : 's'}`] : []),
    ...(build.notes > 0 ? [`${build.notes} note${build.notes === 1 ? '' : 's'}`] : []),
  ];
  return parts.length > 0 ? `${buildStateLabels[build.state]} (${parts.join(', ')})` : buildStateLabels[build.state];
}

const noChange = () => () => {};
/** The shop's origin in the browser (none on a server): a shared link is absolute. */
const useOrigin = () => useSyncExternalStore(noChange, () => window.location.origin, () => '');

/** My Builds: the customer's saved PC builds with their state now, a share link each, and delete. */
export function MyBuildsPage() {
  usePageMeta(pageMeta.myBuilds);
  const email = useAuth((s) => s.user?.email ?? '');
  const [page, setPage] = useState(1);
  const builds = useMyBuilds(email, page);
  const origin = useOrigin();
  const [copied, setCopied] = useState<string | null>(null);
  const deleteBuild = useDeleteBuild();
  const deletion = useDeleteConfirmation({
    remove: (build: BuildSummary) => deleteBuild.mutateAsync(build._id),
    onDeleted: (build, { deletedCount }) => {
      if (deletedCount > 0) toast.success(`Build “${build.name}” is deleted.`);
      // The last build of a later page: show the page before.
      if (builds.data?.items.length === 1 && page > 1) setPage(page - 1);
    },
    failure: 'The build was not deleted',
  });
  const total = builds.data?.total;

  const copy = async (build: BuildSummary) => {
    try {
      await navigator.clipboard.writeText(`${origin}${savedBuildHref(build._id)}`);
      setCopied(build._id);
    } catch {
      setCopied(null);
      toast.error('This browser did not let the page copy the link: open the build and copy its address.');
    }
  };

  return (
    <Panel aria-labelledby="builds-title">
      <PageTitle id="builds-title">My Builds{total === undefined ? '' : `: ${total}`}</PageTitle>
      <QueryView
        query={builds}
        loadingLabel="Loading your builds…"
        failure="Your builds could not be loaded."
        isEmpty={(page) => page.total === 0}
        empty={() => (
          <>
            <p>You have no saved builds yet. Plan one in the PC Builder: it checks that the parts fit together.</p>
            <Button as={Link} to={BUILDER_PATH} $variant="secondary">
              Open the PC Builder
            </Button>
          </>
        )}
      >
        {(data) => (
          <>
            <List aria-label="Your builds">
              {data.items.map((build) => (
                <Card key={build._id} data-state={build.state}>
                  <h2>
                    <Link to={savedBuildHref(build._id)}>{build.name}</Link>
                  </h2>
                  <div>
                    <StateBadge $state={build.state}>{stateText(build)}</StateBadge>
                  </div>
                  <dl>
                    <div>
                      <dt>Total</dt>
                      <dd>{formatCents(build.totalCents)}</dd>
                    </div>
                    <div>
                      <dt>Estimated wattage</dt>
                      <dd>{build.estimatedW} W</dd>
                    </div>
                    <div>
                      <dt>Parts</dt>
                      <dd>
                        {build.partCount} {build.partCount === 1 ? 'part' : 'parts'}
                        {build.cpu ? ` + ${cpuById(build.cpu)?.name ?? 'a CPU'}` : ''}
                      </dd>
                    </div>
                    <div>
                      <dt>Saved</dt>
                      <dd>{new Date(build.updatedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</dd>
                    </div>
                  </dl>
                  <div className="actions">
                    <Button as={Link} to={savedBuildHref(build._id)} $variant="secondary" aria-label={`Open ${build.name}`}>
                      Open
                    </Button>
                    <Button type="button" $variant="secondary" disabled={!origin} onClick={() => void copy(build)} aria-label={`Copy the link to ${build.name}`}>
                      Copy share link
                    </Button>
                    <Button type="button" $variant="danger" onClick={() => deletion.ask(build)} aria-label={`Delete ${build.name}`}>
                      Delete
                    </Button>
                    {copied === build._id && <span role="status">Link copied.</span>}
                  </div>
                </Card>
              ))}
            </List>
            <Pager page={data.page} pages={data.pages} onPage={setPage} label="Pages of your builds" />
          </>
        )}
      </QueryView>
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete this build?"
        body={deletion.selected ? `“${deletion.selected.name}” and its shared link will be gone.` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting…"
      />
    </Panel>
  );
}
