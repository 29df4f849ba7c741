import { PageTitle, Panel } from '@pcpp/contracts/ui';

// Placeholder: the admin issue builds the user list and promotion.
export function MakeAdminPage() {
  return (
    <Panel>
      <PageTitle>Make Admin</PageTitle>
      <p>The list of users and the Make Admin button are not built yet: they arrive with the admin console release.</p>
    </Panel>
  );
}
