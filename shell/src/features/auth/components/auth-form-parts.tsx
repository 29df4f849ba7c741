import type { ReactNode } from 'react';
import styled from 'styled-components';

export const AuthCard = styled.section`
  width: 100%;
  max-width: 440px;
  margin: 40px auto;
  padding: 28px 24px;
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
  h1 { margin: 0 0 20px; font-size: 1.6rem; text-align: center; }
  form { display: grid; gap: 16px; }
  @media (max-width: 480px) { margin: 16px auto; border-radius: 0; border-left: 0; border-right: 0; }
`;

const FieldWrap = styled.div`
  display: grid;
  gap: 6px;
  label { font-weight: 600; }
  input {
    min-height: 44px;
    padding: 10px 12px;
    border: 1px solid #94a3b8;
    border-radius: 8px;
    background: #fff;
  }
  input[aria-invalid='true'] { border-color: var(--color-danger); }
`;

/** Small red text, as the spec shows auth and validation errors. */
export const ErrorText = styled.p`
  margin: 0;
  color: var(--color-danger);
  font-size: 0.875rem;
`;

export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <FieldWrap>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </FieldWrap>
  );
}

export const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin: 20px 0;
  color: var(--color-muted);
  font-weight: 600;
  &::before, &::after { content: ''; flex: 1; height: 1px; background: var(--color-border); }
`;

export const SwitchLine = styled.p`
  margin: 16px 0 0;
  text-align: center;
`;

export const BusyLine = styled.p`
  margin: 0;
  text-align: center;
  color: var(--color-muted);
`;
