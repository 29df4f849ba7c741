import styled from 'styled-components';
import { surface } from '../../../components/surface';

/** A titled box of the part page's side column (alerts, price history). */
export const SidePanel = styled.section`
  ${surface}
  display: grid;
  gap: 12px;
  padding: 20px;
  h2 { margin: 0; font-size: 1.3rem; }
`;
