import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import styled from 'styled-components';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { errorMessage } from '@pcpp/contracts';
import { accountText, type AddressBookEntry, addressFormSchema, type ShippingAddress } from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria } from '@pcpp/contracts/ui';
import { AddressFields, tidyAddress } from '@pcpp/contracts/ui/address-fields';

const Form = styled.form`
  display: grid;
  gap: 14px;
  padding: 16px;
  border: 1px solid var(--color-border);
  border-radius: 8px;
  background: var(--color-page);
  h3 { margin: 0; font-size: 1.05rem; }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  input { width: 20px; height: 20px; }
`;

type FormInput = z.input<typeof addressFormSchema>;
type FormOutput = z.output<typeof addressFormSchema>;

/** The form's values for a saved address (a blank one for a new address). */
function startFrom(entry: AddressBookEntry | null, fullName: string): FormInput {
  if (!entry) return { label: '', makeDefault: false, address: { fullName, street: '', city: '', postalCode: '', country: 'US', region: '', phone: '' } };
  const { _id: _id, label, isDefault, needsCheck: _check, ...address } = entry;
  return {
    label: label ?? '',
    makeDefault: isDefault,
    // A line of text to check has no country yet: the list starts at the first one.
    address: { ...address, country: (address.country || 'US') as ShippingAddress['country'], region: address.region ?? (address.country === 'US' || !address.country ? '' : undefined) },
  };
}

/** Adds a saved address or edits one: its label, the checkout's address fields, and "make it the default". */
export function AddressForm({
  entry,
  fullName,
  onSave,
  onCancel,
}: {
  entry: AddressBookEntry | null;
  fullName: string;
  onSave: (values: { label: string; address: ShippingAddress; makeDefault: boolean }) => Promise<void>;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(addressFormSchema), mode: 'onTouched', defaultValues: startFrom(entry, fullName) });
  const { register, handleSubmit, formState: { errors, isSubmitting } } = form;
  const idPrefix = entry ? `address-${entry._id}` : 'address-new';
  const submit = handleSubmit(async ({ label, address, makeDefault }) => {
    setFailure(null);
    try {
      await onSave({ label, address: tidyAddress(address), makeDefault });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  const title = entry ? `Edit ${entry.label ? `“${entry.label}”` : 'the address'}` : accountText.addAddress;
  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
        <h3>{title}</h3>
        {entry?.needsCheck && <p>{accountText.checkThisAddress}</p>}
        <Field id={`${idPrefix}-label`} label={accountText.labelLabel} error={errors.label?.message}>
          <input id={`${idPrefix}-label`} type="text" placeholder={accountText.labelPlaceholder} {...fieldAria(`${idPrefix}-label`, errors.label?.message)} {...register('label')} />
        </Field>
        <AddressFields idPrefix={idPrefix} namePrefix="address." />
        {!entry?.isDefault && (
          <Check>
            <input type="checkbox" {...register('makeDefault')} />
            Make it the default address
          </Check>
        )}
        {failure && <ErrorText role="alert">The address was not saved: {failure}</ErrorText>}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 10 }}>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : accountText.saveAddress}
          </Button>
          <Button type="button" $variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        </div>
      </Form>
    </FormProvider>
  );
}
