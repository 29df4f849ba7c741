import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, fieldAria } from '@pcpp/contracts/ui';

interface EmailFieldProps {
  id: string;
  registration: UseFormRegisterReturn<'email'>;
  error?: string;
}

export function EmailField({ id, registration, error }: EmailFieldProps) {
  return (
    <Field id={id} label="Email" error={error}>
      <input id={id} type="email" autoComplete="email" {...fieldAria(id, error)} {...registration} />
    </Field>
  );
}

interface PasswordFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn<'password'>;
  error?: string;
  /** 'current-password' to log in, 'new-password' to sign up or reset: password managers read it. */
  autoComplete: 'current-password' | 'new-password';
}

export function PasswordField({ id, label, registration, error, autoComplete }: PasswordFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} type="password" autoComplete={autoComplete} {...fieldAria(id, error)} {...registration} />
    </Field>
  );
}

interface CredentialFieldsProps {
  idPrefix: string;
  email: UseFormRegisterReturn<'email'>;
  password: UseFormRegisterReturn<'password'>;
  errors: { email?: string; password?: string };
  passwordAutoComplete: PasswordFieldProps['autoComplete'];
}

/** The email and password inputs that Login and Sign Up share. */
export function CredentialFields({ idPrefix, email, password, errors, passwordAutoComplete }: CredentialFieldsProps) {
  return (
    <>
      <EmailField id={`${idPrefix}-email`} registration={email} error={errors.email} />
      <PasswordField
        id={`${idPrefix}-password`}
        label="Password"
        registration={password}
        error={errors.password}
        autoComplete={passwordAutoComplete}
      />
    </>
  );
}
