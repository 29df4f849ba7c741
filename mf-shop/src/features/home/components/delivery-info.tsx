import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { contactDetails, telHref } from '@pcpp/contracts/core';
import { media } from '../../../lib/breakpoints';
import { Section } from '../../../components/section';
import { plainList } from '../../../components/surface';

const Points = styled.ul`
  ${plainList}
  display: grid;
  gap: 16px;
  ${media.medium} { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 20px; }
  li {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    align-content: start;
    gap: 6px 16px;
    padding: 20px;
    background: var(--color-page);
    border: 1px solid var(--color-border);
    border-radius: var(--radius);
  }
  svg { grid-row: span 2; width: 36px; height: 36px; color: var(--color-primary); }
  h3 { margin: 0; font-size: 1.05rem; }
  p { margin: 0; color: var(--color-ink-soft); }
  a { font-weight: 600; overflow-wrap: anywhere; }
`;

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const icons = {
  truck: 'M3 6h11v9H3zM14 9h4l3 3v3h-7zM7 18.5a1.5 1.5 0 1 0 0-.01M17 18.5a1.5 1.5 0 1 0 0-.01',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z',
  returns: 'M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4',
};

/** The 'Delivery' block: dispatch time, tracking, who to call, and the returns policy. */
export function DeliveryInfo() {
  return (
    <Section id="delivery" tone="surface" title="Delivery" intro="How your parts reach you, and what to do if something goes wrong.">
      <Points>
        <li>
          <Icon path={icons.truck} />
          <h3>Dispatched within 5 days</h3>
          <p>Every order leaves our warehouse within 5 days of being placed.</p>
        </li>
        <li>
          <Icon path={icons.mail} />
          <h3>Tracking by email</h3>
          <p>As soon as your parcel ships, we send its tracking id to your email address.</p>
        </li>
        <li>
          <Icon path={icons.phone} />
          <h3>A problem with a delivery?</h3>
          <p>
            Tell us on <a href={telHref(contactDetails.phone)}>{contactDetails.phone}</a> or at{' '}
            <a href={`mailto:${contactDetails.email}`}>{contactDetails.email}</a>.
          </p>
        </li>
        <li>
          <Icon path={icons.returns} />
          <h3>Returning goods</h3>
          <p>
            Please check our <Link to="/returnPolicy">Returns Policy</Link> before you send anything back.
          </p>
        </li>
      </Points>
    </Section>
  );
}
