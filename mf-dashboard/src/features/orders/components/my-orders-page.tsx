import { PageTitle, Panel } from '@pcpp/contracts/ui';

// Placeholder: the orders and payments issue fills this page.
export function MyOrdersPage() {
  return (
    <Panel>
      <PageTitle>My Orders</PageTitle>
      <p>Your orders are not listed here yet: this page gets your order history, payment and cancellation with the next release.</p>
    </Panel>
  );
}
