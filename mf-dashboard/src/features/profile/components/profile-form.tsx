import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage } from '@pcpp/contracts';
import { profileUpdateSchema, toastMessages, type Profile, type ProfileUpdateInput } from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria } from '@pcpp/contracts/ui';
import { useUpdateProfile } from '../api/update-profile';

const Form = styled.form`
  display: grid;
  gap: 16px;
  margin-top: 20px;
  padding-top: 20px;
  border-top: 1px solid var(--color-border);
  h2 { margin: 0; font-size: 1.2rem; }
  @media (min-width: 768px) { grid-template-columns: 1fr 1fr; }
`;

const Wide = styled.div`
  display: grid;
  gap: 12px;
  @media (min-width: 768px) { grid-column: 1 / -1; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

type FieldName = keyof ProfileUpdateInput;

const fields: { name: FieldName; label: string; type: string; autoComplete: string; placeholder?: string }[] = [
  { name: 'Address', label: 'Address', type: 'text', autoComplete: 'street-address' },
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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateSchema),
    mode: 'onTouched',
    // All four are required, so the form starts from what is saved: changing one field is one edit.
    defaultValues: {
      Address: current.Address ?? '',
      phone: current.phone ?? '',
      profession: current.profession ?? '',
      linkin: current.linkin ?? '',
    },
  });

  const submit = handleSubmit(async (changes) => {
    setSaveError(null);
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
    <Form id={id} noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Wide>
        <h2 id={`${id}-title`}>Update your profile</h2>
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
  );
}
