import { ORDER_PROGRESS, type OrderProgress, orderText } from '@pcpp/contracts/core';
import { Button } from '@pcpp/contracts/ui';
import { Toolbar } from '../../../components/admin-table';
import { SearchBox } from '../../../components/search-box';
import type { OrderSearch } from '../api/get-orders';

/**
 * Search (order number, email or a part's name), the order's state, the days placed, and the order: each change
 * goes to the address at once (the search after a pause in typing).
 */
export function OrderFilters({ search, onChange }: { search: OrderSearch; onChange: (changes: Partial<OrderSearch>) => void }) {
  const filtered = Boolean(search.q || search.status || search.from || search.to || search.sort);

  return (
    <Toolbar role="search" aria-label="Find orders">
      <SearchBox
        label="Search orders"
        value={search.q ?? ''}
        placeholder="Order number, email or part"
        onSearch={(text) => onChange({ q: text || undefined })}
      />
      <label>
        Status
        <select value={search.status ?? ''} onChange={(event) => onChange({ status: (event.target.value || undefined) as OrderProgress | undefined })}>
          <option value="">All statuses</option>
          {ORDER_PROGRESS.map((value) => (
            <option key={value} value={value}>
              {orderText.progress[value]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Placed from
        <input type="date" value={search.from ?? ''} max={search.to} onChange={(event) => onChange({ from: event.target.value || undefined })} />
      </label>
      <label>
        Placed until
        <input type="date" value={search.to ?? ''} min={search.from} onChange={(event) => onChange({ to: event.target.value || undefined })} />
      </label>
      <label>
        Sort
        <select value={search.sort ?? 'newest'} onChange={(event) => onChange({ sort: event.target.value === 'oldest' ? 'oldest' : undefined })}>
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
        </select>
      </label>
      {filtered && (
        <Button
          type="button"
          $variant="secondary"
          onClick={() => onChange({ q: undefined, status: undefined, from: undefined, to: undefined, sort: undefined })}
        >
          Clear filters
        </Button>
      )}
    </Toolbar>
  );
}
