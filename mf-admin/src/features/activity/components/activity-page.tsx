import { useState } from 'react';
import type { ActivityEntry } from '@pcpp/contracts';
import { PageTitle, Panel } from '@pcpp/contracts/ui';
import { AdminTable, TableBox } from '../../../components/admin-table';
import { LoadState } from '../../../components/load-state';
import { Pager } from '../../../components/pager';
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
  }
}

/** Activity (beyond the spec): who did what in the admin console, and when. */
export function ActivityPage() {
  const [page, setPage] = useState(1);
  const activity = useActivity(page);
  return (
    <Panel aria-labelledby="activity-title">
      <PageTitle id="activity-title">Activity</PageTitle>
      <LoadState query={activity} loadingLabel="Loading the activity…" failure="The activity could not be loaded">
        {(result) =>
          result.items.length === 0 ? (
            <p>No admin has done anything yet.</p>
          ) : (
            <>
              <TableBox>
                <AdminTable aria-label="Admin actions">
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Who</th>
                      <th scope="col">What</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.items.map((entry) => (
                      <tr key={entry._id}>
                        <th scope="row">{when.format(new Date(entry.at))}</th>
                        <td data-label="Who">{entry.actor}</td>
                        <td data-label="What">{describe(entry)}</td>
                      </tr>
                    ))}
                  </tbody>
                </AdminTable>
              </TableBox>
              <Pager page={result.page} pages={result.pages} onPage={setPage} />
            </>
          )
        }
      </LoadState>
    </Panel>
  );
}
