import { useState } from 'react';
import { pageMeta, type ActivityEntry } from '@pcpp/contracts';
import { PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { PagedTable } from '../../../components/paged-table';
import { useActivity } from '../api/get-activity';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function describe(entry: ActivityEntry): string {
  switch (entry.action) {
    case 'user.promoted':
      return `made ${entry.target} an admin`;
    case 'product.added':
      return `added the product ${entry.target}`;
    case 'product.deleted':
      return `deleted the product ${entry.target}`;
    case 'order.deleted':
      return `deleted the order ${entry.target}`;
    case 'order.status':
      return `set the order ${entry.target} to ${entry.details ?? 'a new status'}`;
    case 'order.refunded':
      return `refunded ${entry.details ?? 'a payment'} for the order ${entry.target}`;
    case 'review.hidden':
      return `hid the review of ${entry.target}`;
    case 'review.shown':
      return `showed again the review of ${entry.target}`;
    case 'release.published':
      return `published ${entry.target} ${entry.details ?? ''}`;
    case 'release.promoted':
      return `made ${entry.target} ${entry.details ?? ''} live`;
    case 'release.rolledBack':
      return `rolled ${entry.target} back to ${entry.details ?? 'its previous version'}`;
  }
}

/** Activity (beyond the spec): who did what in the admin console, and when. */
export function ActivityPage() {
  usePageMeta(pageMeta.activity);
  const [page, setPage] = useState(1);
  const activity = useActivity(page);
  return (
    <Panel aria-labelledby="activity-title">
      <PageTitle id="activity-title">Activity</PageTitle>
      <QueryView query={activity} loadingLabel="Loading the activity…" failure="The activity could not be loaded.">
        {(result) => (
          <PagedTable
            result={result}
            label="Admin actions"
            columns={['When', 'Who', 'What']}
            empty="No admin has done anything yet."
            onPage={setPage}
            row={(entry) => (
              <tr key={entry._id}>
                <th scope="row">{when.format(new Date(entry.at))}</th>
                <td data-label="Who">{entry.actor}</td>
                <td data-label="What">{describe(entry)}</td>
              </tr>
            )}
          />
        )}
      </QueryView>
    </Panel>
  );
}
