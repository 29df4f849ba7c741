import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from '@pcpp/contracts/router';
import { pageMeta, type LoginInput } from '@pcpp/contracts/core';
import { Button, Spinner, usePageMeta } from '@pcpp/contracts/ui';
import { firebaseSession } from '../api/firebase-session-loader';
import { AuthCard, BusyLine, Divider, ErrorText, FieldAside, Reason, SwitchLine } from './auth-form-parts';
import { CredentialFields } from './credential-fields';
import { GoogleSignInButton } from './google-sign-in-button';
import { lazyResolver } from './lazy-resolver';
import { loadSignInOnIntent } from './sign-in-intent';
import { loginReasonState } from './router-state';
import { useAuthAction } from './use-auth-action';

export function LoginPage() {
  usePageMeta(pageMeta.login);
  const location = useLocation();
  // Why a page sent the person here ('Log in to order …'); anything else is ignored.
  const reason = loginReasonState(location.state);
  const { checking, working, error, run } = useAuthAction();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: lazyResolver('loginResolver'), mode: 'onTouched' });
  const typedEmail = useWatch({ control, name: 'email' });

  if (checking) return <Spinner label="Checking your session…" />;

  return (
    <AuthCard aria-labelledby="login-title" {...loadSignInOnIntent}>
      <h1 id="login-title">Login</h1>
      {reason && <Reason role="status">{reason}</Reason>}
      <form noValidate onSubmit={handleSubmit(({ email, password }) => run(async () => (await firebaseSession()).signInWithEmail(email, password)))}>
        <CredentialFields
          idPrefix="login"
          email={register('email')}
          password={register('password')}
          errors={{ email: errors.email?.message, password: errors.password?.message }}
          passwordAutoComplete="current-password"
        />
        <FieldAside>
          {/* Takes the email typed so far along, so it need not be typed twice. */}
          <Link to="/forgot-password" state={{ email: typedEmail }}>
            Forgot password?
          </Link>
        </FieldAside>
        {error && <ErrorText role="alert">{error}</ErrorText>}
        <Button type="submit" disabled={working}>
          Login
        </Button>
        {working && <BusyLine role="status">Signing you in…</BusyLine>}
      </form>
      <SwitchLine>
        New to PCPARTPICKER? <Link to="/signup" state={location.state}>Create New Account</Link>
      </SwitchLine>
      <Divider>OR</Divider>
      <GoogleSignInButton disabled={working} onClick={() => void run(async () => (await firebaseSession()).signInWithGoogle())} />
    </AuthCard>
  );
}
