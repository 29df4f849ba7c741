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
`;
