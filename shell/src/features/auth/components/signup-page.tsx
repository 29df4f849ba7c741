import { useForm } from 'react-hook-form';
import { Link, useLocation } from '@pcpp/contracts/router';
import { pageMeta, signInText, type SignupInput } from '@pcpp/contracts/core';
import { Button, Spinner, fieldAria, usePageMeta } from '@pcpp/contracts/ui';
import { firebaseSession } from '../api/firebase-session-loader';
import { AuthCard, BusyLine, Divider, ErrorText, Field, SwitchLine } from './auth-form-parts';
import { CredentialFields } from './credential-fields';
import { GoogleSignInButton } from './google-sign-in-button';
import { lazyResolver } from './lazy-resolver';
import { loadSignInOnIntent } from './sign-in-intent';
import { rememberReturnAfterVerify } from './return-after-verify';
import { useAuthAction } from './use-auth-action';

export function SignupPage() {
  usePageMeta(pageMeta.signup);
  const location = useLocation();
  const { checking, working, error, run } = useAuthAction();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupInput>({ resolver: lazyResolver('signupResolver'), mode: 'onTouched' });

  if (checking) return <Spinner label="Checking your session…" />;

  return (
    <AuthCard aria-labelledby="signup-title" {...loadSignInOnIntent}>
      <h1 id="signup-title">Sign Up</h1>
      <form
        noValidate
        onSubmit={handleSubmit(({ name, email, password }) =>
          run(async () => {
            // Signed up on the way to the checkout: the emailed link brings the person back there.
            rememberReturnAfterVerify(location.state);
            await (await firebaseSession()).signUpWithEmail(name, email, password);
            // Shown on the page the person lands on: this one has already moved on by now. The toast
            // library comes with the signed-in page's toasts, not with the form.
            void import('react-toastify').then(({ toast }) => toast.success(signInText.welcome(name, email)));
          }),
        )}
      >
        <Field id="signup-name" label="Name" error={errors.name?.message}>
          <input
            id="signup-name"
            autoComplete="name"
            {...fieldAria('signup-name', errors.name?.message)}
            {...register('name')}
          />
        </Field>
        <CredentialFields
          idPrefix="signup"
          email={register('email')}
          password={register('password')}
          errors={{ email: errors.email?.message, password: errors.password?.message }}
          passwordAutoComplete="new-password"
        />
        {error && <ErrorText role="alert">{error}</ErrorText>}
        <Button type="submit" disabled={working}>
          Sign up
        </Button>
        {working && <BusyLine role="status">Creating your account…</BusyLine>}
      </form>
      <SwitchLine>
        Already have an account?{' '}
        <Link to="/login" state={location.state}>
          Login
        </Link>
      </SwitchLine>
      <Divider>OR</Divider>
      <GoogleSignInButton disabled={working} onClick={() => void run(async () => (await firebaseSession()).signInWithGoogle())} />
    </AuthCard>
  );
}
