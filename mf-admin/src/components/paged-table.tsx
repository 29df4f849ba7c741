import type { ComponentType, ReactNode } from 'react';
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
  groups = false,
  table: Table = AdminTable,
}: {
  result: Page<T>;
  label: string;
  columns: string[];
  empty: ReactNode;
  onPage: (page: number) => void;
  /** One <tr> per item (with `groups`, one <tbody> of rows); cells carry data-label for the card layout. */
  row: (item: T, index: number) => ReactNode;
  /** Each item is a group of rows of its own (All Orders: an order and its parts). */
  groups?: boolean;
  /** AdminTable, or a table styled on top of it. */
  table?: ComponentType<{ 'aria-label': string; children: ReactNode }>;
}) {
  if (result.items.length === 0) return <p>{empty}</p>;
  return (
    <>
      <TableBox>
        <Table aria-label={label}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          {groups ? result.items.map(row) : <tbody>{result.items.map(row)}</tbody>}
        </Table>
      </TableBox>
      <Pager page={result.page} pages={result.pages} onPage={onPage} />
    </>
  );
}
