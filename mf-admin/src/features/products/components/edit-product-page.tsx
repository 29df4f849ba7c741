import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { Link, useNavigate, useParams } from '@pcpp/contracts/router';
import { ApiError, errorMessage } from '@pcpp/contracts';
import { adminText, formatCents, pageMeta, type Part, sameSpecs } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { type PartPatchBody, useEditPart } from '../api/edit-product';
import { usePart } from '../api/get-product';
import { emptyPartForm, PartForm, type PartFormText, type PartFormValues, specFormOf } from './part-form';

const Conflict = styled.div`
  display: grid;
  justify-items: start;
  gap: 10px;
  margin: 0 0 16px;
  padding: 14px 16px;
  border: 1px solid #f59e0b;
  border-left-width: 6px;
  border-radius: var(--radius);
  background: #fffbeb;
  color: #78350f;
  p { margin: 0; }
`;

const Note = styled.p`
  margin: 0 0 12px;
  color: var(--color-ink-soft);
`;

/** The part as the form shows it: counts as text, the price in dollars. */
function formTextOf(part: Part): PartFormText {
  return {
    name: part.name,
    category: part.category,
    p_quantity: String(part.p_quantity),
    min_quantity: String(part.min_quantity),
    price: formatCents(part.price).replace(/[$,]/g, ''),
    description: part.description,
    specs: specFormOf(part.category, part.specs),
  };
}

/**
 * What the admin changed from the part as loaded: only those fields, the version it started from,
 * and the stock as {from, to} (the api adds the difference, keeping what orders took meanwhile).
 * Null when nothing differs.
 */
export function patchFrom(loaded: Part, values: PartFormValues): (Omit<PartPatchBody, 'img'> & { image?: File }) | null {
  const changed: Omit<PartPatchBody, 'img' | 'version'> & { image?: File } = {};
  for (const field of ['name', 'category', 'price', 'min_quantity', 'description'] as const) {
    if (values[field] !== loaded[field]) Object.assign(changed, { [field]: values[field] });
  }
  if (values.p_quantity !== loaded.p_quantity) changed.p_quantity = { from: loaded.p_quantity, to: values.p_quantity };
  // Specs: the new category's (without them the api drops the old category's), or the changed ones, or null when cleared.
  if (values.category !== loaded.category) {
    if (values.specs) changed.specs = values.specs;
  } else if (!sameSpecs(values.specs, loaded.specs)) changed.specs = values.specs ?? null;
  if (values.image) changed.image = values.image;
  return Object.keys(changed).length === 0 ? null : { version: loaded.version, ...changed };
}

/** Edit a product (Manage Products → Edit): the Add a Product form, filled with the part as loaded. */
export function EditProductPage() {
  usePageMeta(pageMeta.editProduct);
  const { id = '' } = useParams();
  const part = usePart(id);
  const editPart = useEditPart(id);
  const navigate = useNavigate();
  // The version the form started from: a refetch in the background never overwrites what is typed.
  const [loaded, setLoaded] = useState<Part | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  if (part.data && (!loaded || loaded._id !== part.data._id)) setLoaded(part.data);
  const resetTo = useMemo(() => (loaded ? formTextOf(loaded) : emptyPartForm), [loaded]);

  async function reload() {
    const fresh = await part.refetch();
    if (fresh.data) {
      setLoaded(fresh.data);
      setConflict(null);
      setSubmitError(null);
    }
  }

  async function save(values: PartFormValues) {
    if (!loaded) return;
    setSubmitError(null);
    setNote(null);
    const patch = patchFrom(loaded, values);
    if (!patch) {
      setNote(adminText.nothingChanged);
      return;
    }
    try {
      const saved = await editPart.mutateAsync(patch);
      toast.success(adminText.productSaved(saved.name));
      navigate('/dashboard/manageproduct');
    } catch (error) {
      // Someone saved it meanwhile, or orders left too little stock: say so, and offer the current values.
      if (error instanceof ApiError && error.status === 409) setConflict(errorMessage(error));
      else setSubmitError(errorMessage(error));
    }
  }

  return (
    <Panel aria-labelledby="edit-product-title">
      <PageTitle id="edit-product-title">Edit a Product</PageTitle>
      <Note>
        <Link to="/dashboard/manageproduct">Back to Manage Products</Link>
      </Note>
      <QueryView query={part} loadingLabel="Loading the product…" failure="The product could not be loaded.">
        {(current) => (
          <>
            <Note>Placed orders keep the name and price they were ordered at.</Note>
            <PartForm
              mode="edit"
              resetTo={resetTo}
              currentImage={loaded?.img ?? current.img}
              submitLabel="Save"
              busyLabel="Saving…"
              submitError={submitError && `The product was not saved: ${submitError}`}
              onSubmit={save}
            >
              {conflict && (
                <Conflict role="alert">
                  <p>{conflict}</p>
                  <Button type="button" $variant="secondary" onClick={() => void reload()}>
                    Reload the product (drops your changes here)
                  </Button>
                </Conflict>
              )}
              {note && <Note role="status">{note}</Note>}
            </PartForm>
          </>
        )}
      </QueryView>
    </Panel>
  );
}
