import {
  type AdviceSlot,
  type AdviceUse,
  type BuildPart,
  type Cpu,
  type SpecsByCategory,
  adviceRecommendedW,
  adviceValues,
  lineTotalCents,
  specsOf,
} from '@pcpp/contracts/core';

/*
 * The build advisor's solver: the best-scoring compatible build within a budget, exactly.
 *
 * Given the CPU, the Problem rules couple the parts in two pairs only: the board with the memory
 * (type, modules, capacity) and with the drive (an M.2 slot or a SATA port), and the video card
 * with the power supply (wattage and connectors); the cooler depends on the CPU alone. So the
 * solver enumerates the board and the card, and solves the rest as a multiple-choice knapsack over
 * the money left: each group's Pareto frontier (cost up, points strictly up), memory × drive and
 * cooler × supply combined into two frontiers, then for each pair of frontier entries the best
 * affordable partner found with two pointers. Boards that take the same memory and drives, and
 * cards with the same power and connectors, share their frontiers; within such a class a part that
 * costs more for no more points can never be in the best build, so it is dropped.
 *
 * Best means the highest score, then the lowest total, then the smallest ids slot by slot
 * (motherboard, cooler, memory, storage, gpu, psu): the same catalog and request always give the
 * same build. advisor.test.ts checks it against brute force over the rules themselves.
 */

/** A part as the advisor reads it: a build part with its stock. */
export interface StockedPart extends BuildPart {
  p_quantity: number;
}

export interface AdvisorRequest {
  /** Integer cents. */
  budget: number;
  use: AdviceUse;
  cpu: Cpu;
  /** Parts already chosen (checked by the caller): each slot takes only its part. */
  keep?: Partial<Record<AdviceSlot, StockedPart>>;
  storageMinGB?: number;
}

/** One part the advisor may choose, with what it costs at the cart's quantity and its points. */
export interface Option<S, P extends StockedPart | null = StockedPart> {
  id: string;
  part: P;
  specs: S;
  cost: number;
  value: number;
}

type GpuSpecs = SpecsByCategory['Video Card'];
type PsuSpecs = SpecsByCategory['Power Supplies'];

/** A card as the supply rules read it; no card (NO_GPU) has no part. */
type GpuOption = Option<Pick<GpuSpecs, 'boardPowerW' | 'pcie8Pin' | 'pcie12v2x6'>, StockedPart | null>;

/** No card: an office build whose CPU has graphics of its own. Its id sorts before any part's. */
export const NO_GPU: GpuOption = { id: '', part: null, specs: { boardPowerW: 0, pcie8Pin: 0, pcie12v2x6: 0 }, cost: 0, value: 0 };

/** The parts each slot may take, each fitting the CPU (and the request) on its own. */
export interface AdvisorCandidates {
  use: AdviceUse;
  cpu: Cpu;
  boards: Option<SpecsByCategory['Motherboard']>[];
  memory: Option<SpecsByCategory['Memory']>[];
  storage: Option<SpecsByCategory['Storage']>[];
  coolers: Option<SpecsByCategory['CPU Cooler']>[];
  /** NO_GPU among them when the build may go without a card. */
  gpus: GpuOption[];
  /** Their value depends on the card (headroom): computed per card class. */
  psus: Option<PsuSpecs>[];
}

export interface AdvisedBuild {
  parts: Partial<Record<AdviceSlot, StockedPart>>;
  /** Integer cents at the cart's quantities. */
  total: number;
  score: number;
}

/** How many the cart takes of a part (build-rules' buildCartLines): one, or its minimum order. */
const cartQuantity = (part: BuildPart) => Math.max(1, part.min_quantity);
const costOf = (part: BuildPart) => lineTotalCents(part.price, cartQuantity(part));
const inStock = (part: StockedPart) => part.p_quantity >= cartQuantity(part);
const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A part's specs, checked once per part object: the catalog the advisor reads is kept for many
 * requests (advisor-catalog.ts), so each request need not parse a thousand parts' specs again.
 */
const specsRead = new WeakMap<StockedPart, unknown>();
function specsFor<C extends keyof SpecsByCategory>(part: StockedPart, category: C): SpecsByCategory[C] | undefined {
  if (!specsRead.has(part)) specsRead.set(part, specsOf(part, part.category));
  return part.category === category ? (specsRead.get(part) as SpecsByCategory[C] | undefined) : undefined;
}

function options<C extends keyof SpecsByCategory>(
  catalog: readonly StockedPart[],
  category: C,
  kept: StockedPart | undefined,
  fits: (specs: SpecsByCategory[C]) => boolean,
  value: (specs: SpecsByCategory[C]) => number,
): Option<SpecsByCategory[C]>[] {
  const pool = kept ? [kept] : catalog.filter((part) => part.category === category && inStock(part));
  return pool
    .flatMap((part) => {
      const specs = specsFor(part, category);
      return specs && fits(specs) ? [{ id: part._id, part, specs, cost: costOf(part), value: value(specs) }] : [];
    })
    .sort(byId);
}

