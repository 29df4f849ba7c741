import type { ReactNode } from 'react';
import type { Page } from '@pcpp/contracts/core';
import { AdminTable, TableBox } from './admin-table';
import { Pager } from '@pcpp/contracts/ui/dashboard';

/** One page of a server-paged list as a table (cards on phones), with Previous / Next under it. */
export function PagedTable<T>({
  result,
  label,
  columns,
  empty,
  onPage,
  row,
}: {
  result: Page<T>;
  label: string;
  columns: string[];
  empty: ReactNode;
  onPage: (page: number) => void;
  /** One <tr> per item; cells carry data-label for the card layout. */
  row: (item: T, index: number) => ReactNode;
}) {
  if (result.items.length === 0) return <p>{empty}</p>;
  return (
    <>
      <TableBox>
        <AdminTable aria-label={label}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{result.items.map(row)}</tbody>
        </AdminTable>
      </TableBox>
      <Pager page={result.page} pages={result.pages} onPage={onPage} />
    </>
  );
}
