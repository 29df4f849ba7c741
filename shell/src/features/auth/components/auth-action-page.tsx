import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from '@pcpp/contracts/router';
import { useCartCount } from '@pcpp/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { newPasswordSchema, emailLinkText, pageMeta, type NewPasswordInput } from '@pcpp/contracts/core';
import { Button, Spinner, usePageMeta } from '@pcpp/contracts/ui';
import { firebaseSession } from '../api/firebase-session-loader';
import { AuthCard, BusyLine, ErrorText, Lead, Notice, SwitchLine } from './auth-form-parts';
import { PasswordField } from './credential-fields';
import { useActionLink } from './use-action-link';
import { useAuthRequest } from './use-auth-request';

/**
 * Where the identity provider's emailed links land (its "action URL"): the link carries a mode
 * and a one-time code. Reset password and verify email are the two emails the shop sends.
 */
export function AuthActionPage() {
  usePageMeta(pageMeta.authAction);
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  if (!mode || !oobCode) return <LinkProblem message={emailLinkText.incompleteLink} />;
  if (mode === 'resetPassword') return <ResetPasswordCard key={oobCode} oobCode={oobCode} />;
  if (mode === 'verifyEmail') return <VerifyEmailCard key={oobCode} oobCode={oobCode} />;
  return <LinkProblem message={emailLinkText.unknownMode} />;
}

function LinkProblem({ message }: { message: string }) {
  return (
    <AuthCard aria-labelledby="action-title">
      <h1 id="action-title">Email link</h1>
      <ErrorText role="alert">{message}</ErrorText>
      <SwitchLine>
        <Link to="/login">Back to Login</Link>
      </SwitchLine>
    </AuthCard>
  );
}

function ResetPasswordCard({ oobCode }: { oobCode: string }) {
  // Checked first, so an expired or used link says so before anyone types a password.
  const link = useActionLink(
    'resetPassword',
    oobCode,
    async (code) => (await firebaseSession()).checkPasswordResetCode(code),
    emailLinkText.linkFailed,
  );
  const { busy, error, run } = useAuthRequest(emailLinkText.passwordChangeFailed);
  const [changed, setChanged] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordInput>({ resolver: zodResolver(newPasswordSchema), mode: 'onTouched' });

  if (link.status === 'checking') return <Spinner label="Checking your link…" />;

  const save = ({ password }: NewPasswordInput) =>
    run(async () => {
      await (await firebaseSession()).resetPassword(oobCode, password);
      setChanged(true);
    });

  return (
    <AuthCard aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      {link.status === 'failed' ? (
        <>
          <ErrorText role="alert">{link.error}</ErrorText>
          <SwitchLine>
            <Link to="/forgot-password">Ask for a new link</Link>
          </SwitchLine>
        </>
      ) : changed ? (
        <>
          <Notice role="status">{emailLinkText.passwordChanged}</Notice>
          <SwitchLine>
            <Link to="/login">Go to Login</Link>
          </SwitchLine>
        </>
      ) : (
        <>
          <Lead>
            For <strong>{link.value}</strong>
          </Lead>
          <form noValidate onSubmit={handleSubmit(save)}>
            {/* Lets password managers file the new password under the right account. */}
            <input type="email" hidden readOnly autoComplete="username" value={link.value} />
            <PasswordField
              id="reset-password"
              label="New password"
              registration={register('password')}
              error={errors.password?.message}
              autoComplete="new-password"
            />
            {error && <ErrorText role="alert">{error}</ErrorText>}
            <Button type="submit" disabled={busy}>
              Save new password
            </Button>
            {busy && <BusyLine role="status">Saving your password…</BusyLine>}
          </form>
        </>
      )}
    </AuthCard>
  );
}

function VerifyEmailCard({ oobCode }: { oobCode: string }) {
  // A cart waiting (the navbar's count): the verified customer goes back to pay for it.
  const cartCount = useCartCount() ?? 0;
  const link = useActionLink(
    'verifyEmail',
    oobCode,
    async (code) => (await firebaseSession()).verifyEmail(code),
    emailLinkText.linkFailed,
  );
  if (link.status === 'checking') return <Spinner label="Verifying your email…" />;
  return (
    <AuthCard aria-labelledby="verify-title">
      <h1 id="verify-title">Verify your email</h1>
      {link.status === 'failed' ? (
        <ErrorText role="alert">{link.error}</ErrorText>
      ) : (
        <Notice role="status">{emailLinkText.emailVerified}</Notice>
      )}
      <SwitchLine>
        {link.status !== 'failed' && cartCount > 0 && (
          <>
            <Link to="/checkout">{emailLinkText.backToCheckout}</Link>
            {' · '}
          </>
        )}
        <Link to="/">Continue shopping</Link>
      </SwitchLine>
    </AuthCard>
  );
}
