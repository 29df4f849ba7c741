import styled from 'styled-components';
import { Link } from '@pcpp/contracts/router';
import { accountText, type AddressBookEntry, addressLine, SETTINGS_PATH } from '@pcpp/contracts/core';
import { RadioCard, RadioCards as Choices } from '../../../components/radio-cards';

const Choice = styled(RadioCard)`
  strong { display: inline-flex; gap: 8px; align-items: center; flex-wrap: wrap; }
`;

const Badge = styled.em`
  font-style: normal;
  font-size: 0.8rem;
  padding: 1px 8px;
  border-radius: 999px;
  background: #dbeafe;
  color: #1e3a8a;
`;

const Manage = styled.p`
  margin: 0;
  font-size: 0.9rem;
`;

/** The value of the choice for an address not saved yet. */
export const NEW_ADDRESS = 'new';

/**
 * The checkout's "Ship to": the saved addresses (the default first, preselected by the form) and a
 * new one. Editing, deleting and choosing the default are Settings' (linked).
 */
export function AddressChoice({ saved, chosen, onChoose }: { saved: AddressBookEntry[]; chosen: string; onChoose: (id: string) => void }) {
  return (
    <Choices>
      <legend>{accountText.chooseAddress}</legend>
      {saved.map((entry) => (
        <Choice key={entry._id} data-testid="address-choice">
          <input type="radio" name="shipTo" value={entry._id} checked={chosen === entry._id} onChange={() => onChoose(entry._id)} />
          <span>
            <strong>
              {entry.label ?? entry.fullName}
              {entry.isDefault && <Badge>{accountText.defaultBadge}</Badge>}
            </strong>
            <span>{addressLine(entry)}</span>
          </span>
        </Choice>
      ))}
      <Choice data-testid="address-choice">
        <input type="radio" name="shipTo" value={NEW_ADDRESS} checked={chosen === NEW_ADDRESS} onChange={() => onChoose(NEW_ADDRESS)} />
        <span>
          <strong>{accountText.newAddressOption}</strong>
        </span>
      </Choice>
      <Manage>
        <Link to={SETTINGS_PATH}>Edit or delete saved addresses, or choose the default, in Settings</Link>
      </Manage>
    </Choices>
  );
}
