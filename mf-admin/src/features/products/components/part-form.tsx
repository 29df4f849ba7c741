import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORIES,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  minimumOrderEditRule,
  minimumOrderRule,
  partEditFormFields,
  partFormFields,
  resolveImageUrl,
  validationMessages,
} from '@pcpp/contracts';
import { Button, ErrorText, Field, fieldAria } from '@pcpp/contracts/ui';

/** A chosen photo, checked before any upload. */
const photo = z
  .custom<FileList>((files) => files instanceof FileList && files.length === 1, { message: validationMessages.imageRequired })
  .refine((files) => (UPLOAD_TYPES as readonly string[]).includes(files[0]!.type), 'the photo must be a JPEG, PNG or WebP image')
  .refine((files) => files[0]!.size <= UPLOAD_MAX_BYTES, 'the photo must be at most 5 MB');

/** Add a Product: the api's rules (prices typed in dollars) and a photo. */
const addSchema = partFormFields.extend({ image: photo }).refine(...minimumOrderRule);
/** Edit: the same fields; the stock may be 0 (sold out), and a new photo is optional. */
const editSchema = partEditFormFields
  .extend({ image: z.preprocess((files) => (files instanceof FileList && files.length === 0 ? undefined : files), photo.optional()) })
  .refine(...minimumOrderEditRule);

/** The form's fields as typed (text), before the schema turns them into numbers and cents. */
export interface PartFormText {
  name: string;
  category: string;
  p_quantity: string;
  min_quantity: string;
  price: string;
  description: string;
  image?: FileList;
}

/** What the form hands over: counts as numbers, the price in cents, the photo when one was chosen. */
export interface PartFormValues {
  name: string;
  category: (typeof CATEGORIES)[number];
  p_quantity: number;
  min_quantity: number;
  price: number;
  description: string;
  image?: File;
}

export const emptyPartForm: PartFormText = { name: '', category: '', p_quantity: '', min_quantity: '', price: '', description: '' };

const Form = styled.form`
  display: grid;
  gap: 16px;
  @media (min-width: 768px) { grid-template-columns: 1fr 1fr; }
  .wide { @media (min-width: 768px) { grid-column: 1 / -1; } }
  .photos { display: flex; flex-wrap: wrap; gap: 12px; align-items: end; }
  .photos figure { margin: 0; display: grid; gap: 4px; font-size: 0.85rem; color: var(--color-ink-soft); }
`;

const Preview = styled.img`
  width: 200px;
  height: 150px;
  object-fit: contain;
  border: 1px solid var(--color-border);
  border-radius: 8px;
  background: #eef2f7;
`;

/**
 * The product form of Add a Product and of Edit (one component, so a field added to parts shows
 * in both). `mode` says whether a photo is required (add) or replaces the current one (edit).
 * `resetTo` resets the form whenever it changes (a reloaded part, a cleared form).
 */
export function PartForm({
  mode,
  resetTo,
  currentImage,
  submitLabel,
  busyLabel,
  submitError,
  onSubmit,
  children,
}: {
  mode: 'add' | 'edit';
  resetTo: PartFormText;
  currentImage?: string;
  submitLabel: string;
  busyLabel: string;
  submitError?: ReactNode;
  /** Resolves when handled; the form stays as typed either way (the page resets it on success). */
  onSubmit: (values: PartFormValues) => Promise<void>;
  /** Shown above the submit button (a conflict with a Reload offer). */
  children?: ReactNode;
}) {
  const schema = mode === 'add' ? addSchema : editSchema;
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PartFormText, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema as typeof addSchema) as never,
    mode: 'onTouched',
    defaultValues: resetTo,
  });
  useEffect(() => reset(resetTo), [reset, resetTo]);

  const files = useWatch({ control, name: 'image' }) as FileList | undefined;
  const chosen = files instanceof FileList ? files[0] : undefined;
  const preview = useMemo(() => (chosen ? URL.createObjectURL(chosen) : null), [chosen]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const submit = handleSubmit(({ image, ...part }) =>
    onSubmit({ ...(part as Omit<PartFormValues, 'image'>), ...(image instanceof FileList && image[0] ? { image: image[0] } : {}) }),
  );

  const error = (name: keyof PartFormText) => errors[name]?.message as string | undefined;
  const text = (name: 'name' | 'p_quantity' | 'min_quantity' | 'price', label: string, type: string, hint?: string) => (
    <Field id={`product-${name}`} label={label} error={error(name)} hint={hint}>
      <input
        id={`product-${name}`}
        type={type}
        inputMode={type === 'text' ? undefined : 'decimal'}
        {...fieldAria(`product-${name}`, error(name), hint ? 'hint' : undefined)}
        {...register(name)}
      />
    </Field>
  );
  const photoHint = mode === 'add' ? 'JPEG, PNG or WebP, at most 5 MB' : 'Choose a file only to replace the photo: JPEG, PNG or WebP, at most 5 MB';

  return (
    <Form noValidate onSubmit={submit}>
      {text('name', 'Product name', 'text')}
      <Field id="product-category" label="Category" error={error('category')}>
        <select id="product-category" {...fieldAria('product-category', error('category'))} {...register('category')}>
          <option value="">Choose a category</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </Field>
      {text('p_quantity', 'Quantity', 'number', mode === 'edit' ? 'In stock now; 0 marks it sold out' : undefined)}
      {text('min_quantity', 'Minimum order', 'number')}
      {text('price', 'Per product price ($)', 'text', 'In dollars, e.g. 189.99')}
      <div className="wide">
        <Field id="product-description" label="Description" error={error('description')}>
          <textarea id="product-description" {...fieldAria('product-description', error('description'))} {...register('description')} />
        </Field>
      </div>
      <Field id="product-image" label={mode === 'add' ? 'Photo' : 'New photo'} error={error('image')} hint={photoHint}>
        <input
          id="product-image"
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          {...fieldAria('product-image', error('image'), 'hint')}
          {...register('image')}
        />
      </Field>
      <div className="photos">
        {currentImage && !preview && (
          <figure>
            <Preview src={resolveImageUrl(currentImage)} alt="The current photo" />
            <figcaption>Current photo</figcaption>
          </figure>
        )}
        {preview && <Preview src={preview} alt="Preview of the chosen photo" />}
      </div>
      <div className="wide">
        {children}
        {submitError && <ErrorText role="alert">{submitError}</ErrorText>}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
