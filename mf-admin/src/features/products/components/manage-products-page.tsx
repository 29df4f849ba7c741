import { useState } from 'react';
import { toast } from 'react-toastify';
import { resolveImageUrl } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, formatCents, pageMeta, toastMessages, type Part } from '@pcpp/contracts/core';
import { Link } from '@pcpp/contracts/router';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { ConfirmDialog, useDeleteConfirmation } from '@pcpp/contracts/ui/dashboard';
import { PagedTable } from '../../../components/paged-table';
import { useDeletePart } from '../api/delete-product';
import { useParts } from '../api/get-products';
import { useStockHolds } from '../api/get-stock-holds';

function formatHeld(hold: { held: number; unpaidOrders: number } | undefined): string {
  if (!hold || hold.held === 0) return '0';
  return `${hold.held} (${hold.unpaidOrders} ${hold.unpaidOrders === 1 ? 'order' : 'orders'})`;
}

/**
 * Manage Products (spec §2): every part, newest first, a way to edit one and to delete one.
 * Beside the stock available (Quantity), what unpaid orders hold of it (Held).
 */
export function ManageProductsPage() {
  usePageMeta(pageMeta.manageProducts);
  const [page, setPage] = useState(1);
  const products = useParts(page);
  const holds = useStockHolds(products.data?.items.map((part) => part._id) ?? []);
  const deletePart = useDeletePart();
  const deletion = useDeleteConfirmation({
    remove: (part: Part) => deletePart.mutateAsync(part._id),
    onDeleted: (part) => toast.success(toastMessages.productDeleted(part.name)),
    failure: 'The product was not deleted',
  });

  return (
    <Panel aria-labelledby="products-title">
      <PageTitle id="products-title">Manage Products: {products.data?.total ?? '…'}</PageTitle>
      <QueryView query={products} loadingLabel="Loading the products…" failure="The products could not be loaded.">
        {(result) => (
          <PagedTable
            result={result}
            label="Products"
            columns={['#', 'Avatar', 'Name', 'Quantity', 'Held', 'Price', 'Edit', 'Delete']}
            empty="No products yet. Add one from Add a Product."
            onPage={setPage}
            row={(part, index) => (
              <tr key={part._id}>
                <td data-label="#">{(result.page - 1) * ADMIN_PAGE_SIZE + index + 1}</td>
                <td data-label="Avatar">
                  <img className="avatar" src={resolveImageUrl(part.img)} alt="" width={48} height={48} loading="lazy" />
                </td>
                <th scope="row">{part.name}</th>
                <td data-label="Quantity" className="number" title="Available to order">
                  {part.p_quantity}
                </td>
                {/* Units unpaid orders hold (back on sale if they are not paid within the hold). */}
                <td data-label="Held" className="number" title="Held by unpaid orders">
                  {holds.data ? formatHeld(holds.data.get(part._id)) : holds.isError ? '?' : '…'}
                </td>
                <td data-label="Price" className="number">
                  {formatCents(part.price)}
                </td>
                <td data-label="Edit">
                  <Button as={Link} to={`/dashboard/manageproduct/${part._id}`} $variant="secondary" aria-label={`Edit ${part.name}`}>
                    Edit
                  </Button>
                </td>
                <td data-label="Delete">
                  <Button
                    type="button"
                    $variant="danger"
                    aria-label={`Delete ${part.name}`}
                    onClick={() => deletion.ask(part)}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            )}
          />
        )}
      </QueryView>
      <ConfirmDialog
        {...deletion.dialog}
        title={`Are you sure you want to delete ${deletion.selected?.name ?? ''}!`}
        body="If you want to delete then click delete button!"
        confirmLabel="Delete"
        busyLabel="Deleting…"
      />
    </Panel>
  );
}
