import { useState } from 'react';
import { errorMessage } from '@pcpp/contracts';
import { accountText } from '@pcpp/contracts/core';
import { Button } from '@pcpp/contracts/ui';
import { ConfirmDialog } from '@pcpp/contracts/ui/dashboard';
import { signOutEverywhere } from '../api/account-calls';
import { endThisSession } from './use-account-handlers';
import { Bullets, Muted, Section } from './section';

/** Sign out everywhere, shown with what ends; asked once more, since this browser is signed out too. */
export function SessionsSection() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await signOutEverywhere();
      // The login page says why (its sentence), and brings the person back here after signing in.
      await endThisSession(accountText.signedOutEverywhere, { expired: true });
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };
  const what = (
    <>
      <p>This ends:</p>
      <Bullets>
        {accountText.sessionsWhat.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Bullets>
      <p>{accountText.sessionsKept}</p>
    </>
  );
  return (
    <Section aria-labelledby="settings-sessions-title">
      <h2 id="settings-sessions-title">{accountText.sessionsTitle}</h2>
      {what}
      <Muted>Use it after signing in on a computer that is not yours, or if you think someone else is signed in.</Muted>
      <div>
        <Button type="button" $variant="secondary" onClick={() => setAsking(true)}>
          {accountText.signOutEverywhere}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={`${accountText.signOutEverywhere}?`}
        body={what}
        confirmLabel={accountText.signOutEverywhere}
        busyLabel="Signing out…"
        busy={busy}
        error={failure}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Section>
  );
}
