import { PageContainer, Panel, SessionSummary } from '@pcpp/contracts/ui';

// Placeholder until the admin issue builds product management.
export function ManageProductsPage() {
  return (
    <PageContainer>
      <Panel>
        <h1>Manage Products</h1>
        <p>The admin console is on its way.</p>
        <SessionSummary />
      </Panel>
    </PageContainer>
  );
}
