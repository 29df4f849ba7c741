import type { ReactNode } from 'react';
import styled from 'styled-components';

const FieldWrap = styled.div`
  display: grid;
  align-content: start;
  gap: 6px;
  label { font-weight: 600; }
  input, select, textarea {
    width: 100%;
    min-height: 44px;
    padding: 10px 12px;
    border: 1px solid #94a3b8;
    border-radius: 8px;
    background: #fff;
    color: var(--color-ink);
  }
  textarea { min-height: 120px; resize: vertical; }
  input[readonly] { background: var(--color-page); color: var(--color-ink-soft); }
  [aria-invalid='true'] { border-color: var(--color-danger); }
`;

const Hint = styled.p`
  margin: 0;
  color: var(--color-muted);
  font-size: 0.875rem;
`;

/** Small red text, as the spec shows auth and validation errors. */
export const ErrorText = styled.p`
  margin: 0;
  color: var(--color-danger);
  font-size: 0.875rem;
`;

/**
 * A labelled form control with its hint and error. The control itself is the child; point its
 * aria attributes at `fieldAria(id, error, hint)` so screen readers read them too.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <FieldWrap>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </FieldWrap>
  );
}

/** The aria attributes a control inside <Field> needs for its hint and error. */
export function fieldAria(id: string, error?: string, hint?: string) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return { 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined };
}
