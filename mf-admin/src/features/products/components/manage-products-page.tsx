import { PageTitle, Panel } from '@pcpp/contracts/ui';

// Placeholder: the admin issue builds product management.
export function ManageProductsPage() {
  return (
    <Panel>
      <PageTitle>Manage Products</PageTitle>
      <p>The product table with delete is not built yet: it arrives with the admin console release.</p>
    </Panel>
  );
}
