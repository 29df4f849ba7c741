import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from '@pcpp/contracts/router';
import { zodResolver } from '@hookform/resolvers/zod';
import { api, errorMessage, useCartCount } from '@pcpp/contracts';
import { accountText, emailRecoveryAnswerSchema, newPasswordSchema, emailLinkText, pageMeta, type NewPasswordInput } from '@pcpp/contracts/core';
import { Button, Spinner, usePageMeta } from '@pcpp/contracts/ui';
import { firebaseSession } from '../api/firebase-session-loader';
import { AuthCard, BusyLine, ErrorText, Lead, Notice, SwitchLine } from './auth-form-parts';
import { PasswordField } from './credential-fields';
import { useActionLink } from './use-action-link';
import { useAuthRequest } from './use-auth-request';
import { forgetReturnAfterVerify, returnAfterVerify } from './return-after-verify';

/**
 * Where the identity provider's emailed links land (its "action URL"): the link carries a mode
 * and a one-time code. Reset password, verify email and change email (verify-before-update) are
 * the provider's links the shop sends; undoEmailChange is the shop's own "This was not me" link,
 * with a token the api made.
 */
export function AuthActionPage() {
  usePageMeta(pageMeta.authAction);
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  const token = params.get('token');
  if (mode === 'undoEmailChange' && token) return <UndoEmailChangeCard key={token} token={token} />;
  if (!mode || !oobCode) return <LinkProblem message={emailLinkText.incompleteLink} />;
  if (mode === 'resetPassword') return <ResetPasswordCard key={oobCode} oobCode={oobCode} />;
  if (mode === 'verifyEmail') return <VerifyEmailCard key={oobCode} oobCode={oobCode} />;
  if (mode === 'verifyAndChangeEmail') return <ChangeEmailCard key={oobCode} oobCode={oobCode} />;
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
  const link = useActionLink(
    'verifyEmail',
    oobCode,
    async (code) => (await firebaseSession()).verifyEmail(code),
    emailLinkText.linkFailed,
  );
  // Signed up on the way to the checkout (this browser remembers): back there, verified. Otherwise a
  // cart waiting in this browser is the way back.
  const [returnTo] = useState(returnAfterVerify);
  const cartCount = useCartCount();
  const back = link.status !== 'ok' ? null : returnTo ?? (cartCount ? '/checkout' : null);
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
        {back ? (
          <Link to={back} onClick={forgetReturnAfterVerify}>
            {back.startsWith('/checkout') ? emailLinkText.backToCheckout : emailLinkText.continueWhereYouWere}
          </Link>
        ) : (
          <Link to="/">{emailLinkText.continueShopping}</Link>
        )}
      </SwitchLine>
    </AuthCard>
  );
}

/** The link sent to a new address (Settings, Change email): the account moves to it, and signs in with it. */
function ChangeEmailCard({ oobCode }: { oobCode: string }) {
  const link = useActionLink('verifyAndChangeEmail', oobCode, async (code) => (await firebaseSession()).changeEmail(code), accountText.emailChangeFailed);
  if (link.status === 'checking') return <Spinner label="Changing your email…" />;
  return (
    <AuthCard aria-labelledby="change-email-title">
      <h1 id="change-email-title">{accountText.emailChangedTitle}</h1>
      {link.status === 'failed' ? <ErrorText role="alert">{link.error}</ErrorText> : <Notice role="status">{accountText.emailChangedSignIn(link.value)}</Notice>}
      <SwitchLine>
        <Link to="/login">Go to Login</Link>
      </SwitchLine>
    </AuthCard>
  );
}

/** The old address's "This was not me": asked once more, since it ends every session. */
function UndoEmailChangeCard({ token }: { token: string }) {
  const [state, setState] = useState<{ status: 'asking' | 'working' } | { status: 'done'; email: string } | { status: 'failed'; error: string }>({ status: 'asking' });
  const undo = async () => {
    setState({ status: 'working' });
    try {
      const { email } = await api.post('/account/email-recovery', { body: { token }, skipSessionRefresh: true, answer: emailRecoveryAnswerSchema });
      setState({ status: 'done', email });
    } catch (error) {
      setState({ status: 'failed', error: errorMessage(error) });
    }
  };
  return (
    <AuthCard aria-labelledby="undo-title">
      <h1 id="undo-title">{accountText.undoTitle}</h1>
      {state.status === 'done' ? (
        <Notice role="status">{accountText.undone(state.email)}</Notice>
      ) : (
        <>
          <Lead>{accountText.undoWhat}</Lead>
          {state.status === 'failed' && <ErrorText role="alert">{state.error}</ErrorText>}
          <Button type="button" $variant="danger" disabled={state.status === 'working'} onClick={() => void undo()}>
            {accountText.undoButton}
          </Button>
          {state.status === 'working' && <BusyLine role="status">Taking your email back…</BusyLine>}
        </>
      )}
      <SwitchLine>
        <Link to="/login">Go to Login</Link>
      </SwitchLine>
    </AuthCard>
  );
}
