import { Link } from 'react-router-dom';
import { PageContainer, Panel } from '@pcpp/contracts/ui';

// Placeholder until the storefront issue draws the not-found picture.
export function NotFoundPage() {
  return (
    <PageContainer>
      <Panel>
        <h1>Page not found</h1>
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </Panel>
    </PageContainer>
  );
}