/** Each slot's candidates: in stock, with the specs the rules read, fitting the CPU and the request. */
export function advisorCandidates(catalog: readonly StockedPart[], request: AdvisorRequest): AdvisorCandidates {
  const { cpu, use, keep = {} } = request;
  const gpus: GpuOption[] = options(catalog, 'Video Card', keep.gpu, () => true, (specs) => adviceValues.gpu(use, specs));
  // An office PC goes without a card when the CPU can drive a display: a card earns it nothing.
  if (use === 'office' && cpu.integratedGraphics && !keep.gpu) gpus.unshift(NO_GPU);
  return {
    use,
    cpu,
    boards: options(catalog, 'Motherboard', keep.motherboard, (mb) => mb.socket === cpu.socket && cpu.memoryTypes.includes(mb.memoryType), () => 0),
    memory: options(catalog, 'Memory', keep.memory, (kit) => cpu.memoryTypes.includes(kit.memoryType), (kit) => adviceValues.memory(use, kit)),
    storage: options(catalog, 'Storage', keep.storage, (drive) => drive.capacityGB >= (request.storageMinGB ?? 0), (drive) => adviceValues.storage(use, drive)),
    coolers: options(
      catalog,
      'CPU Cooler',
      keep.cooler,
      // No cooler Note either: rated for the CPU's TDP (a cooler the customer keeps is theirs to judge).
      (cooler) => (cooler.sockets as string[]).includes(cpu.socket) && (keep.cooler !== undefined || cooler.ratedTdpW >= cpu.tdpW),
      (cooler) => adviceValues.cooler(use, cooler, cpu),
    ),
    gpus,
    psus: options(catalog, 'Power Supplies', keep.psu, () => true, () => 0),
  };
}

// The pairwise rules (build-rules.ts), for a build that always holds every slot but maybe the card.
export const memoryFits = (mb: SpecsByCategory['Motherboard'], kit: SpecsByCategory['Memory']) =>
  kit.memoryType === mb.memoryType && kit.modules <= mb.memorySlots && kit.modules * kit.moduleGB <= mb.maxMemoryGB;
export const driveFits = (mb: SpecsByCategory['Motherboard'], drive: SpecsByCategory['Storage']) =>
  drive.interface === 'NVMe M.2' ? mb.m2Slots >= 1 : mb.sataPorts >= 1;
export const supplyFits = (cpu: Cpu, gpu: GpuOption['specs'], psu: PsuSpecs) =>
  adviceRecommendedW(cpu, gpu.boardPowerW) <= psu.wattage && gpu.pcie8Pin <= psu.pcie8Pin && gpu.pcie12v2x6 <= psu.pcie12v2x6;

type AnyOption = Option<unknown, StockedPart | null>;

/** A frontier entry: one part, or a pair of entries (built without copying: most are dropped), with their cost and points. */
interface Entry {
  cost: number;
  value: number;
  option?: AnyOption;
  first?: Entry;
  second?: Entry;
}

/** The entry's options, in slot order within it. */
const picksOf = (entry: Entry): AnyOption[] => (entry.option ? [entry.option] : [...picksOf(entry.first!), ...picksOf(entry.second!)]);
/** Its ids, in slot order (the tie-break): only asked when costs and points are equal. */
const idsOf = (entry: Entry): string[] => picksOf(entry).map((option) => option.id);

const compareIds = (a: readonly string[], b: readonly string[]) => {
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return 0;
};

/** Cost up, points strictly up: what is left cannot be beaten at its price; equal entries keep the smallest ids. */
function frontier(entries: Entry[]): Entry[] {
  entries.sort((a, b) => a.cost - b.cost || b.value - a.value || compareIds(idsOf(a), idsOf(b)));
  const kept: Entry[] = [];
  for (const entry of entries) {
    if (kept.length === 0 || entry.value > kept[kept.length - 1]!.value) kept.push(entry);
  }
  return kept;
}

function pairs(first: Entry[], second: Entry[], fits: (a: Entry, b: Entry) => boolean): Entry[] {
  const out: Entry[] = [];
  for (const a of first) {
    for (const b of second) {
      if (fits(a, b)) out.push({ cost: a.cost + b.cost, value: a.value + b.value, first: a, second: b });
    }
  }
  return frontier(out);
}

const single = <S>(option: Option<S, StockedPart | null>, value = option.value): Entry => ({ cost: option.cost, value, option });

const groupBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
};

export interface SolveOptions {
  /** Every part worth nothing: the best build is then the cheapest (the over-budget sentence's figure). */
  ignoreValues?: boolean;
}

