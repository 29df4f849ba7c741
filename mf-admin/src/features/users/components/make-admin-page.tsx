import { useEffect } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { useSearchParams } from '@pcpp/contracts/router';
import { ApiError, useAuth } from '@pcpp/contracts';
import { adminText, pageMeta, toastMessages, type UserSummary } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { ConfirmDialog, useConfirmation } from '@pcpp/contracts/ui/dashboard';
import { Toolbar } from '../../../components/admin-table';
import { PagedTable } from '../../../components/paged-table';
import { SearchBox } from '../../../components/search-box';
import { useUserCount, useUsers } from '../api/get-users';
import { useDemoteUser, usePromoteUser } from '../api/promote-user';

const joined = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const Showing = styled.p`
  margin: -8px 0 16px;
  color: var(--color-ink-soft);
`;

/**
 * Make Admin (spec §2): every account with its role and the matching action, each asked first:
 * Make Admin for a customer, Make Customer for another admin. The search is in the address.
 */
export function MakeAdminPage() {
  usePageMeta(pageMeta.makeAdmin);
  const me = useAuth((s) => s.user?.email?.toLowerCase() ?? '');
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);

  const users = useUsers({ page, q });
  const count = useUserCount();
  const promote = usePromoteUser();
  const demote = useDemoteUser();
  const promotion = useConfirmation({
    run: (user: UserSummary) => promote.mutateAsync(user.email),
    onDone: () => toast.success(toastMessages.madeAdmin),
    failure: 'Could not make an admin',
  });
  const demotion = useConfirmation({
    run: (user: UserSummary) => demote.mutateAsync(user.email),
    onDone: (user) => toast.success(adminText.demoted(user.email)),
    failure: 'Could not make a customer',
  });
  // The spec's toast for a refused promotion (403), beside the dialog's own message.
  useEffect(() => {
    if (promote.error instanceof ApiError && promote.error.status === 403) toast.error(toastMessages.makeAdminFailed);
  }, [promote.error]);

  return (
    <Panel aria-labelledby="users-title">
      <PageTitle id="users-title">All Users: {count.data ?? users.data?.total ?? '…'}</PageTitle>
      {q && users.data && count.data !== undefined && <Showing role="status">{adminText.showingUsers(users.data.total, count.data)}</Showing>}
      <Toolbar role="search" aria-label="Find accounts">
        <SearchBox label="Search by email" value={q ?? ''} onSearch={(text) => setParams(text ? { q: text } : {}, { replace: true })} />
      </Toolbar>
      <QueryView query={users} loadingLabel="Loading the users…" failure="The users could not be loaded.">
        {(result) => (
          <PagedTable
            result={result}
            label="Users"
            columns={['Email', 'Role', 'Joined', 'Action']}
            empty={`No account matches “${q ?? ''}”.`}
            onPage={(next) => setParams({ ...(q ? { q } : {}), ...(next > 1 ? { page: String(next) } : {}) })}
            row={(user) => (
              <tr key={user.email}>
                <th scope="row">{user.email}</th>
                <td data-label="Role">{user.role}</td>
                <td data-label="Joined">{joined.format(new Date(user.createdAt))}</td>
                <td data-label="Action">
                  {user.role !== 'admin' && (
                    <Button type="button" aria-label={`Make Admin: ${user.email}`} onClick={() => promotion.ask(user)}>
                      Make Admin
                    </Button>
                  )}
                  {user.role === 'admin' && user.email !== me && (
                    <Button type="button" $variant="secondary" aria-label={`Make Customer: ${user.email}`} onClick={() => demotion.ask(user)}>
                      Make Customer
                    </Button>
                  )}
                  {user.role === 'admin' && user.email === me && <span className="muted">You</span>}
                </td>
              </tr>
            )}
          />
        )}
      </QueryView>
      <ConfirmDialog
        {...promotion.dialog}
        title={promotion.selected ? adminText.promoteTitle(promotion.selected.email) : ''}
        body={adminText.promoteBody}
        confirmLabel="Make Admin"
        busyLabel="Making an admin…"
        confirmVariant="primary"
      />
      <ConfirmDialog
        {...demotion.dialog}
        title={demotion.selected ? adminText.demoteTitle(demotion.selected.email) : ''}
        body={adminText.demoteBody}
        confirmLabel="Make Customer"
        busyLabel="Saving…"
      />
    </Panel>
  );
}
