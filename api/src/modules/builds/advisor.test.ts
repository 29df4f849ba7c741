import fc from 'fast-check';
import {
  ADVICE_SLOTS,
  ADVICE_USES,
  type AdviceSlot,
  type AdviceUse,
  CPUS,
  COOLER_TYPES,
  type Category,
  type Cpu,
  EFFICIENCY_RATINGS,
  FORM_FACTORS,
  MEMORY_TYPES,
  type PartSpecs,
  type SpecsByCategory,
  SOCKETS,
  STORAGE_INTERFACES,
  adviceRecommendedW,
  adviceValues,
  checkBuild,
  specsOf,
} from '@pcpp/contracts/core';
import { type AdvisedBuild, type AdvisorRequest, type StockedPart, advisorCandidates, solveAdvice } from './advisor';

/*
 * The solver against brute force: on small random catalogs, every combination of in-stock parts is
 * checked with the rules themselves (checkBuild: no Problem, no cooler Note), priced as the cart
 * would price it, scored part by part, and the best kept by score, then total, then ids slot by
 * slot. The solver must find the very same build every time.
 */

const hex = (n: number) => n.toString(16).padStart(24, '0');

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
/** Mostly what fits the CPU, sometimes anything: most catalogs hold a build, and the rules still get to refuse parts. */
const mostly = <T>(fitting: readonly T[], all: readonly T[]) => fc.oneof({ arbitrary: pick(fitting), weight: 8 }, { arbitrary: pick(all), weight: 1 });

const specsArbitrary = (cpu: Cpu): { [C in Category]: fc.Arbitrary<PartSpecs> } => ({
  Motherboard: fc.record({
    socket: mostly([cpu.socket], SOCKETS),
    chipset: pick(['B650', 'B760', 'X870E']),
    formFactor: pick(FORM_FACTORS),
    memoryType: mostly(cpu.memoryTypes, MEMORY_TYPES),
    memorySlots: pick([2, 4]),
    maxMemoryGB: pick([64, 96, 192]),
    m2Slots: pick([0, 1, 2, 2, 4]),
    sataPorts: pick([0, 2, 4]),
  }),
  Memory: fc.record({ memoryType: mostly(cpu.memoryTypes, MEMORY_TYPES), modules: pick([1, 2, 4]), moduleGB: pick([8, 16, 32, 48]), speedMTs: pick([3200, 3600, 5600, 6000, 7200]) }),
  Storage: fc.record({ interface: pick(STORAGE_INTERFACES), capacityGB: pick([500, 1000, 2000, 4000]) }),
  'CPU Cooler': fc.record({
    sockets: fc.oneof({ arbitrary: fc.constant([...SOCKETS] as (typeof SOCKETS)[number][]), weight: 6 }, { arbitrary: fc.subarray([...SOCKETS], { minLength: 1 }), weight: 1 }),
    type: pick(COOLER_TYPES),
    heightMM: pick([47, 155]),
    ratedTdpW: mostly([cpu.tdpW, 150, 250], [65, 95, 120, 150, 250]),
  }),
  'Power Supplies': fc.record({
    wattage: pick([450, 550, 650, 750, 850, 1000, 1000]),
    efficiency: pick(EFFICIENCY_RATINGS),
    pcie8Pin: fc.integer({ min: 0, max: 4 }),
    pcie12v2x6: fc.integer({ min: 0, max: 2 }),
  }),
  'Video Card': fc.record({
    // Chips from the table, and one it lacks (the fallback).
    chip: pick(['GeForce RTX 4060', 'GeForce RTX 4070 SUPER', 'Radeon RX 7800 XT', 'GeForce RTX 4090', 'Mystery X100']),
    memoryGB: pick([8, 16]),
    boardPowerW: pick([75, 115, 200, 263, 320, 450]),
    lengthMM: pick([170, 300]),
    pcie8Pin: fc.integer({ min: 0, max: 2 }),
    pcie12v2x6: fc.integer({ min: 0, max: 1 }),
  }),
});

