import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { useAuth, useProfile, type AuthUser } from '@pcpp/contracts';
import { pageMeta, publicNameOf } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, Spinner, usePageMeta } from '@pcpp/contracts/ui';
import { Avatar } from './avatar';
import { ProfileDetails } from './profile-details';

/** The form (react-hook-form and zod with it) loads when Update Profile opens it, not with My Profile. */
const ProfileForm = lazy(() => import('./profile-form').then((module) => ({ default: module.ProfileForm })));

const Identity = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  margin: 8px 0 24px;
  div { min-width: 0; }
  @media (min-width: 768px) { gap: 20px; }
  p { margin: 0; }
`;

const Name = styled.p`
  font-size: 1.2rem;
  @media (min-width: 768px) { font-size: 1.35rem; }
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const Email = styled.p`
  color: var(--color-muted);
  overflow-wrap: anywhere;
`;

const Toolbar = styled.div`
  margin-top: 20px;
`;

const FORM_ID = 'profile-form';

/** My Profile (spec §2): who the identity provider says you are, plus the fields the api keeps. */
export function ProfilePage() {
  usePageMeta(pageMeta.profile);
  const user = useAuth((s) => s.user);
  if (!user) {
    return (
      <Panel>
        <PageTitle>My Profile</PageTitle>
        <p>Sign in to see your profile.</p>
      </Panel>
    );
  }
  return <SignedInProfile user={user} />;
}

function SignedInProfile({ user }: { user: AuthUser }) {
  const profile = useProfile(user.email);
  const [editing, setEditing] = useState(false);
  const name = publicNameOf(user);

  return (
    <Panel aria-labelledby="profile-title">
      <PageTitle id="profile-title">My Profile</PageTitle>
      <Identity>
        <Avatar name={name} photoURL={user.photoURL} />
        <div>
          <Name>{name}</Name>
          <Email>{user.email}</Email>
        </div>
      </Identity>

      <QueryView query={profile} loadingLabel="Loading your profile…" failure="Your profile could not be loaded.">
        {(data) => (
          <>
            <ProfileDetails profile={data} />
            <Toolbar>
              <Button
                type="button"
                aria-expanded={editing}
                aria-controls={editing ? FORM_ID : undefined}
                onClick={() => setEditing((open) => !open)}
              >
                Update Profile
              </Button>
            </Toolbar>
            {editing && (
              <Suspense fallback={<Spinner label="Loading the form…" />}>
                <ProfileForm
                  id={FORM_ID}
                  email={user.email}
                  current={data}
                  onSaved={() => setEditing(false)}
                  onCancel={() => setEditing(false)}
                />
              </Suspense>
            )}
          </>
        )}
      </QueryView>
    </Panel>
  );
}
