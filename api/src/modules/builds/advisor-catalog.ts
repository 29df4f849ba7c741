import type { Part } from '@pcpp/contracts/core';

/**
 * The parts in stock, as the build advisor reads them: one database read serves every request
 * for `ttlMs` (another api instance's writes show within it), and this instance's own writes to the
 * catalog drop it at once (`invalidate`, beside the catalog cache's). Concurrent requests share
 * one read; a failed read is not kept.
 */
export function createAdvisorCatalog(load: () => Promise<Part[]>, { ttlMs, now = Date.now }: { ttlMs: number; now?: () => number }) {
  let cached: { readAt: number; parts: Promise<Part[]> } | undefined;
  return {
    parts(): Promise<Part[]> {
      if (cached && now() - cached.readAt < ttlMs) return cached.parts;
      const entry = { readAt: now(), parts: load() };
      cached = entry;
      entry.parts.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return entry.parts;
    },
    /** A read already under way still answers the requests waiting for it, and is not kept. */
    invalidate(): void {
      cached = undefined;
    },
  };
}

export type AdvisorCatalog = ReturnType<typeof createAdvisorCatalog>;
