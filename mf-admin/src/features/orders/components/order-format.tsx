import type { ReactNode } from 'react';
import { Field, fieldAria } from '@pcpp/contracts/ui';

export const placedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** The day and the time apart, so a narrow column breaks between them. */
export const placedDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export const placedTime = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** An email that breaks before its @ rather than inside a word, in a narrow column. */
export const EmailText = ({ email }: { email: string }) => {
  const at = email.indexOf('@');
  return at < 0 ? <>{email}</> : <>{email.slice(0, at)}<wbr />{email.slice(at)}</>;
};

/** The first message of a field's schema, or undefined when the value passes. */
export const problemOf = (schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: string) =>
  schema.safeParse(value).error?.issues[0]?.message;

/** A form field of a dialog: a label, the control, its error. */
export function DialogField({ id, label, error, children }: { id: string; label: string; error?: string; children: (aria: ReturnType<typeof fieldAria>) => ReactNode }) {
  return (
    <Field id={id} label={label} error={error}>
      {children(fieldAria(id, error))}
    </Field>
  );
}