const partArbitrary = (cpu: Cpu, category: Category) =>
  fc.record({
    // Round prices, so equal scores at equal totals happen and the tie-break is tested too.
    price: fc.integer({ min: 1, max: 30 }).map((tens) => tens * 1000),
    min_quantity: pick([1, 1, 1, 2]),
    p_quantity: pick([0, 1, 2, 10, 10, 10, 10, 10, 10, 10, 10, 10]),
    specs: fc.option(specsArbitrary(cpu)[category], { freq: 20, nil: undefined }),
  });

const SLOT_CATEGORIES: [AdviceSlot, Category][] = [
  ['motherboard', 'Motherboard'],
  ['cooler', 'CPU Cooler'],
  ['memory', 'Memory'],
  ['storage', 'Storage'],
  ['gpu', 'Video Card'],
  ['psu', 'Power Supplies'],
];

/** A few parts per slot, some twice under two ids (equal scores at equal totals: the tie-break), ids in random order. */
const catalogArbitrary = (cpu: Cpu) =>
  fc
    .tuple(...SLOT_CATEGORIES.map(([, category]) => fc.tuple(fc.array(partArbitrary(cpu, category), { minLength: 2, maxLength: 2 }), fc.boolean())))
    .map((groups) =>
      groups.flatMap(([group, twice], index) => {
        const category = SLOT_CATEGORIES[index]![1];
        return (twice ? [...group, group[0]!] : group).map((fields) => ({ category, ...fields }));
      }),
    )
    .chain((parts) =>
      fc.uniqueArray(fc.integer({ min: 1, max: 9999 }), { minLength: parts.length, maxLength: parts.length }).map((numbers) =>
        parts.map((fields, index): StockedPart => {
          const id = hex(numbers[index]!);
          return { _id: id, name: `${fields.category} ${id.slice(-4)}`, ...fields };
        }),
      ),
    );

/** A request, and a catalog made mostly of parts that fit its CPU. */
const caseArbitrary = fc
  .record({
    budget: fc.integer({ min: 30, max: 400 }).map((tens) => tens * 1000),
    use: pick(ADVICE_USES),
    cpu: pick(CPUS),
    keepSlot: fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: pick(ADVICE_SLOTS), weight: 1 }),
    storageMinGB: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: pick([500, 1000, 2000]), weight: 1 }),
  })
  .chain((request) => catalogArbitrary(request.cpu).map((catalog) => ({ request, catalog })));

const compareIds = (a: readonly string[], b: readonly string[]) => {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
};

/** A part's specs, read once per part (the rules read them again, through their own specsOf). */
const specsRead = new WeakMap<StockedPart, PartSpecs | undefined>();
function specsFor<C extends Category>(part: StockedPart | undefined, category: C): SpecsByCategory[C] | undefined {
  if (!part) return undefined;
  if (!specsRead.has(part)) specsRead.set(part, specsOf(part, category));
  return specsRead.get(part) as SpecsByCategory[C] | undefined;
}

/** The score as build-advice.ts states it, summed here part by part. */
function statedScore(parts: Partial<Record<AdviceSlot, StockedPart>>, use: AdviceUse, cpu: Cpu): number {
  const gpu = specsFor(parts.gpu, 'Video Card');
  return (
    (gpu ? adviceValues.gpu(use, gpu) : 0) +
    adviceValues.memory(use, specsFor(parts.memory, 'Memory')!) +
    adviceValues.storage(use, specsFor(parts.storage, 'Storage')!) +
    adviceValues.cooler(use, specsFor(parts.cooler, 'CPU Cooler')!, cpu) +
    adviceValues.psu(use, specsFor(parts.psu, 'Power Supplies')!, adviceRecommendedW(cpu, gpu?.boardPowerW ?? 0))
  );
}

const better = (a: { score: number; total: number; ids: string[] }, b: { score: number; total: number; ids: string[] } | null) =>
  !b || a.score > b.score || (a.score === b.score && (a.total < b.total || (a.total === b.total && compareIds(a.ids, b.ids) < 0)));

/**
 * Every combination, judged by the rules. The rules are asked last (they are the slow part): only
 * a combination within the budget that would beat the best so far needs them.
 */
