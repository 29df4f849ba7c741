import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from '@pcpp/contracts/router';
import { pageMeta, emailLinkText, type PasswordResetRequestInput } from '@pcpp/contracts/core';
import { Button, usePageMeta } from '@pcpp/contracts/ui';
import { firebaseSession } from '../api/firebase-session-loader';
import { AuthCard, BusyLine, ErrorText, Lead, Notice, SwitchLine } from './auth-form-parts';
import { EmailField } from './credential-fields';
import { lazyResolver } from './lazy-resolver';
import { loadSignInOnIntent } from './sign-in-intent';
import { useAuthRequest } from './use-auth-request';

/** Login's "Forgot password?": emails a reset link, with the same answer for every email. */
export function ForgotPasswordPage() {
  usePageMeta(pageMeta.forgotPassword);
  // Login hands over what was typed in its email field.
  const typedEmail = (useLocation().state as { email?: string } | null)?.email ?? '';
  const { busy, error, run } = useAuthRequest(emailLinkText.resetSendFailed);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetRequestInput>({
    resolver: lazyResolver('passwordResetRequestResolver'),
    mode: 'onTouched',
    defaultValues: { email: typedEmail },
  });

  function send({ email }: PasswordResetRequestInput) {
    setSent(false);
    return run(async () => {
      await (await firebaseSession()).sendPasswordReset(email);
      setSent(true);
    });
  }

  return (
    <AuthCard aria-labelledby="forgot-title" {...loadSignInOnIntent}>
      <h1 id="forgot-title">Forgot password</h1>
      <Lead>Enter the email of your account and we will send you a link to choose a new password.</Lead>
      <form noValidate onSubmit={handleSubmit(send)}>
        <EmailField id="forgot-email" registration={register('email')} error={errors.email?.message} />
        {error && <ErrorText role="alert">{error}</ErrorText>}
        <Button type="submit" disabled={busy}>
          Send reset link
        </Button>
        {busy && <BusyLine role="status">Sending the link…</BusyLine>}
        {sent && <Notice role="status">{emailLinkText.resetSent}</Notice>}
      </form>
      <SwitchLine>
        Remembered it? <Link to="/login">Back to Login</Link>
      </SwitchLine>
    </AuthCard>
  );
}
