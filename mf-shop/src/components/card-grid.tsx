import styled from 'styled-components';
import { media } from '../lib/breakpoints';
import { plainList } from './surface';

/** A list of cards: 1 column on small screens, 2 on medium, `$columns` (3 by default) on large. */
export const CardGrid = styled.ul<{ $columns?: 2 | 3 }>`
  ${plainList}
  display: grid;
  gap: 20px;
  grid-template-columns: minmax(0, 1fr);
  ${media.medium} { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 24px; }
  ${media.large} { grid-template-columns: repeat(${({ $columns = 3 }) => $columns}, minmax(0, 1fr)); }
  > li { display: flex; min-width: 0; }
  > li > * { flex: 1; min-width: 0; }
`;
