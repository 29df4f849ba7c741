import styled from 'styled-components';
import { surface } from '../../../components/surface';
import { media } from '../../../lib/breakpoints';

/** The checkout's two columns from large screens on: what is bought beside its summary. */
export const CheckoutColumns = styled.div`
  display: grid;
  gap: 24px;
  align-items: start;
  ${media.large} { grid-template-columns: minmax(0, 1fr) 360px; }
`;

/** One block of the checkout or its confirmation (lines, address, card, what happens next). */
export const CheckoutBox = styled.section`
  ${surface}
  display: grid;
  gap: 16px;
  padding: 20px;
  h2 { margin: 0; font-size: 1.25rem; }
`;
