import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, type AuthUser } from '@pcpp/contracts';
import { accountText, type PasswordChangeForm, passwordChangeFormSchema } from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria } from '@pcpp/contracts/ui';
import { accountHandlers } from './use-account-handlers';
import { Done, Muted, Section } from './section';

/** Change password: the current one, then the new one; this browser stays signed in, the others end. */
export function PasswordSection({ user }: { user: AuthUser }) {
  const [changed, setChanged] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeFormSchema),
    mode: 'onTouched',
  });
  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    setChanged(false);
    try {
      await accountHandlers().changePassword(currentPassword, newPassword);
      setChanged(true);
      toast.success(accountText.passwordChanged);
      reset();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <Section aria-labelledby="settings-password-title">
      <h2 id="settings-password-title">{accountText.passwordTitle}</h2>
      {user.hasPassword === false ? (
        <Muted>{accountText.passwordNotPassword}</Muted>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} aria-label={accountText.passwordTitle}>
          {/* Lets password managers file the new password under this account. */}
          <input type="email" hidden readOnly autoComplete="username" value={user.email} />
          <Field id="settings-current-password" label={accountText.currentPasswordLabel} error={errors.currentPassword?.message}>
            <input id="settings-current-password" type="password" autoComplete="current-password" {...fieldAria('settings-current-password', errors.currentPassword?.message)} {...register('currentPassword')} />
          </Field>
          <Field id="settings-new-password" label={accountText.newPasswordLabel} error={errors.newPassword?.message}>
            <input id="settings-new-password" type="password" autoComplete="new-password" {...fieldAria('settings-new-password', errors.newPassword?.message)} {...register('newPassword')} />
          </Field>
          {failure && <ErrorText role="alert">{failure}</ErrorText>}
          {changed && <Done role="status">{accountText.passwordChanged}</Done>}
          <div>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Changing…' : accountText.changePassword}
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}
