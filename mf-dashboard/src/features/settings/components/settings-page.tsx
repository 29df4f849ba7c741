import { useAuth, type AuthUser } from '@pcpp/contracts';
import { accountText, pageMeta } from '@pcpp/contracts/core';
import { PageTitle, Panel, usePageMeta } from '@pcpp/contracts/ui';
import styled from 'styled-components';
import { AddressBookSection } from './address-book-section';
import { CloseAccountSection } from './close-account-section';
import { EmailSection } from './email-section';
import { ExportSection } from './export-section';
import { PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';

const Intro = styled.p`
  margin: 4px 0 8px;
  color: var(--color-ink-soft);
`;

/** Settings (issue 46): the account itself, beside the spec's My Profile, which stays as it is. */
export function SettingsPage() {
  usePageMeta(pageMeta.settings);
  const user = useAuth((s) => s.user);
  if (!user) {
    return (
      <Panel>
        <PageTitle>{accountText.settingsTitle}</PageTitle>
        <p>Sign in to see your settings.</p>
      </Panel>
    );
  }
  return <SignedInSettings user={user} />;
}

function SignedInSettings({ user }: { user: AuthUser }) {
  return (
    <Panel aria-labelledby="settings-title">
      <PageTitle id="settings-title">{accountText.settingsTitle}</PageTitle>
      <Intro>{accountText.settingsIntro}</Intro>
      <EmailSection user={user} />
      <PasswordSection user={user} />
      <AddressBookSection user={user} />
      <SessionsSection />
      <ExportSection />
      <CloseAccountSection user={user} />
    </Panel>
  );
}
