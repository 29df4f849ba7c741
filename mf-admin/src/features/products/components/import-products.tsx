import { useState } from 'react';
import { errorMessage } from '@pcpp/contracts';
import { PART_CSV_COLUMNS, PART_IMPORT_MAX_BYTES, type PartImportAnswer, productAdminText } from '@pcpp/contracts/core';
import { Button, ErrorText } from '@pcpp/contracts/ui';
import styled from 'styled-components';
import { AdminTable, TableBox, Toolbar } from '../../../components/admin-table';
import { useImportParts } from '../api/import-products';

const Section = styled.section`
  margin: 24px 0 0;
  padding: 16px 0 0;
  border-top: 1px solid var(--color-border);
  h2 { margin: 0 0 8px; font-size: 1.2rem; }
  p.hint { margin: 0 0 12px; color: var(--color-ink-soft); overflow-wrap: anywhere; }
  input[type='file'] { min-height: 44px; }
  label:has(input[type='file']) { flex: 1 1 16rem; max-width: 24rem; }
  td ul { margin: 0; padding-left: 1.1em; }
`;

const ACTION_LABELS: Record<PartImportAnswer['rows'][number]['action'], string> = { create: 'Create', update: 'Update', error: 'Error' };

/** A chosen file's text (FileReader: what every browser and jsdom have). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/** An update that changes nothing says so; a create or error says what it is. */
function actionText(row: PartImportAnswer['rows'][number], dryRun: boolean): string {
  if (row.action === 'update' && row.changes.length === 0) return 'No change';
  if (row.action === 'update') return `${dryRun ? 'Update' : 'Updated'}: ${row.changes.join(', ')}`;
  if (row.action === 'create') return dryRun ? 'Create' : 'Created';
  return ACTION_LABELS[row.action];
}

/**
 * Import from a CSV file: first a dry run lists what each row would do and every error with its row
 * and column; then the valid rows are applied (the same file again changes nothing).
 */
export function ImportProducts() {
  const [file, setFile] = useState<{ name: string; text: string }>();
  const [problem, setProblem] = useState<string>();
  const [answer, setAnswer] = useState<PartImportAnswer>();
  const importParts = useImportParts();

  async function choose(chosen: File | undefined) {
    setAnswer(undefined);
    setProblem(undefined);
    setFile(undefined);
    if (!chosen) return;
    if (chosen.size > PART_IMPORT_MAX_BYTES) {
      setProblem(productAdminText.importTooLarge);
      return;
    }
    try {
      setFile({ name: chosen.name, text: await readText(chosen) });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  async function run(dryRun: boolean) {
    if (!file) return;
    setProblem(undefined);
    try {
      setAnswer(await importParts.mutateAsync({ csv: file.text, dryRun }));
    } catch (error) {
      setAnswer(undefined);
      setProblem(errorMessage(error));
    }
  }

  const valid = answer ? answer.created + answer.updated : 0;
  return (
    <Section aria-labelledby="import-title">
      <h2 id="import-title">Import from CSV</h2>
      <p className="hint">
        Columns: {PART_CSV_COLUMNS.join(', ')} (as Download CSV writes them). A row updates the product with its name and category,
        or adds a new one.
      </p>
      <Toolbar>
        <label>
          CSV file
          <input type="file" accept=".csv,text/csv" onChange={(event) => void choose(event.target.files?.[0])} />
        </label>
        <Button type="button" $variant="secondary" disabled={!file || importParts.isPending} onClick={() => void run(true)}>
          Check file
        </Button>
        {answer?.dryRun && (
          <Button type="button" disabled={valid === 0 || importParts.isPending} onClick={() => void run(false)}>
            Apply {valid} valid {valid === 1 ? 'row' : 'rows'}
          </Button>
        )}
      </Toolbar>
      {problem && <ErrorText role="alert">{problem}</ErrorText>}
      {answer && (
        <div role="status" aria-label="Import result">
          <p>
            {answer.dryRun
              ? `Checked ${answer.rows.length} rows: ${answer.created} to create, ${answer.updated} to update, ${answer.errors} with errors. Nothing has changed yet.`
              : `${productAdminText.importApplied(answer.created, answer.updated)} ${answer.errors} ${answer.errors === 1 ? 'row was' : 'rows were'} left out.`}
          </p>
          <TableBox>
            <AdminTable aria-label="Rows of the CSV file">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Name</th>
                  <th scope="col">Action</th>
                  <th scope="col">Errors</th>
                </tr>
              </thead>
              <tbody>
                {answer.rows.map((row) => (
                  <tr key={row.row}>
                    <th scope="row" className="nowrap">
                      Row {row.row}
                    </th>
                    <td data-label="Name" className="words">
                      {row.name || '(no name)'}
                    </td>
                    <td data-label="Action" className="nowrap">
                      {actionText(row, answer.dryRun)}
                    </td>
                    <td data-label="Errors">
                      {row.errors.length > 0 && (
                        <ul>
                          {row.errors.map((error) => (
                            <li key={`${error.column}:${error.message}`}>
                              Row {error.row}, {error.column}: {error.message}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          </TableBox>
        </div>
      )}
    </Section>
  );
}
