import { useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { errorMessage, useAuth } from '@pcpp/contracts';
import {
  accountText,
  addressFieldText,
  addressLine,
  profileUpdateSchema,
  publicNameOf,
  shippingAddressSchema,
  toastMessages,
  type Profile,
  type ProfileUpdateInput,
} from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria } from '@pcpp/contracts/ui';
import { AddressFields, tidyAddress } from '@pcpp/contracts/ui/address-fields';
import { useUpdateProfile } from '../api/update-profile';

const Form = styled.form`
  display: grid;
  gap: 16px;
  margin-top: 20px;
  padding-top: 20px;
  border-top: 1px solid var(--color-border);
  h2 { margin: 0; font-size: 1.2rem; }
  h3 { margin: 0; font-size: 1.05rem; }
  @media (min-width: 768px) { grid-template-columns: 1fr 1fr; }
`;

const Wide = styled.div`
  display: grid;
  gap: 12px;
  @media (min-width: 768px) { grid-column: 1 / -1; }
`;

const Hint = styled.p`
  margin: 0;
  color: var(--color-ink-soft);
  font-size: 0.9rem;
`;

/** The free-text Address taken in as a street line: what to fill in. */
const Check = styled.p`
  margin: 0;
  padding: 10px 12px;
  border-radius: 8px;
  background: #fef3c7;
  color: #78350f;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

/**
 * The form's values: the spec's Number, Profession and LinkedIn, and the structured address in
 * place of the spec's free-text Address (one address book: Address is saved as its line). The
 * address's phone is the Number.
 */
const profileFormSchema = profileUpdateSchema.omit({ Address: true, shippingAddress: true }).extend({ shippingAddress: shippingAddressSchema });
type FormInput = z.input<typeof profileFormSchema>;
type FormOutput = z.output<typeof profileFormSchema>;
const schemaResolver = zodResolver(profileFormSchema);

/** Checks the address with the Number as its phone; the address's phone error (its stricter form) shows under the Number. */
const resolver: Resolver<FormInput, unknown, FormOutput> = async (values, context, options) => {
  const result = await schemaResolver({ ...values, shippingAddress: { ...values.shippingAddress, phone: values.phone } }, context, options);
  const { shippingAddress, phone, ...rest } = result.errors as Record<string, unknown> & { shippingAddress?: Record<string, unknown> & { phone?: unknown }; phone?: unknown };
  if (!shippingAddress?.phone) return result;
  const { phone: addressPhone, ...addressErrors } = shippingAddress;
  const errors = { ...rest, phone: phone ?? addressPhone, ...(Object.keys(addressErrors).length > 0 ? { shippingAddress: addressErrors } : {}) };
  return { values: {}, errors } as Awaited<ReturnType<typeof schemaResolver>>;
};

type FieldName = 'phone' | 'profession' | 'linkin';

const fields: { name: FieldName; label: string; type: string; autoComplete: string; placeholder?: string }[] = [
  { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'profession', label: 'Profession', type: 'text', autoComplete: 'organization-title' },
  {
    name: 'linkin',
    label: 'LinkedIn profile',
    type: 'url',
    autoComplete: 'url',
    placeholder: 'https://www.linkedin.com/in/your-name',
  },
];

/** The four profile fields, all required, checked by the same schema the api uses. */
export function ProfileForm({
  id,
  email,
  current,
  onSaved,
  onCancel,
}: {
  id: string;
  email: string;
  current: Profile;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [saveError, setSaveError] = useState<string | null>(null);
  const updateProfile = useUpdateProfile(email);
  const user = useAuth((s) => s.user);
  const saved = current.shippingAddress;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    mode: 'onTouched',
    // All are required, so the form starts from what is saved: changing one field is one edit.
    defaultValues: {
      phone: current.phone ?? saved?.phone ?? '',
      profession: current.profession ?? '',
      linkin: current.linkin ?? '',
      // A free-text Address comes as a street line to check (its country blank): the list starts at its first.
      shippingAddress: saved
        ? ({
            ...saved,
            fullName: saved.fullName || (user ? publicNameOf(user) : ''),
            country: saved.country || 'US',
            region: saved.region ?? (saved.country === 'US' || !saved.country ? '' : undefined),
          } as FormInput['shippingAddress'])
        : { fullName: user ? publicNameOf(user) : '', street: '', city: '', postalCode: '', country: 'US', region: '', phone: '' },
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async ({ shippingAddress, ...rest }) => {
    setSaveError(null);
    const address = tidyAddress({ ...shippingAddress, phone: rest.phone });
    const changes: ProfileUpdateInput = { Address: addressLine(address), ...rest, shippingAddress: address };
    try {
      await updateProfile.mutateAsync(changes);
      toast.success(toastMessages.profileUpdated);
      reset();
      onSaved();
    } catch (error) {
      // The typed values stay in the form for another try.
      setSaveError(errorMessage(error));
    }
  });

  return (
    <FormProvider {...form}>
    <Form id={id} noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Wide>
        <h2 id={`${id}-title`}>Update your profile</h2>
      </Wide>
      <Wide role="group" aria-labelledby={`${id}-address-title`} aria-describedby={`${id}-address-hint`}>
        <h3 id={`${id}-address-title`}>{addressFieldText.savedAddressTitle}</h3>
        <Hint id={`${id}-address-hint`}>{addressFieldText.savedAddressHint}</Hint>
        {current.shippingAddressNeedsCheck && <Check role="note">{accountText.checkThisAddress}</Check>}
        <AddressFields idPrefix={`${id}-address`} namePrefix="shippingAddress." withPhone={false} />
      </Wide>
      {fields.map(({ name, label, type, autoComplete, placeholder }) => {
        const fieldId = `${id}-${name}`;
        const error = errors[name]?.message;
        return (
          <Field key={name} id={fieldId} label={label} error={error}>
            <input
              id={fieldId}
              type={type}
              autoComplete={autoComplete}
              placeholder={placeholder}
              {...fieldAria(fieldId, error)}
              {...register(name)}
            />
          </Field>
        );
      })}
      <Wide>
        {saveError && <ErrorText role="alert">Your profile was not saved: {saveError}</ErrorText>}
        <Actions>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save Profile'}
          </Button>
          <Button type="button" $variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        </Actions>
      </Wide>
    </Form>
    </FormProvider>
  );
}
