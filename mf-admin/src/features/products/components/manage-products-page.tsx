import { useState } from 'react';
import { toast } from 'react-toastify';
import { resolveImageUrl } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, advisorGap, advisorGapSentence, formatCents, pageMeta, toastMessages, type Part } from '@pcpp/contracts/core';
import { Link } from '@pcpp/contracts/router';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { ConfirmDialog, useDeleteConfirmation } from '@pcpp/contracts/ui/dashboard';
import styled from 'styled-components';
import { useCsvDownload } from '../../../components/download-csv';
import { PagedTable } from '../../../components/paged-table';
import { useDeletePart } from '../api/delete-product';
import { useParts } from '../api/get-products';
import { useStockHolds } from '../api/get-stock-holds';
import { BulkChange } from './bulk-change';
import { ImportProducts } from './import-products';
import { ProductFilters } from './product-filters';
import { useProductSearch } from './use-product-search';

function formatHeld(hold: { held: number; unpaidOrders: number } | undefined): string {
  if (!hold || hold.held === 0) return '0';
  return `${hold.held} (${hold.unpaidOrders} ${hold.unpaidOrders === 1 ? 'order' : 'orders'})`;
}

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin: 0 0 12px;
  h1, h2 { margin: 0; }
`;

/** The table's own widths: the check box and the buttons never wrap (Edit stays one word at 1280 px). */
const Products = styled.div`
  label.select-page { display: inline-flex; align-items: center; gap: 8px; min-height: 44px; margin: 0 0 8px; font-weight: 600; }
  input[type='checkbox'] { width: 22px; height: 22px; }
  @media (min-width: 1100px) {
    td.select { width: 1%; }
    td.actions-cell { width: 1%; white-space: nowrap; }
    td.actions-cell .actions { flex-wrap: nowrap; }
  }
  /* A card opens with the product's name, then its check box and the rest. */
  @media (max-width: 1099.98px) {
    th[scope='row'] { order: -1; }
  }
`;

/** Under a part's category: what keeps the build advisor from using it (specs missing), so staff can fill it in. */
const AdvisorGap = styled.span`
  display: block;
  margin-top: 2px;
  color: #92400e;
  font-size: 0.85rem;
  font-weight: 400;
`;

function CategoryCell({ part }: { part: Part }) {
  const gap = advisorGap(part);
  return (
    <td data-label="Category" className="words">
      {/* One block, so the phone's card layout keeps the note beside its label with the category. */}
      <span>
        {part.category}
        {gap && <AdvisorGap data-testid="advisor-gap">{advisorGapSentence(gap)}</AdvisorGap>}
      </span>
    </td>
  );
}

/**
 * Manage Products (spec §2), for a catalog of any size: search by name, filter by category and
 * stock, sort, all in the address; select rows to change their price or stock at once; edit or
 * delete one; download the catalog and import a CSV. Beside the stock available, what unpaid
 * orders hold of it (Held).
 */
export function ManageProductsPage() {
  usePageMeta(pageMeta.manageProducts);
  const { search, update } = useProductSearch();
  const products = useParts(search);
  const holds = useStockHolds(products.data?.items.map((part) => part._id) ?? []);
  const [selected, setSelected] = useState<ReadonlyMap<string, Part>>(new Map());
  const { downloading, download } = useCsvDownload();
  const deletePart = useDeletePart();
  const deletion = useDeleteConfirmation({
    remove: (part: Part) => deletePart.mutateAsync(part._id),
    onDeleted: (part) => toast.success(toastMessages.productDeleted(part.name)),
    failure: 'The product was not deleted',
  });

  const toggle = (parts: readonly Part[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const part of parts) {
        if (on) next.set(part._id, part);
        else next.delete(part._id);
      }
      return next;
    });

  const filtered = Boolean(search.q || search.category || search.stock);
  return (
    <Panel aria-labelledby="products-title">
      <Heading>
        <PageTitle id="products-title">Manage Products: {products.data?.total ?? '…'}</PageTitle>
        <Button type="button" $variant="secondary" disabled={downloading} onClick={() => void download('/tools.csv', { filename: 'products.csv' })}>
          {downloading ? 'Downloading…' : 'Download CSV'}
        </Button>
      </Heading>
      <ProductFilters search={search} onChange={update} />
      <BulkChange selected={[...selected.values()]} onDone={() => setSelected(new Map())} />
      <QueryView query={products} loadingLabel="Loading the products…" failure="The products could not be loaded.">
        {(result) => (
          <Products>
            {result.items.length > 0 && (
              <label className="select-page">
                <input
                  type="checkbox"
                  checked={result.items.every((part) => selected.has(part._id))}
                  onChange={(event) => toggle(result.items, event.target.checked)}
                />
                Select all on this page
              </label>
            )}
            <PagedTable
              result={result}
              label="Products"
              // The spec's columns (index, avatar, name, quantity, price, Delete), with selection, category, holds and Edit.
              columns={['Select', '#', 'Avatar', 'Name', 'Category', 'Quantity', 'Held', 'Price', 'Actions']}
              empty={filtered ? 'No product matches this search.' : 'No products yet. Add one from Add a Product.'}
              onPage={(page) => update({ page })}
              row={(part, index) => (
                <tr key={part._id}>
                  <td data-label="Select" className="select">
                    <input
                      type="checkbox"
                      aria-label={`Select ${part.name}`}
                      checked={selected.has(part._id)}
                      onChange={(event) => toggle([part], event.target.checked)}
                    />
                  </td>
                  <td data-label="#">{(result.page - 1) * ADMIN_PAGE_SIZE + index + 1}</td>
                  <td data-label="Avatar">
                    <img className="avatar" src={resolveImageUrl(part.img)} alt="" width={48} height={48} loading="lazy" />
                  </td>
                  <th scope="row">{part.name}</th>
                  <CategoryCell part={part} />
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
                  <td data-label="Actions" className="actions-cell">
                    <div className="actions">
                      <Button as={Link} to={`/dashboard/manageproduct/${part._id}`} $variant="secondary" aria-label={`Edit ${part.name}`}>
                        Edit
                      </Button>
                      <Button type="button" $variant="danger" aria-label={`Delete ${part.name}`} onClick={() => deletion.ask(part)}>
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              )}
            />
          </Products>
        )}
      </QueryView>
      <ImportProducts />
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
