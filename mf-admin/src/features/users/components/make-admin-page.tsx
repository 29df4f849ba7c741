import { useDeferredValue, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, errorMessage, pageMeta, toastMessages, type UserSummary } from '@pcpp/contracts';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { Toolbar } from '../../../components/admin-table';
import { PagedTable } from '../../../components/paged-table';
import { usePromoteUser } from '../api/promote-user';
import { useUsers } from '../api/get-users';

const joined = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Make Admin (spec §2): every account, and a button that makes a customer an admin. */
export function MakeAdminPage() {
  usePageMeta(pageMeta.makeAdmin);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDeferredValue(search.trim());
  const users = useUsers({ page, q: q || undefined });
  const promote = usePromoteUser();

  async function makeAdmin(user: UserSummary) {
    try {
      await promote.mutateAsync(user.email);
      toast.success(toastMessages.madeAdmin);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 403 ? toastMessages.makeAdminFailed : errorMessage(error));
    }
  }

  return (
    <Panel aria-labelledby="users-title">
      <PageTitle id="users-title">All Users: {users.data?.total ?? '…'}</PageTitle>
      <Toolbar>
        <label>
          Search by email
          <input
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </label>
      </Toolbar>
      <QueryView query={users} loadingLabel="Loading the users…" failure="The users could not be loaded.">
        {(result) => (
          <PagedTable
            result={result}
            label="Users"
            columns={['Email', 'Role', 'Joined', 'Make Admin']}
            empty={`No account matches “${q}”.`}
            onPage={setPage}
            row={(user) => (
              <tr key={user.email}>
                <th scope="row">{user.email}</th>
                <td data-label="Role">{user.role}</td>
                <td data-label="Joined">{joined.format(new Date(user.createdAt))}</td>
                <td data-label="Make Admin">
                  {user.role !== 'admin' && (
                    <Button
                      type="button"
                      aria-label={`Make Admin: ${user.email}`}
                      disabled={promote.isPending}
                      onClick={() => void makeAdmin(user)}
                    >
                      Make Admin
                    </Button>
                  )}
                </td>
              </tr>
            )}
          />
        )}
      </QueryView>
    </Panel>
  );
}
