import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { resolveImageUrl } from '@pcpp/contracts';
import {
  CATEGORIES,
  type Category,
  type PartSpecs,
  SPECS_UNKNOWN,
  type SpecFormValues,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  minimumOrderEditRule,
  minimumOrderRule,
  parseSpecForm,
  partEditFormFields,
  partFormFields,
  validationMessages,
} from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria } from '@pcpp/contracts/ui';
import { SpecFields, specGroup } from './spec-fields';

/** A chosen photo, checked before any upload. */
const photo = z
  .custom<FileList>((files) => files instanceof FileList && files.length === 1, { message: validationMessages.imageRequired })
  .refine((files) => (UPLOAD_TYPES as readonly string[]).includes(files[0]!.type), 'the photo must be a JPEG, PNG or WebP image')
  .refine((files) => files[0]!.size <= UPLOAD_MAX_BYTES, 'the photo must be at most 5 MB');

/** Each category's spec fields in a group of their own, so switching the category keeps what was typed. */
const specGroups = z.record(z.string(), z.record(z.string(), z.unknown())).optional();

/** The chosen category's spec fields: all empty (no specs), or that category's specs, said field by field. */
function checkSpecs(values: { category: Category; specs?: Record<string, Record<string, unknown>> }, context: z.RefinementCtx) {
  const group = specGroup(values.category);
  for (const issue of parseSpecForm(values.category, values.specs?.[group] as SpecFormValues | undefined).issues) {
    context.addIssue({ code: 'custom', path: ['specs', group, issue.key], message: issue.message });
  }
}

/** Add a Product: the api's rules (prices typed in dollars), a photo, and the category's specs. */
const addSchema = partFormFields.extend({ image: photo, specs: specGroups }).refine(...minimumOrderRule).superRefine(checkSpecs);
/** Edit: the same fields; the stock may be 0 (sold out), and a new photo is optional. */
const editSchema = partEditFormFields
  .extend({
    image: z.preprocess((files) => (files instanceof FileList && files.length === 0 ? undefined : files), photo.optional()),
    specs: specGroups,
  })
  .refine(...minimumOrderEditRule)
  .superRefine(checkSpecs);

/** The form's fields as typed (text), before the schema turns them into numbers and cents. */
export interface PartFormText {
  name: string;
  category: string;
  p_quantity: string;
  min_quantity: string;
  price: string;
  description: string;
  image?: FileList;
  /** The spec fields by category group (specGroup), as typed. */
  specs: Record<string, SpecFormValues>;
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
  /** The chosen category's specs; undefined when every spec field is empty (the part has none). */
  specs?: PartSpecs;
}

export const emptyPartForm: PartFormText = { name: '', category: '', p_quantity: '', min_quantity: '', price: '', description: '', specs: {} };

/** A part's specs as its category's form group holds them (counts as text, a list's ticked options). */
export function specFormOf(category: Category, specs: PartSpecs | undefined): PartFormText['specs'] {
  if (!specs) return {};
  const values = Object.fromEntries(
    Object.entries(specs).map(([key, value]) => [key, Array.isArray(value) ? value.map(String) : String(value)]),
  );
  return { [specGroup(category)]: values };
}

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

  const category = useWatch({ control, name: 'category' }) as Category | '';
  const submit = handleSubmit(({ image, specs: specForms, ...part }) => {
    const { specs } = parseSpecForm(part.category, specForms?.[specGroup(part.category)] as SpecFormValues | undefined);
    return onSubmit({
      ...(part as Omit<PartFormValues, 'image' | 'specs'>),
      ...(specs ? { specs } : {}),
      ...(image instanceof FileList && image[0] ? { image: image[0] } : {}),
    });
  });

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
      {CATEGORIES.includes(category as Category) && (
        <div className="wide">
          <SpecFields category={category as Category} register={register} errors={errors} unknownNote={SPECS_UNKNOWN} />
        </div>
      )}
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
