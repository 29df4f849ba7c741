import { Link } from '@pcpp/contracts/router';
import { pageMeta } from '@pcpp/contracts/core';
import { PageTitle, Panel, usePageMeta } from '@pcpp/contracts/ui';

/** A /dashboard/... path that names no page of the dashboard. */
export function DashboardNotFoundPage() {
  usePageMeta(pageMeta.dashboardNotFound);
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
