import { Link } from 'react-router-dom';
import { PageTitle, Panel } from '@pcpp/contracts/ui';

/** A /dashboard/... path that names no page of the dashboard. */
export function DashboardNotFoundPage() {
  return (
    <Panel>
      <PageTitle>Page not found</PageTitle>
      <p>
        There is no dashboard page at this address. Go to <Link to="/dashboard">My Profile</Link> or pick a page from the
        menu.
      </p>
    </Panel>
  );
}
