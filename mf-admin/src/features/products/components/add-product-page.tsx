import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '@pcpp/contracts';
import { pageMeta, toastMessages } from '@pcpp/contracts/core';
import { PageTitle, Panel, usePageMeta } from '@pcpp/contracts/ui';
import { type NewPart, useAddPart } from '../api/add-product';
import { emptyPartForm, PartForm, type PartFormValues } from './part-form';

/** Add a Product (spec §2): the photo goes through the api's upload, then the part is added. */
export function AddProductPage() {
  usePageMeta(pageMeta.addProduct);
  const addPart = useAddPart();
  const [submitError, setSubmitError] = useState<string | null>(null);
  // A new object clears the form (after a product is added).
  const [blank, setBlank] = useState(emptyPartForm);

  async function add({ image, ...part }: PartFormValues) {
    setSubmitError(null);
    try {
      // The form checked the specs against the category (parseSpecForm): one of NewPart's members.
      await addPart.mutateAsync({ ...part, image: image! } as NewPart);
      toast.success(toastMessages.productAdded);
      setBlank({ ...emptyPartForm });
    } catch (error) {
      toast.error(toastMessages.productAddFailed);
      // The typed values stay for another try.
      setSubmitError(errorMessage(error));
    }
  }

  return (
    <Panel aria-labelledby="add-product-title">
      <PageTitle id="add-product-title">Add a Product</PageTitle>
      <PartForm
        mode="add"
        resetTo={blank}
        submitLabel="Add"
        busyLabel="Adding…"
        submitError={submitError && `The product was not added: ${submitError}`}
        onSubmit={add}
      />
    </Panel>
  );
}
