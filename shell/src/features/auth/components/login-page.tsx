import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, useAuth, type LoginInput } from '@pcpp/contracts';
import { Button, Spinner, fieldAria } from '@pcpp/contracts/ui';
import { signInWithEmail, signInWithGoogle } from '../api/firebase-session';
import { AuthCard, BusyLine, Divider, ErrorText, Field, SwitchLine } from './auth-form-parts';
import { GoogleSignInButton } from './google-sign-in-button';
import { useAuthAction } from './use-auth-action';
import { useRedirectWhenSignedIn } from './use-redirect-when-signed-in';

export function LoginPage() {
  useRedirectWhenSignedIn();
  const location = useLocation();
  const status = useAuth((s) => s.status);
  const { busy, error, run } = useAuthAction();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), mode: 'onTouched' });

  if (status === 'unknown') return <Spinner label="Checking your session…" />;
  const working = busy || status === 'signedIn';

  return (
    <AuthCard aria-labelledby="login-title">
      <h1 id="login-title">Login</h1>
      <form noValidate onSubmit={handleSubmit(({ email, password }) => run(() => signInWithEmail(email, password)))}>
        <Field id="login-email" label="Email" error={errors.email?.message}>
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            {...fieldAria('login-email', errors.email?.message)}
            {...register('email')}
          />
        </Field>
        <Field id="login-password" label="Password" error={errors.password?.message}>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            {...fieldAria('login-password', errors.password?.message)}
            {...register('password')}
          />
        </Field>
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
      <GoogleSignInButton disabled={working} onClick={() => void run(signInWithGoogle)} />
    </AuthCard>
  );
}
