import { useState } from 'react';
import { errorMessage } from '@pcpp/contracts';
import { type BulkPartEditAnswer, type Part, parseDollarsToCents, productAdminText } from '@pcpp/contracts/core';
import { Button, ErrorText } from '@pcpp/contracts/ui';
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

/**
 * Sets the price or the stock of the selected rows at once. Each row keeps its version check: a row
 * someone changed since this page loaded it is refused and named, with why.
 */
export function BulkChange({ selected, onDone }: { selected: readonly Part[]; onDone: (refusedIds: string[]) => void }) {
  const [field, setField] = useState<Field>('price');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<BulkPartEditAnswer>();
  const bulkEdit = useBulkEditParts();

  async function apply() {
    const changes = bulkChanges(selected, field, text);
    if (typeof changes === 'string') {
      setProblem(changes);
      return;
    }
    setProblem(undefined);
    try {
      const answer = await bulkEdit.mutateAsync({ changes });
      setResult(answer);
      onDone(answer.refused.map((row) => row._id));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

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
          <Button type="button" onClick={() => void apply()} disabled={bulkEdit.isPending}>
            {bulkEdit.isPending ? 'Applying…' : `Apply to ${selected.length}`}
          </Button>
          {problem && <ErrorText role="alert">{problem}</ErrorText>}
        </Toolbar>
      )}
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
