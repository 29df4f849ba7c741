import { Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { Spinner } from '@pcpp/contracts/ui';
import { media } from '../lib/breakpoints';

const Band = styled.section<{ $tone: 'page' | 'surface' }>`
  /* In-page links (#categories) land below the shell's sticky navbar. */
  scroll-margin-top: 68px;
  background: ${({ $tone }) => ($tone === 'surface' ? 'var(--color-surface)' : 'transparent')};
  border-top: ${({ $tone }) => ($tone === 'surface' ? '1px solid var(--color-border)' : '0')};
  border-bottom: ${({ $tone }) => ($tone === 'surface' ? '1px solid var(--color-border)' : '0')};
`;

export const Inner = styled.div`
  width: 100%;
  max-width: var(--content-width);
  margin: 0 auto;
  padding: 40px 16px;
  ${media.medium} { padding: 56px 24px; }
`;

const Header = styled.header`
  text-align: center;
  max-width: 860px;
  margin: 0 auto 28px;
  h2 {
    margin: 0;
    font-size: 1.6rem;
    line-height: 1.25;
    /* Lines of even length: no word left alone on the last line (the statistics heading at 768 px). */
    text-wrap: balance;
    ${media.medium} { font-size: 2rem; }
  }
  h2::after {
    content: '';
    display: block;
    width: 56px;
    height: 4px;
    margin: 12px auto 0;
    border-radius: 2px;
    background: var(--color-accent);
  }
  p { margin: 12px 0 0; color: var(--color-muted); }
`;

/**
 * A home-page band: a centred h2 with an optional intro, then its content. With `loading` (what its
 * spinner says), the content reads data: on the server it streams in when the data arrives, behind
 * that spinner, while the rest of the page goes out at once.
 */
export function Section({
  id,
  title,
  intro,
  tone = 'page',
  loading,
  children,
}: {
  id?: string;
  title: string;
  intro?: ReactNode;
  tone?: 'page' | 'surface';
  loading?: string;
  children: ReactNode;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-title`;
  return (
    <Band id={id} aria-labelledby={headingId} $tone={tone}>
      <Inner>
        <Header>
          <h2 id={headingId}>{title}</h2>
          {intro && <p>{intro}</p>}
        </Header>
        {loading ? <Suspense fallback={<Spinner label={loading} />}>{children}</Suspense> : children}
      </Inner>
    </Band>
  );
}
