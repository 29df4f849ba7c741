import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, type AuthUser } from '@pcpp/contracts';
import { accountText, type EmailChangeForm, emailChangeFormSchema } from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria } from '@pcpp/contracts/ui';
import { requestEmailChange } from '../api/account-calls';
import { accountHandlers } from './use-account-handlers';
import { Done, Muted, Section } from './section';

/**
 * Change email: the password again (a fresh sign-in), then the api emails the identity
 * provider's link to the new address. Nothing changes until it is opened there.
 */
export function EmailSection({ user }: { user: AuthUser }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<EmailChangeForm>({
    resolver: zodResolver(emailChangeFormSchema),
    mode: 'onTouched',
  });
  const submit = handleSubmit(async ({ newEmail, password }) => {
    setFailure(null);
    try {
      const idToken = await accountHandlers().reauthenticate(password);
      const { newEmail: to } = await requestEmailChange(idToken, newEmail);
      setSentTo(to);
      toast.success(accountText.emailLinkSent(to));
      reset();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <Section aria-labelledby="settings-email-title">
      <h2 id="settings-email-title">{accountText.emailTitle}</h2>
      <Muted>{accountText.emailCurrent(user.email)}</Muted>
      {user.hasPassword === false ? (
        <Muted>{accountText.emailNotPassword}</Muted>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} aria-label={accountText.emailTitle}>
          <Field id="settings-new-email" label={accountText.newEmailLabel} error={errors.newEmail?.message}>
            <input id="settings-new-email" type="email" autoComplete="email" {...fieldAria('settings-new-email', errors.newEmail?.message)} {...register('newEmail')} />
          </Field>
          <Field id="settings-email-password" label={accountText.passwordLabel} error={errors.password?.message}>
            <input id="settings-email-password" type="password" autoComplete="current-password" {...fieldAria('settings-email-password', errors.password?.message)} {...register('password')} />
          </Field>
          {failure && <ErrorText role="alert">{failure}</ErrorText>}
          {sentTo && <Done role="status">{accountText.emailLinkSent(sentTo)}</Done>}
          <div>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : accountText.changeEmail}
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}
