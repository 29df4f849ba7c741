import type { RemoteName } from '@pcpp/contracts/core';

/** One page's Web Vitals for one remote version: LCP and INP in milliseconds, CLS unitless. */
export interface PageVitals {
  lcp?: number;
  inp?: number;
  cls?: number;
}

export type VitalName = 'LCP' | 'INP' | 'CLS';

/** The remote version that renders the page at a moment (the route's owner), if a remote does. */
export interface PageOwner {
  remote: RemoteName;
  version: string;
}

/**
 * Collects the Web Vitals of the pages each remote renders, attributed to the remote version that
 * rendered the page when the value changed (web-vitals' `reportAllChanges`), and sends each remote
 * version's once (the api keeps one report per load id and version). A page that moves from one
 * remote's route to another's gives each what happened on its own pages: the largest paint
 * candidate seen while it rendered (LCP stops at the first input), its worst interaction (INP), the
 * layout shifts that happened on its pages (CLS).
 */
export function createVitalsCollector({
  ownerNow,
  send,
}: {
  ownerNow: () => PageOwner | undefined;
  /** Sends one remote version's vitals; false when it could not (it is tried again at the next flush). */
  send: (owner: PageOwner, vitals: PageVitals) => boolean;
}) {
  const pending = new Map<string, { owner: PageOwner; vitals: PageVitals }>();
  const sent = new Set<string>();

  return {
    /** A metric changed: `value` is web-vitals' current value, `delta` the change since its last report. */
    record(name: VitalName, value: number, delta: number): void {
      const owner = ownerNow();
      if (!owner || !Number.isFinite(value)) return;
      const key = `${owner.remote}\n${owner.version}`;
      if (sent.has(key)) return;
      const entry = pending.get(key) ?? { owner, vitals: {} };
      pending.set(key, entry);
      const { vitals } = entry;
      if (name === 'LCP') vitals.lcp = value;
      else if (name === 'INP') vitals.inp = Math.max(vitals.inp ?? 0, value);
      else vitals.cls = (vitals.cls ?? 0) + (Number.isFinite(delta) ? delta : 0);
    },
    /** The page is being hidden: each remote version's vitals go now, once. */
    flush(): void {
      for (const [key, { owner, vitals }] of pending) {
        if (send(owner, roundVitals(vitals))) {
          pending.delete(key);
          sent.add(key);
        }
      }
    },
  };
}

/** Whole milliseconds; CLS to four decimals (what the verdict compares needs no more). */
function roundVitals({ lcp, inp, cls }: PageVitals): PageVitals {
  return {
    ...(lcp !== undefined ? { lcp: Math.round(lcp) } : {}),
    ...(inp !== undefined ? { inp: Math.round(inp) } : {}),
    ...(cls !== undefined ? { cls: Math.round(cls * 10_000) / 10_000 } : {}),
  };
}