/** The best build within the budget, or null when none fits it. */
export function solveAdvice(candidates: AdvisorCandidates, budget: number, { ignoreValues = false }: SolveOptions = {}): AdvisedBuild | null {
  const { cpu, use } = candidates;
  const worth = (value: number) => (ignoreValues ? 0 : value);

  // Boards that take the same memory and drives: only the cheapest can be best (a board earns no points).
  const boardClasses = groupBy(candidates.boards, ({ specs: mb }) => `${mb.memoryType}|${mb.memorySlots}|${mb.maxMemoryGB}|${mb.m2Slots > 0}|${mb.sataPorts > 0}`);
  const boards = [...boardClasses.values()].map((group) => {
    const board = [...group].sort((a, b) => a.cost - b.cost || byId(a, b))[0]!;
    const memory = frontier(candidates.memory.filter((kit) => memoryFits(board.specs, kit.specs)).map((kit) => single(kit, worth(kit.value))));
    const drives = frontier(candidates.storage.filter((drive) => driveFits(board.specs, drive.specs)).map((drive) => single(drive, worth(drive.value))));
    return { board, rest: pairs(memory, drives, () => true) };
  });

  // Cards with the same power and connectors take the same supplies at the same points.
  const coolers = frontier(candidates.coolers.map((cooler) => single(cooler, worth(cooler.value))));
  const cardClasses = groupBy(candidates.gpus, ({ specs }) => `${specs.boardPowerW}|${specs.pcie8Pin}|${specs.pcie12v2x6}`);
  const cards = [...cardClasses.values()].map((group) => {
    const gpu = group[0]!.specs;
    const recommendedW = adviceRecommendedW(cpu, gpu.boardPowerW);
    const supplies = frontier(
      candidates.psus.filter((psu) => supplyFits(cpu, gpu, psu.specs)).map((psu) => single(psu, worth(adviceValues.psu(use, psu.specs, recommendedW)))),
    );
    return { gpus: frontier(group.map((card) => single(card, worth(card.value)))), rest: pairs(coolers, supplies, () => true) };
  });

  let best: { value: number; cost: number; ids: string[]; picks: AnyOption[] } | undefined;
  for (const { board, rest: boardRest } of boards) {
    for (const { gpus, rest: cardRest } of cards) {
      for (const gpu of gpus) {
        const left = budget - board.cost - gpu.cost;
        if (left < 0 || boardRest.length === 0 || cardRest.length === 0) continue;
        // For each memory × drive entry (cheapest first), the best cooler × supply the money left buys.
        let j = cardRest.length - 1;
        for (const a of boardRest) {
          if (a.cost > left) break;
          while (j >= 0 && cardRest[j]!.cost > left - a.cost) j -= 1;
          if (j < 0) break;
          const b = cardRest[j]!;
          const value = worth(board.value) + gpu.value + a.value + b.value;
          const cost = board.cost + gpu.cost + a.cost + b.cost;
          if (best && (value < best.value || (value === best.value && cost > best.cost))) continue;
          // Slot order: motherboard, cooler, memory, storage, gpu, psu.
          const [memory, drive] = picksOf(a);
          const [cooler, supply] = picksOf(b);
          const picks = [board, cooler!, memory!, drive!, gpu.option!, supply!];
          const ids = picks.map((option) => option.id);
          if (best && value === best.value && cost === best.cost && compareIds(ids, best.ids) >= 0) continue;
          best = { value, cost, ids, picks };
        }
      }
    }
  }
  if (!best) return null;
  const [board, cooler, memory, storage, gpu, psu] = best.picks.map((pick) => pick.part);
  const parts: AdvisedBuild['parts'] = { motherboard: board!, cooler: cooler!, memory: memory!, storage: storage!, psu: psu! };
  if (gpu) parts.gpu = gpu;
  return { parts, total: best.cost, score: best.value };
}

/** A build's score as the advisor counts it (the reasons and alternatives compare builds by it). */
export function scoreOf(build: AdvisedBuild['parts'], use: AdviceUse, cpu: Cpu): number {
  const gpu = specsOf(build.gpu, 'Video Card');
  const psu = specsOf(build.psu, 'Power Supplies');
  const memory = specsOf(build.memory, 'Memory');
  const storage = specsOf(build.storage, 'Storage');
  const cooler = specsOf(build.cooler, 'CPU Cooler');
  return (
    (gpu ? adviceValues.gpu(use, gpu) : 0) +
    (memory ? adviceValues.memory(use, memory) : 0) +
    (storage ? adviceValues.storage(use, storage) : 0) +
    (cooler ? adviceValues.cooler(use, cooler, cpu) : 0) +
    (psu ? adviceValues.psu(use, psu, adviceRecommendedW(cpu, gpu?.boardPowerW ?? 0)) : 0)
  );
}
