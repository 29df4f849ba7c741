import { PageTitle, Panel } from '@pcpp/contracts/ui';

// Placeholder: the orders issue builds the list of all orders.
export function AllOrdersPage() {
  return (
    <Panel>
      <PageTitle>Manage All Orders</PageTitle>
      <p>Orders cannot be managed here yet: the list of every customer&apos;s orders arrives with ordering and payments.</p>
    </Panel>
  );
}
