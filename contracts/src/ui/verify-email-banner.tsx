import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import styled from 'styled-components';
import { currentRuntimeConfig, useAuth } from '@pcpp/contracts';
import { checkoutPageText, checkoutText, signInText } from '@pcpp/contracts/core';
import { Button } from '@pcpp/contracts/ui';

/** Dismissed for this browser session only: the banner comes back next time until the email is verified. */
const DISMISSED_KEY = 'pcpp.verifyEmailBannerDismissed';

function dismissedUid(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(DISMISSED_KEY) ?? null;
  } catch {
    return null;
  }
}

function rememberDismissed(uid: string): void {
  try {
    globalThis.sessionStorage?.setItem(DISMISSED_KEY, uid);
  } catch {
    // Without storage the banner stays hidden until the page is reloaded.
  }
}

const Banner = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin-bottom: 16px;
  padding: 12px 12px 12px 16px;
  border: 1px solid #fcd34d;
  border-left: 4px solid var(--color-accent);
  border-radius: var(--radius);
  background: #fffbeb;
  color: var(--color-ink);
  p { margin: 0; overflow-wrap: anywhere; }
`;

const Text = styled.div`
  flex: 1 1 260px;
  display: grid;
  gap: 4px;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
  margin-left: auto;
`;

const DismissButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: var(--radius);
  background: transparent;
  color: var(--color-ink-soft);
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
  &:hover { background: #fef3c7; }
`;

const Outcome = styled.p<{ $failed: boolean }>`
  font-size: 0.9rem;
  font-weight: 600;
  color: ${({ $failed }) => ($failed ? 'var(--color-danger)' : 'var(--color-success)')};
`;

/**
 * Shown on every dashboard page while the signed-in email is not verified: 'Send again' mails the
 * link once more (through the shell, which owns the identity provider). Dismissable. At the
 * checkout (`atCheckout`) it says the order waits for it, offers 'Resend the link' and stays.
 */
export function VerifyEmailBanner({ atCheckout = false }: { atCheckout?: boolean }) {
  const user = useAuth((s) => s.user);
  const sendVerificationEmail = useAuth((s) => s.handlers?.sendVerificationEmail);
  const [dismissed, setDismissed] = useState(dismissedUid);
  const send = useMutation({
    mutationFn: async () => {
      if (!sendVerificationEmail) throw new Error(signInText.verificationSendFailed);
      await sendVerificationEmail();
    },
  });

  if (!user || user.emailVerified || (!atCheckout && dismissed === user.uid)) return null;
  // Demo mode: no email leaves the machine, so say where the link is.
  const demoInbox = currentRuntimeConfig()?.demoMailInboxUrl;

  const outcome = send.isSuccess
    ? signInText.verificationSent(user.email)
    : send.isError
      ? send.error.message || signInText.verificationSendFailed
      : '';

  return (
    <Banner aria-label="Verify your email">
      <Text>
        <p>{atCheckout ? checkoutText.verifyBeforePaying : signInText.verifyBanner(user.email)}</p>
        {demoInbox && (
          <p>
            {signInText.verifyInDemoInbox}{' '}
            <a href={demoInbox} target="_blank" rel="noreferrer">
              {demoInbox}
            </a>
            .
          </p>
        )}
        {/* Always there, so screen readers announce the outcome when it appears. */}
        <Outcome role="status" $failed={send.isError}>
          {outcome}
        </Outcome>
      </Text>
      <Actions>
        <Button type="button" $variant="secondary" disabled={send.isPending} onClick={() => send.mutate()}>
          {atCheckout ? checkoutPageText.resendLink : 'Send again'}
        </Button>
        {!atCheckout && (
        <DismissButton
          type="button"
          aria-label="Dismiss"
          title="Dismiss"
          onClick={() => {
            rememberDismissed(user.uid);
            setDismissed(user.uid);
          }}
        >
          <span aria-hidden="true">×</span>
        </DismissButton>
        )}
      </Actions>
    </Banner>
  );
}
