import styled from 'styled-components';

/** A page's list of bordered cards (My Builds, My Alerts): style each item with `CardItem`. */
export const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

export const CardItem = styled.li`
  border: 1px solid var(--color-border);
  border-radius: 8px;
  padding: 14px 16px;
`;
