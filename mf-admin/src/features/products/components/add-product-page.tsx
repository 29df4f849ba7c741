import { PageTitle, Panel } from '@pcpp/contracts/ui';

// Placeholder: the admin issue builds the add-product form.
export function AddProductPage() {
  return (
    <Panel>
      <PageTitle>Add a Product</PageTitle>
      <p>Products cannot be added here yet: the form with photo upload arrives with the admin console release.</p>
    </Panel>
  );
}
