import { useCallback } from 'react';
import { useSearchParams } from '@pcpp/contracts/router';
import { ORDER_LIST_SORTS, ORDER_PROGRESS } from '@pcpp/contracts/core';
import type { OrderSearch } from '../api/get-orders';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** The search in the address; anything it cannot read (a hand-edited link) is left out. */
export function orderSearchFrom(params: URLSearchParams): OrderSearch {
  const page = Number(params.get('page'));
  const day = (name: string) => (DAY.test(params.get(name) ?? '') ? params.get(name)! : undefined);
  const q = params.get('q')?.trim();
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    ...(q ? { q } : {}),
    ...(oneOf(ORDER_PROGRESS, params.get('status')) ? { status: oneOf(ORDER_PROGRESS, params.get('status')) } : {}),
    ...(day('from') ? { from: day('from') } : {}),
    ...(day('to') ? { to: day('to') } : {}),
    ...(oneOf(ORDER_LIST_SORTS, params.get('sort')) === 'oldest' ? { sort: 'oldest' as const } : {}),
  };
}

/** The search in the address, and a way to change it: a new filter goes back to page 1. */
export function useOrderSearch() {
  const [params, setParams] = useSearchParams();
  const search = orderSearchFrom(params);
  const update = useCallback(
    (changes: Partial<OrderSearch>) => {
      const next = { ...orderSearchFrom(params), page: 1, ...changes };
      const entries = Object.entries(next).filter(([key, value]) => value !== undefined && value !== '' && !(key === 'page' && value === 1));
      // Typing in the search box replaces the entry; a new page or filter is a step Back can undo.
      setParams(new URLSearchParams(entries.map(([key, value]) => [key, String(value)])), { replace: 'q' in changes });
    },
    [params, setParams],
  );
  return { search, update };
}
