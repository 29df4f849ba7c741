import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, type AuthUser } from '@pcpp/contracts';
import { accountText, type CloseAccountForm, closeAccountFormSchema } from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria } from '@pcpp/contracts/ui';
import { ConfirmDialog } from '@pcpp/contracts/ui/dashboard';
import { closeAccount } from '../api/account-calls';
import { accountHandlers, endThisSession } from './use-account-handlers';
import { Bullets, Section } from './section';

/**
 * Close my account: the email typed again and the password (the Google window for an account
 * without one), then asked once more with what happens. The api needs that fresh sign-in.
 */
export function CloseAccountSection({ user }: { user: AuthUser }) {
  const [confirming, setConfirming] = useState<CloseAccountForm | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const withPassword = user.hasPassword !== false;
  const { register, handleSubmit, setError, formState: { errors } } = useForm<CloseAccountForm>({
    resolver: zodResolver(closeAccountFormSchema),
    mode: 'onTouched',
    defaultValues: { confirmEmail: '', password: '' },
  });
  const ask = handleSubmit((values) => {
    if (values.confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
      setError('confirmEmail', { message: accountText.closeConfirmMismatch });
      return;
    }
    if (withPassword && !values.password) {
      setError('password', { message: 'Type your password' });
      return;
    }
    setFailure(null);
    setConfirming(values);
  });
  const close = async () => {
    if (!confirming) return;
    setBusy(true);
    setFailure(null);
    try {
      const idToken = await accountHandlers().reauthenticate(withPassword ? confirming.password : null);
      await closeAccount(idToken, confirming.confirmEmail);
      // Signed out here too: the page's guard sends the person to the login page, which says why.
      await endThisSession(accountText.accountClosed, { expired: false });
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };
  const what = (
    <Bullets>
      {accountText.closeWhat.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Bullets>
  );
  return (
    <Section aria-labelledby="settings-close-title">
      <h2 id="settings-close-title">{accountText.closeTitle}</h2>
      <p>Closing your account:</p>
      {what}
      <form noValidate onSubmit={(event) => void ask(event)} aria-label={accountText.closeTitle}>
        <Field id="settings-close-email" label={accountText.closeConfirmEmailLabel} error={errors.confirmEmail?.message}>
          <input id="settings-close-email" type="email" autoComplete="off" {...fieldAria('settings-close-email', errors.confirmEmail?.message)} {...register('confirmEmail')} />
        </Field>
        {withPassword && (
          <Field id="settings-close-password" label={accountText.passwordLabel} error={errors.password?.message}>
            <input id="settings-close-password" type="password" autoComplete="current-password" {...fieldAria('settings-close-password', errors.password?.message)} {...register('password')} />
          </Field>
        )}
        {failure && !confirming && <ErrorText role="alert">{failure}</ErrorText>}
        <div>
          <Button type="submit" $variant="danger">
            {accountText.closeButton}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={`${accountText.closeTitle}?`}
        body={
          <>
            <p>{user.email} will be closed for good:</p>
            {what}
          </>
        }
        confirmLabel={accountText.closeButton}
        busyLabel="Closing your account…"
        cancelLabel="Keep my account"
        busy={busy}
        error={failure}
        onConfirm={() => void close()}
        onCancel={() => {
          setConfirming(null);
          setBusy(false);
        }}
      />
    </Section>
  );
}
