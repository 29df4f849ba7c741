import { useState } from 'react';
import { toast } from 'react-toastify';
import { ADMIN_PAGE_SIZE, errorMessage, formatCents, resolveImageUrl, toastMessages, type Tool } from '@pcpp/contracts';
import { Button, ConfirmDialog, PageTitle, Panel } from '@pcpp/contracts/ui';
import { LoadState } from '../../../components/load-state';
import { PagedTable } from '../../../components/paged-table';
import { useDeleteProduct } from '../api/delete-product';
import { useProducts } from '../api/get-products';

/** Manage Products (spec §2): every part, newest first, and a way to delete one. */
export function ManageProductsPage() {
  const [page, setPage] = useState(1);
  const products = useProducts(page);
  const deleteProduct = useDeleteProduct();
  const [selected, setSelected] = useState<Tool | null>(null);

  async function confirmDelete() {
    if (!selected) return;
    try {
      await deleteProduct.mutateAsync(selected._id);
      toast.success(toastMessages.productDeleted(selected.name));
      setSelected(null);
      deleteProduct.reset();
    } catch {
      // The dialog stays open and says why.
    }
  }

  return (
    <Panel aria-labelledby="products-title">
      <PageTitle id="products-title">Manage Products: {products.data?.total ?? '…'}</PageTitle>
      <LoadState query={products} loadingLabel="Loading the products…" failure="The products could not be loaded">
        {(result) => (
          <PagedTable
            result={result}
            label="Products"
            columns={['#', 'Avatar', 'Name', 'Quantity', 'Price', 'Delete']}
            empty="No products yet. Add one from Add a Product."
            onPage={setPage}
            row={(tool, index) => (
              <tr key={tool._id}>
                <td data-label="#">{(result.page - 1) * ADMIN_PAGE_SIZE + index + 1}</td>
                <td data-label="Avatar">
                  <img className="avatar" src={resolveImageUrl(tool.img)} alt="" width={48} height={48} loading="lazy" />
                </td>
                <th scope="row">{tool.name}</th>
                <td data-label="Quantity" className="number">
                  {tool.p_quantity}
                </td>
                <td data-label="Price" className="number">
                  {formatCents(tool.price)}
                </td>
                <td data-label="Delete">
                  <Button
                    type="button"
                    $variant="danger"
                    aria-label={`Delete ${tool.name}`}
                    onClick={() => setSelected(tool)}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            )}
          />
        )}
      </LoadState>
      <ConfirmDialog
        open={selected !== null}
        title={`Are you sure you want to delete ${selected?.name ?? ''}!`}
        body="If you want to delete then click delete button!"
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={deleteProduct.isPending}
        error={deleteProduct.isError ? `The product was not deleted: ${errorMessage(deleteProduct.error)}` : null}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setSelected(null);
          deleteProduct.reset();
        }}
      />
    </Panel>
  );
}
