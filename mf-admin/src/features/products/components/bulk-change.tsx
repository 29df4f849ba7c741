import { useState } from 'react';
import { errorMessage } from '@pcpp/contracts';
import { type BulkPartEditAnswer, formatCents, type Part, parseDollarsToCents, productAdminText } from '@pcpp/contracts/core';
import { Button, ErrorText } from '@pcpp/contracts/ui';
import { ConfirmDialog } from '@pcpp/contracts/ui/dashboard';
import styled from 'styled-components';
import { Toolbar } from '../../../components/admin-table';
import { type BulkEditBody, useBulkEditParts } from '../api/bulk-edit';

type Field = 'price' | 'stock';

const Result = styled.div`
  margin: 0 0 16px;
  padding: 12px 14px;
  border-radius: 8px;
  border: 1px solid var(--color-border);
  background: var(--color-surface);
  ul { margin: 6px 0 0; padding-left: 1.2em; }
`;

/** The change as each selected row's body: its version as loaded, and its new price or stock (from → to). */
export function bulkChanges(parts: readonly Part[], field: Field, text: string): BulkEditBody['changes'] | string {
  if (field === 'price') {
    const cents = parseDollarsToCents(text.replace(/^\$/, ''));
    if (cents === null || cents <= 0) return 'Type a price in dollars, like 129.99';
    return parts.map((part) => ({ id: part._id, version: part.version, price: cents }));
  }
  if (!/^\d{1,7}$/.test(text.trim())) return 'Type the stock as a whole number, 0 or more';
  const stock = Number(text.trim());
  return parts.map((part) => ({ id: part._id, version: part.version, p_quantity: { from: part.p_quantity, to: stock } }));
}

/** One selected part's change as the preview lists it: its price or stock before → after. */
export interface BulkPreviewRow {
  id: string;
  name: string;
  before: string;
  after: string;
  changes: boolean;
}

/** What the change does to each selected part, in the order they are listed. */
export function bulkPreview(parts: readonly Part[], changes: BulkEditBody['changes']): BulkPreviewRow[] {
  return changes.map((change, index) => {
    const part = parts[index]!;
    const [before, after] =
      change.price !== undefined ? [part.price, change.price].map(formatCents) : [String(change.p_quantity!.from), String(change.p_quantity!.to)];
    return { id: part._id, name: part.name, before: before!, after: after!, changes: before !== after };
  });
}

const Preview = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: min(50vh, 24rem);
  overflow-y: auto;
  border: 1px solid var(--color-border);
  border-radius: 8px;
  li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 12px; padding: 8px 12px; }
  li + li { border-top: 1px solid var(--color-border); }
  .name { font-weight: 600; overflow-wrap: anywhere; }
  .values { font-variant-numeric: tabular-nums; white-space: nowrap; }
  .same { color: var(--color-ink-soft); }
`;

/**
 * Sets the price or the stock of the selected rows at once: first a preview of each part's value
 * before → after, saved only when the admin confirms. Each row keeps its version check: a row
 * someone changed since this page loaded it is refused and named, with why.
 */
export function BulkChange({ selected, onDone }: { selected: readonly Part[]; onDone: (refusedIds: string[]) => void }) {
  const [field, setField] = useState<Field>('price');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [preview, setPreview] = useState<{ field: Field; parts: readonly Part[]; changes: BulkEditBody['changes'] }>();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [result, setResult] = useState<BulkPartEditAnswer>();
  const bulkEdit = useBulkEditParts();

  function review() {
    const changes = bulkChanges(selected, field, text);
    if (typeof changes === 'string') {
      setProblem(changes);
      return;
    }
    setProblem(undefined);
    setSaveError(null);
    setPreview({ field, parts: selected, changes });
  }

  async function save() {
    if (!preview) return;
    // Only the parts whose value differs: the others would change nothing.
    const rows = bulkPreview(preview.parts, preview.changes);
    const changes = preview.changes.filter((_change, index) => rows[index]!.changes);
    try {
      const answer = await bulkEdit.mutateAsync({ changes });
      setPreview(undefined);
      setResult(answer);
      onDone(answer.refused.map((row) => row._id));
    } catch (error) {
      setSaveError(errorMessage(error));
    }
  }

  const rows = preview ? bulkPreview(preview.parts, preview.changes) : [];
  const changing = rows.filter((row) => row.changes).length;
  return (
    <>
      {selected.length > 0 && (
        <Toolbar role="group" aria-label="Change the selected products">
          <p>
            <strong>{selected.length} selected</strong>
          </p>
          <label>
            Change
            <select value={field} onChange={(event) => setField(event.target.value === 'stock' ? 'stock' : 'price')}>
              <option value="price">Price</option>
              <option value="stock">Stock</option>
            </select>
          </label>
          <label>
            {field === 'price' ? 'New price ($)' : 'New stock'}
            <input value={text} inputMode={field === 'price' ? 'decimal' : 'numeric'} onChange={(event) => setText(event.target.value)} />
          </label>
          <Button type="button" onClick={review} disabled={bulkEdit.isPending}>
            {`Apply to ${selected.length}`}
          </Button>
          {problem && <ErrorText role="alert">{problem}</ErrorText>}
        </Toolbar>
      )}
      <ConfirmDialog
        open={preview !== undefined}
        title={changing === 0 ? productAdminText.bulkNothingTitle : productAdminText.bulkPreviewTitle(changing)}
        body={changing === 0 ? productAdminText.bulkNothing : productAdminText.bulkPreviewBody}
        confirmLabel={changing === 0 ? productAdminText.bulkNothingClose : productAdminText.bulkSave(changing)}
        busyLabel={productAdminText.bulkSaving}
        confirmVariant="primary"
        busy={bulkEdit.isPending}
        error={saveError}
        onConfirm={() => (changing === 0 ? setPreview(undefined) : void save())}
        onCancel={() => setPreview(undefined)}
      >
        <Preview aria-label={productAdminText.bulkPreviewList}>
          {rows.map((row) => (
            <li key={row.id}>
              <span className="name">{row.name}</span>
              <span className={row.changes ? 'values' : 'values same'}>
                {preview?.field === 'price' ? 'Price' : 'Stock'} {row.before} → {row.after}
                {!row.changes && ` (${productAdminText.bulkUnchanged})`}
              </span>
            </li>
          ))}
        </Preview>
      </ConfirmDialog>
      {result && (
        <Result role="status" aria-label="Bulk change result">
          <p>{productAdminText.bulkDone(result.updated.length)}</p>
          {result.refused.length > 0 && (
            <>
              <p>
                <strong>{productAdminText.bulkRefused(result.refused.map((row) => row.name))}</strong>
              </p>
              <ul>
                {result.refused.map((row) => (
                  <li key={row._id}>
                    {row.name}: {row.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Result>
      )}
    </>
  );
}
