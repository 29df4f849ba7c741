import { useQueries } from '@tanstack/react-query';
import { type BuildParts, type BuildSlot, BUILD_SLOTS, type Part } from '@pcpp/contracts/core';
import { partQuery } from '../../../api/get-part';

/** A slot's part as the catalog has it now. */
export type SlotPart =
  | { status: 'loading' }
  | { status: 'ready'; part: Part }
  /** The id is no part the catalog has (deleted since the link was made). */
  | { status: 'missing' }
  | { status: 'failed'; error: unknown; retry: () => void };

/**
 * The parts a build names, each through the part query the product page uses (GET /tools/{id}),
 * so a part seen elsewhere is not asked for again; `known` holds parts already in hand (a saved
 * build's answer).
 */
export function useBuildParts(parts: BuildParts, known: ReadonlyMap<string, Part> = new Map()): Partial<Record<BuildSlot, SlotPart>> {
  const slots = BUILD_SLOTS.filter((slot) => parts[slot]);
  const results = useQueries({
    queries: slots.map((slot) => {
      const id = parts[slot]!;
      const seed = known.get(id);
      return { ...partQuery(id), ...(seed ? { initialData: seed } : {}) };
    }),
  });
  return Object.fromEntries(
    slots.map((slot, index): [BuildSlot, SlotPart] => {
      const result = results[index]!;
      // The part query answers null for a part the catalog does not have.
      if (result.isSuccess) return [slot, result.data === null ? { status: 'missing' } : { status: 'ready', part: result.data }];
      if (result.isError) return [slot, { status: 'failed', error: result.error, retry: () => void result.refetch() }];
      return [slot, { status: 'loading' }];
    }),
  );
}
