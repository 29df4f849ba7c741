import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../lib/breakpoints';

const Band = styled.header`
  background: linear-gradient(135deg, var(--color-ink) 0%, var(--color-primary-dark) 100%);
  color: #fff;
`;

const Inner = styled.div`
  max-width: var(--content-width);
  margin: 0 auto;
  padding: 36px 16px 32px;
  ${media.medium} { padding: 48px 24px 44px; }
  h1 { margin: 0; font-size: 1.9rem; line-height: 1.2; ${media.medium} { font-size: 2.4rem; } }
  p { margin: 12px 0 0; max-width: 680px; color: #dbeafe; font-size: 1.05rem; }
  p a { color: #fff; font-weight: 600; }
`;

/** The title band of an inner page: its h1 and one sentence about it. */
export function PageHeader({ title, lead }: { title: string; lead: ReactNode }) {
  return (
    <Band>
      <Inner>
        <h1>{title}</h1>
        <p>{lead}</p>
      </Inner>
    </Band>
  );
}
