import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, partKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, type AdminPartSort, type Category, partListSchema, type StockFilter } from '@pcpp/contracts/core';

/** Manage Products' search as the address holds it (?q=&category=&stock=&sort=&page=). */
export interface ProductSearch {
  page: number;
  q?: string;
  category?: Category;
  stock?: StockFilter;
  sort?: AdminPartSort;
}

/** GET /tools, a page at a time: newest first unless a sort is chosen (best match first while searching). */
export function getParts(search: ProductSearch, signal?: AbortSignal) {
  return api.get('/tools', {
    query: {
      page: String(search.page),
      limit: String(ADMIN_PAGE_SIZE),
      ...(search.q ? { q: search.q } : {}),
      ...(search.category ? { category: search.category } : {}),
      ...(search.stock ? { stock: search.stock } : {}),
      sort: search.sort ?? (search.q ? 'relevance' : 'newest'),
    },
    signal,
    answer: partListSchema,
  });
}

export const partsQuery = (search: ProductSearch) =>
  queryOptions({ queryKey: partKeys.list({ ...search }), queryFn: ({ signal }) => getParts(search, signal) });

export const useParts = (search: ProductSearch) => useQuery({ ...partsQuery(search), placeholderData: keepPreviousData });
