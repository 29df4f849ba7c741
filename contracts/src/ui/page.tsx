import styled from 'styled-components';

/** Centres page content at the site's width with comfortable gutters on phones. */
export const PageContainer = styled.div`
  width: 100%;
  max-width: var(--content-width);
  margin: 0 auto;
  padding: 32px 16px;
  @media (min-width: 768px) { padding: 48px 24px; }
`;

export const Panel = styled.section`
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
  padding: 24px;
  & > :last-child { margin-bottom: 0; }
`;

/** The page's h1 inside a Panel. */
export const PageTitle = styled.h1`
  margin: 0 0 12px;
  font-size: 1.6rem;
  line-height: 1.25;
  @media (min-width: 768px) { font-size: 1.9rem; }
`;
