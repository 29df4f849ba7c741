import { PageContainer, Panel, SessionSummary } from '@pcpp/contracts/ui';

// Placeholder until the dashboard issue builds My Profile.
export function ProfilePage() {
  return (
    <PageContainer>
      <Panel>
        <h1>My Profile</h1>
        <p>Your dashboard is on its way.</p>
        <SessionSummary />
      </Panel>
    </PageContainer>
  );
}
