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

// The labelled field and the small red error text are shared with the remotes' forms.
export { ErrorText, Field } from '@pcpp/contracts/ui';

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

export const Lead = styled.p`
  margin: -8px 0 20px;
  text-align: center;
  color: var(--color-muted);
  overflow-wrap: anywhere; /* a long email must not widen the card on a phone */
`;

/** A link that sits under a field, at its right edge (Login's "Forgot password?"). */
export const FieldAside = styled.p`
  margin: -8px 0 0;
  text-align: right;
  font-size: 0.9rem;
`;

/** The outcome of a request that went through: calm, not an error. */
export const Notice = styled.p`
  margin: 0;
  padding: 12px 14px;
  border-left: 4px solid var(--color-success);
  border-radius: 8px;
  background: #f0fdf4;
  color: var(--color-ink);
`;

/** Why the person was sent to log in: information, neither success nor error. */
export const Reason = styled.p`
  margin: -4px 0 20px;
  padding: 12px 14px;
  border-left: 4px solid var(--color-primary);
  border-radius: 8px;
  background: #eff6ff;
  color: var(--color-ink);
  font-weight: 600;
  overflow-wrap: anywhere;
`;
