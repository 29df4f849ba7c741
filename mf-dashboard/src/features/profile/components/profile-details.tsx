import { addressLine, isHttpUrl, type Profile } from '@pcpp/contracts/core';
import styled from 'styled-components';

const List = styled.dl`
  margin: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  div {
    padding: 12px 14px;
    border: 1px solid var(--color-border);
    border-radius: 8px;
    background: var(--color-page);
    min-width: 0;
  }
  dt {
    font-size: 0.8rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: var(--color-muted);
  }
  dd { margin: 4px 0 0; overflow-wrap: anywhere; }
`;

const NotSet = styled.span`
  color: var(--color-muted);
  font-style: italic;
`;

/** The profile fields the server keeps, under the spec's labels; an empty one says 'Not set'. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const rows: { label: string; value: string | undefined; link?: boolean }[] = [
    // One address book: the default saved address (the checkout's) on one line, else the spec's free
    // text (also when the default is that text, a street line still to check).
    { label: 'Address', value: profile.shippingAddress && !profile.shippingAddressNeedsCheck ? addressLine(profile.shippingAddress) : profile.Address },
    { label: 'Number', value: profile.phone },
    { label: 'Profession', value: profile.profession },
    { label: 'Linkedin', value: profile.linkin, link: true },
  ];
  return (
    <List aria-label="Profile details">
      {rows.map(({ label, value, link }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {!value ? (
              <NotSet>Not set</NotSet>
            ) : link && isHttpUrl(value) ? (
              <a href={value} target="_blank" rel="noopener noreferrer">
                {value}
              </a>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </List>
  );
}
