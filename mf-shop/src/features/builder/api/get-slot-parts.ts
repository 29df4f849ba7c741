import { useInfiniteQuery } from '@tanstack/react-query';
import { api, partKeys } from '@pcpp/contracts';
import type { Category } from '@pcpp/contracts/core';

export const SLOT_PAGE_SIZE = 50;

/** GET /tools?category=…: one category for a builder slot, cheapest first, 50 at a time (its answer's schema, and zod, load beside it). */
export function getSlotParts(category: Category, page: number, signal?: AbortSignal) {
  return api.get('/tools', { query: { category, sort: 'price-asc', page: String(page), limit: String(SLOT_PAGE_SIZE) }, signal, answer: () => import('@pcpp/contracts/core').then((core) => core.partListSchema) });
}

/** The parts a slot can take, page by page ("Show more parts" when a category has more than 50). */
export function useSlotParts(category: Category) {
  return useInfiniteQuery({
    queryKey: partKeys.slot(category),
    queryFn: ({ pageParam, signal }) => getSlotParts(category, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    staleTime: 10_000,
  });
}
