import { useState } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { type AuthUser, useAddressBook } from '@pcpp/contracts';
import { accountText, type AddressBookEntry, countryName, publicNameOf } from '@pcpp/contracts/core';
import { Button, QueryView } from '@pcpp/contracts/ui';
import { ConfirmDialog, useDeleteConfirmation } from '@pcpp/contracts/ui/dashboard';
import { useAddressBookChanges } from '../api/address-book';
import { CardItem, CardList } from '../../../components/card-list';
import { AddressForm } from './address-form';
import { Muted, Section } from './section';

const Card = styled(CardItem)`
  display: grid;
  gap: 8px;
  header { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
  h3 { margin: 0; font-size: 1.05rem; overflow-wrap: anywhere; }
  address { font-style: normal; line-height: 1.5; overflow-wrap: anywhere; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; }
`;

const Badge = styled.span<{ $tone: 'default' | 'check' }>`
  padding: 2px 8px;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 700;
  background: ${({ $tone }) => ($tone === 'default' ? '#dbeafe' : '#fef3c7')};
  color: ${({ $tone }) => ($tone === 'default' ? '#1e3a8a' : '#92400e')};
`;

/** A saved address as a card shows it: name, street, city and country, phone. */
function Lines({ entry }: { entry: AddressBookEntry }) {
  const place = [entry.postalCode, entry.city].filter(Boolean).join(' ');
  const region = entry.region ? `, ${entry.region}` : '';
  return (
    <address>
      {entry.fullName && <>{entry.fullName}<br /></>}
      {entry.street}
      {(place || entry.country) && <><br />{[place + region, entry.country ? countryName(entry.country) : ''].filter(Boolean).join(', ')}</>}
      {entry.phone && <><br />{entry.phone}</>}
    </address>
  );
}

/** Saved addresses: up to ten, one the default; add, edit, make default and delete. */
export function AddressBookSection({ user }: { user: AuthUser }) {
  const book = useAddressBook();
  const changes = useAddressBookChanges();
  const [editing, setEditing] = useState<AddressBookEntry | 'new' | null>(null);
  const deletion = useDeleteConfirmation({
    remove: (entry: AddressBookEntry) => changes.remove.mutateAsync(entry._id),
    onDeleted: () => toast.success(accountText.addressDeleted),
    failure: 'The address was not deleted',
  });
  const makeDefault = async (entry: AddressBookEntry) => {
    try {
      await changes.update.mutateAsync({ id: entry._id, body: { makeDefault: true } });
      toast.success(accountText.defaultChanged);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  const name = (entry: AddressBookEntry) => (entry.label ? `“${entry.label}”` : entry.street || 'this address');
  return (
    <Section aria-labelledby="settings-addresses-title">
      <h2 id="settings-addresses-title">{accountText.addressesTitle}</h2>
      <Muted>{accountText.addressesIntro}</Muted>
      <QueryView query={book} loadingLabel="Loading your addresses…" failure="Your saved addresses could not be loaded.">
        {(data) => (
          <>
            {data.addresses.length === 0 ? (
              <Muted>{accountText.addressesEmpty}</Muted>
            ) : (
              <CardList aria-label={accountText.addressesTitle}>
                {data.addresses.map((entry) =>
                  editing !== 'new' && editing?._id === entry._id ? (
                    <li key={entry._id}>
                      <AddressForm
                        entry={entry}
                        fullName={publicNameOf(user)}
                        onCancel={() => setEditing(null)}
                        onSave={async ({ label, address, makeDefault: asDefault }) => {
                          await changes.update.mutateAsync({ id: entry._id, body: { label: label || null, address, ...(asDefault && !entry.isDefault ? { makeDefault: true } : {}) } });
                          toast.success(accountText.addressSaved);
                          setEditing(null);
                        }}
                      />
                    </li>
                  ) : (
                    <Card key={entry._id} data-testid="saved-address">
                      <header>
                        <h3>{entry.label ?? (entry.isDefault ? 'Default address' : 'Address')}</h3>
                        {entry.isDefault && <Badge $tone="default">{accountText.defaultBadge}</Badge>}
                        {entry.needsCheck && <Badge $tone="check">{accountText.checkBadge}</Badge>}
                      </header>
                      <Lines entry={entry} />
                      <div className="actions">
                        <Button type="button" $variant="secondary" onClick={() => setEditing(entry)} aria-label={`${accountText.editAddress} ${name(entry)}`}>
                          {accountText.editAddress}
                        </Button>
                        {!entry.isDefault && !entry.needsCheck && (
                          <Button type="button" $variant="secondary" disabled={changes.update.isPending} onClick={() => void makeDefault(entry)} aria-label={`${accountText.makeDefault}: ${name(entry)}`}>
                            {accountText.makeDefault}
                          </Button>
                        )}
                        <Button type="button" $variant="danger" onClick={() => deletion.ask(entry)} aria-label={`${accountText.deleteAddress} ${name(entry)}`}>
                          {accountText.deleteAddress}
                        </Button>
                      </div>
                    </Card>
                  ),
                )}
              </CardList>
            )}
            {editing === 'new' ? (
              <AddressForm
                entry={null}
                fullName={publicNameOf(user)}
                onCancel={() => setEditing(null)}
                onSave={async ({ label, address, makeDefault: asDefault }) => {
                  await changes.add.mutateAsync({ ...(label ? { label } : {}), address, makeDefault: asDefault });
                  toast.success(accountText.addressSaved);
                  setEditing(null);
                }}
              />
            ) : (
              data.addresses.length < data.max && (
                <div>
                  <Button type="button" onClick={() => setEditing('new')}>
                    {accountText.addAddress}
                  </Button>
                </div>
              )
            )}
          </>
        )}
      </QueryView>
      <ConfirmDialog
        {...deletion.dialog}
        title={accountText.deleteAddress}
        body={deletion.selected ? accountText.deleteAddressConfirm(name(deletion.selected)) : ''}
        confirmLabel={accountText.deleteAddress}
        busyLabel="Deleting…"
      />
    </Section>
  );
}
