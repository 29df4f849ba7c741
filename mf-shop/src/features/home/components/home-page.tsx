import { brand } from '@pcpp/contracts';
import { PageContainer, Panel, SessionSummary } from '@pcpp/contracts/ui';

// Placeholder until the storefront issue builds the real home page.
export function HomePage() {
  return (
    <PageContainer>
      <Panel>
        <h1>Welcome to {brand.full}</h1>
        <p>Trusted brands, top quality parts at reasonable prices. The storefront is on its way.</p>
        <SessionSummary />
      </Panel>
    </PageContainer>
  );
}
