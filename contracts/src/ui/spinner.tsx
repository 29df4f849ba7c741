import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Wheel = styled.span`
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 4px solid var(--color-border);
  border-top-color: var(--color-primary);
  animation: ${spin} 0.8s linear infinite;
`;

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 48px 16px;
  color: var(--color-muted);
`;

/** A loading indicator that screen readers announce with its label. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Wrap role="status" aria-live="polite">
      <Wheel aria-hidden="true" />
      <span>{label}</span>
    </Wrap>
  );
}

const SmallWheel = styled.span`
  flex: none;
  width: 1em;
  height: 1em;
  border-radius: 50%;
  border: 2px solid currentColor;
  border-top-color: transparent;
  animation: ${spin} 0.8s linear infinite;
`;

/** A wheel inside a button while its action runs (the button's own text says what runs). */
export function ButtonSpinner() {
  return <SmallWheel aria-hidden="true" />;
}
