import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORIES,
  type Category,
  SPECS_UNKNOWN,
  type SpecFormValues,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  errorMessage,
  minimumOrderRule,
  pageMeta,
  parseSpecForm,
  partFormFields,
  toastMessages,
  validationMessages,
} from '@pcpp/contracts';
import { Button, ErrorText, Field, PageTitle, Panel, fieldAria, usePageMeta } from '@pcpp/contracts/ui';
import { type NewPart, useAddPart } from '../api/add-product';
import { SpecFields, specGroup } from './spec-fields';

/**
 * The api's product rules (prices typed in dollars) plus the photo, checked before any upload, and
 * the chosen category's spec fields (each category's own group, so switching keeps what was typed).
 */
const addPartSchema = partFormFields
  .extend({
    image: z
      .custom<FileList>((files) => files instanceof FileList && files.length === 1, { message: validationMessages.imageRequired })
      .refine((files) => (UPLOAD_TYPES as readonly string[]).includes(files[0]!.type), 'the photo must be a JPEG, PNG or WebP image')
      .refine((files) => files[0]!.size <= UPLOAD_MAX_BYTES, 'the photo must be at most 5 MB'),
    specs: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  })
  .refine(...minimumOrderRule)
  .superRefine((values, context) => {
    const group = specGroup(values.category);
    for (const issue of parseSpecForm(values.category, values.specs?.[group] as SpecFormValues | undefined).issues) {
      context.addIssue({ code: 'custom', path: ['specs', group, issue.key], message: issue.message });
    }
  });
type FormValues = z.input<typeof addPartSchema>;
type PartFormValues = z.output<typeof addPartSchema>;

const Form = styled.form`
  display: grid;
  gap: 16px;
  @media (min-width: 768px) { grid-template-columns: 1fr 1fr; }
  .wide { @media (min-width: 768px) { grid-column: 1 / -1; } }
`;

const Preview = styled.img`
  width: 200px;
  height: 150px;
  object-fit: contain;
  border: 1px solid var(--color-border);
  border-radius: 8px;
  background: #eef2f7;
`;

const empty: FormValues = {
  name: '',
  category: '' as never,
  p_quantity: '',
  min_quantity: '',
  price: '',
  description: '',
  image: undefined as never,
  specs: {},
};

/** Add a Product (spec §2): the photo goes through the api's upload, then the part is added. */
export function AddProductPage() {
  usePageMeta(pageMeta.addProduct);
  const addPart = useAddPart();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, PartFormValues>({ resolver: zodResolver(addPartSchema), mode: 'onTouched', defaultValues: empty });

  const files = useWatch({ control, name: 'image' }) as FileList | undefined;
  const category = useWatch({ control, name: 'category' }) as Category | '';
  const chosen = files instanceof FileList ? files[0] : undefined;
  const preview = useMemo(() => (chosen ? URL.createObjectURL(chosen) : null), [chosen]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const submit = handleSubmit(async ({ image, specs: specForms, ...part }) => {
    setSubmitError(null);
    const { specs } = parseSpecForm(part.category, specForms?.[specGroup(part.category)] as SpecFormValues | undefined);
    try {
      await addPart.mutateAsync({ ...part, ...(specs ? { specs } : {}), image: image[0]! } as NewPart);
      toast.success(toastMessages.productAdded);
      reset(empty);
    } catch (error) {
      toast.error(toastMessages.productAddFailed);
      // The typed values stay for another try.
      setSubmitError(errorMessage(error));
    }
  });

  const error = (name: keyof FormValues) => errors[name]?.message as string | undefined;
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

  return (
    <Panel aria-labelledby="add-product-title">
      <PageTitle id="add-product-title">Add a Product</PageTitle>
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
        {text('p_quantity', 'Quantity', 'number')}
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
        <Field id="product-image" label="Photo" error={error('image')} hint="JPEG, PNG or WebP, at most 5 MB">
          <input
            id="product-image"
            type="file"
            accept={UPLOAD_TYPES.join(',')}
            {...fieldAria('product-image', error('image'), 'hint')}
            {...register('image')}
          />
        </Field>
        {preview && <Preview src={preview} alt="Preview of the chosen photo" />}
        <div className="wide">
          {submitError && <ErrorText role="alert">The product was not added: {submitError}</ErrorText>}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Adding…' : 'Add'}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}
