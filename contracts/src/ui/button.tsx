import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary' | 'danger';

const variants: Record<Variant, ReturnType<typeof css>> = {
  primary: css`
    background: var(--color-primary);
    color: #fff;
    &:hover:not(:disabled) { background: var(--color-primary-dark); }
  `,
  secondary: css`
    background: var(--color-surface);
    color: var(--color-ink);
    border-color: var(--color-border);
    &:hover:not(:disabled) { border-color: var(--color-ink-soft); }
  `,
  danger: css`
    background: var(--color-danger);
    color: #fff;
  `,
};

export const Button = styled.button<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  padding: 10px 20px;
  border: 1px solid transparent;
  border-radius: var(--radius);
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:disabled { opacity: 0.55; cursor: not-allowed; }
`;