function bruteForce(catalog: readonly StockedPart[], request: AdvisorRequest, { ignoreValues = false } = {}): AdvisedBuild | null {
  const { cpu, use, keep = {} } = request;
  const choices = SLOT_CATEGORIES.map(([slot, category]): (StockedPart | null)[] => {
    const kept = keep[slot];
    const pool = kept ? [kept] : catalog.filter((part) => part.category === category && part.p_quantity >= Math.max(1, part.min_quantity));
    const usable: (StockedPart | null)[] = pool.filter((part) => specsFor(part, category));
    if (slot === 'gpu' && use === 'office' && cpu.integratedGraphics && !kept) usable.push(null);
    return usable;
  });
  let best: (AdvisedBuild & { ids: string[] }) | null = null;
  const visit = (index: number, chosen: (StockedPart | null)[]) => {
    if (index < choices.length) {
      for (const part of choices[index]!) visit(index + 1, [...chosen, part]);
      return;
    }
    const parts = Object.fromEntries(SLOT_CATEGORIES.flatMap(([slot], i) => (chosen[i] ? [[slot, chosen[i]]] : []))) as Partial<Record<AdviceSlot, StockedPart>>;
    const total = chosen.reduce((sum, part) => sum + (part ? part.price * Math.max(1, part.min_quantity) : 0), 0);
    if (total > request.budget) return;
    const candidate = { parts, total, score: ignoreValues ? 0 : statedScore(parts, use, cpu), ids: chosen.map((part) => part?._id ?? '') };
    if (!better(candidate, best)) return;
    if (request.storageMinGB && specsFor(parts.storage, 'Storage')!.capacityGB < request.storageMinGB) return;
    const check = checkBuild({ cpu, parts });
    // The advisor's coolers are rated for the CPU's TDP, unless the customer keeps one.
    if (check.results.some((result) => result.level === 'problem' || (result.rule === 'cooler-tdp' && !keep.cooler))) return;
    expect(check.totalCents).toBe(total);
    best = candidate;
  };
  visit(0, []);
  if (!best) return null;
  const { ids: _ids, ...build } = best as AdvisedBuild & { ids: string[] };
  return build;
}

const idsOf = (build: AdvisedBuild | null) => (build ? Object.fromEntries(Object.entries(build.parts).map(([slot, part]) => [slot, part!._id])) : null);

describe('the build advisor’s solver', () => {
  it('finds the same best build as brute force over the rules, on small random catalogs', () => {
    fc.assert(
      fc.property(caseArbitrary, ({ catalog, request: { budget, use, cpu, keepSlot, storageMinGB } }) => {
        // Keep a part of the slot that the solver may use (in stock, with specs), as the service checks before solving.
        const category = SLOT_CATEGORIES.find(([slot]) => slot === keepSlot)?.[1];
        const keepable = category ? catalog.find((part) => part.category === category && part.p_quantity >= Math.max(1, part.min_quantity) && specsOf(part, category)) : undefined;
        const request: AdvisorRequest = { budget, use, cpu, ...(keepable ? { keep: { [keepSlot!]: keepable } } : {}), ...(storageMinGB ? { storageMinGB } : {}) };
        const solved = solveAdvice(advisorCandidates(catalog, request), budget);
        const expected = bruteForce(catalog, request);
        expect(solved?.score ?? null).toBe(expected?.score ?? null);
        expect(solved?.total ?? null).toBe(expected?.total ?? null);
        expect(idsOf(solved)).toEqual(idsOf(expected));
      }),
      { numRuns: 250 },
    );
  });

  it('finds the cheapest build, for the over-budget sentence, as brute force does', () => {
    fc.assert(
      fc.property(caseArbitrary, ({ catalog, request: { use, cpu } }) => {
        const request: AdvisorRequest = { budget: Number.MAX_SAFE_INTEGER, use, cpu };
        const cheapest = solveAdvice(advisorCandidates(catalog, request), request.budget, { ignoreValues: true });
        const expected = bruteForce(catalog, request, { ignoreValues: true });
        expect(cheapest?.total ?? null).toBe(expected?.total ?? null);
        expect(idsOf(cheapest)).toEqual(idsOf(expected));
      }),
      { numRuns: 100 },
    );
  });
});
