import {
  ADMIN_PART_SORTS,
  type AdminPartSort,
  adminPartSortLabels,
  CATEGORIES,
  type Category,
  STOCK_FILTERS,
  type StockFilter,
  stockFilterLabels,
} from '@pcpp/contracts/core';
import { Button } from '@pcpp/contracts/ui';
import { Toolbar } from '../../../components/admin-table';
import { SearchBox } from '../../../components/search-box';
import type { ProductSearch } from '../api/get-products';

const BEST_MATCH = 'relevance';

/** Search by name, category, stock and order: each change goes to the address at once (the search after a pause in typing). */
export function ProductFilters({ search, onChange }: { search: ProductSearch; onChange: (changes: Partial<ProductSearch>) => void }) {
  const filtered = Boolean(search.q || search.category || search.stock || search.sort);
  return (
    <Toolbar role="search" aria-label="Find products">
      <SearchBox label="Search products" value={search.q ?? ''} placeholder="Part name" onSearch={(text) => onChange({ q: text || undefined })} />
      <label className="wide">
        Category
        <select value={search.category ?? ''} onChange={(event) => onChange({ category: (event.target.value || undefined) as Category | undefined })}>
          <option value="">All categories</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </label>
      <label>
        Stock
        <select value={search.stock ?? ''} onChange={(event) => onChange({ stock: (event.target.value || undefined) as StockFilter | undefined })}>
          <option value="">Any stock</option>
          {STOCK_FILTERS.map((stock) => (
            <option key={stock} value={stock}>
              {stockFilterLabels[stock]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Sort
        <select
          value={search.sort ?? (search.q ? BEST_MATCH : 'newest')}
          onChange={(event) => onChange({ sort: event.target.value === BEST_MATCH ? undefined : (event.target.value as AdminPartSort) })}
        >
          {search.q && <option value={BEST_MATCH}>Best match</option>}
          {ADMIN_PART_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {adminPartSortLabels[sort]}
            </option>
          ))}
        </select>
      </label>
      {filtered && (
        <Button type="button" $variant="secondary" onClick={() => onChange({ q: undefined, category: undefined, stock: undefined, sort: undefined })}>
          Clear filters
        </Button>
      )}
    </Toolbar>
  );
}
