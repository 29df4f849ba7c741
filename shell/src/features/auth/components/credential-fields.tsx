import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, fieldAria } from '@pcpp/contracts/ui';

interface CredentialFieldsProps {
  idPrefix: string;
  email: UseFormRegisterReturn<'email'>;
  password: UseFormRegisterReturn<'password'>;
  errors: { email?: string; password?: string };
  /** 'current-password' to log in, 'new-password' to sign up: password managers read it. */
  passwordAutoComplete: 'current-password' | 'new-password';
}

/** The email and password inputs that Login and Sign Up share. */
export function CredentialFields({ idPrefix, email, password, errors, passwordAutoComplete }: CredentialFieldsProps) {
  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;
  return (
    <>
      <Field id={emailId} label="Email" error={errors.email}>
        <input id={emailId} type="email" autoComplete="email" {...fieldAria(emailId, errors.email)} {...email} />
      </Field>
      <Field id={passwordId} label="Password" error={errors.password}>
        <input
          id={passwordId}
          type="password"
          autoComplete={passwordAutoComplete}
          {...fieldAria(passwordId, errors.password)}
          {...password}
        />
      </Field>
    </>
  );
}
