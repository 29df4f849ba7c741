import { PageContainer, Panel } from '@pcpp/contracts/ui';

// Placeholder until the storefront issue writes the six blog answers.
export function BlogsPage() {
  return (
    <PageContainer>
      <Panel>
        <h1>Blogs</h1>
        <p>Answers to developer questions are coming soon.</p>
      </Panel>
    </PageContainer>
  );
}
