import styled from 'styled-components';
import { type Shipment, trackingUrl } from '@pcpp/contracts/core';

const Note = styled.span`
  display: block;
  font-size: 0.85rem;
  color: var(--color-ink-soft);
  overflow-wrap: anywhere;
  a { font-weight: 600; }
`;

/**
 * How an order was shipped: the carrier and the tracking number, and a link to the carrier's
 * tracking page for the carriers the shop knows (UPS, FedEx, USPS, DHL).
 */
export function ShipmentNote({ shipment }: { shipment: Shipment }) {
  const url = trackingUrl(shipment);
  return (
    <Note>
      {shipment.carrier} · {shipment.trackingNumber}
      {url && (
        <>
          {' · '}
          <a href={url} target="_blank" rel="noopener noreferrer" aria-label={`Track ${shipment.trackingNumber} on ${shipment.carrier}'s site`}>
            Track
          </a>
        </>
      )}
    </Note>
  );
}
