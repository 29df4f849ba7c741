import { useCallback } from 'react';
import { useSearchParams } from '@pcpp/contracts/router';

/** One of `values`, or undefined for anything else (a hand-edited link). */
export const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** `?page=` as a page number: 1 unless it is a whole number from 1. */
export const pageFrom = (params: URLSearchParams): number => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * A table's search kept in the address (so a reload or a shared link shows the same rows), and a
 * way to change it: a new filter goes back to page 1. `read` (a module-level function) takes what
 * it can read of the address and leaves out the rest.
 */
export function useAddressSearch<S extends { page: number }>(read: (params: URLSearchParams) => S) {
  const [params, setParams] = useSearchParams();
  const search = read(params);
  const update = useCallback(
    (changes: Partial<S>) => {
      const next: Record<string, unknown> = { ...read(params), page: 1, ...changes };
      const entries = Object.entries(next).filter(([key, value]) => value !== undefined && value !== '' && !(key === 'page' && value === 1));
      // Typing in the search box replaces the entry; a new page or filter is a step Back can undo.
      setParams(new URLSearchParams(entries.map(([key, value]) => [key, String(value)])), { replace: 'q' in changes });
    },
    [params, setParams, read],
  );
  return { search, update };
}
