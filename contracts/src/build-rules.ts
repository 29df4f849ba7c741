import type { Cpu } from './cpus';
import type { Category } from './entities';
import { lineTotalCents } from './money';
import { type PartSpecs, SPECS_UNKNOWN, specsOf } from './part-specs';
import { BUILD_SLOTS, type BuildPlace, type BuildSlot, STORAGE_SLOTS, slotCategory } from './build-slots';

/*
 * The builder's compatibility rules: pure functions, used by the builder in the browser and by the
 * api (POST /builds/check, saved builds) alike, so both say the same. Each result has a stable id,
 * a level (a Problem means it will not work; a Note is worth knowing) and a sentence that names
 * both parts and the numbers. A build with Problems can still be saved: the page says what is
 * wrong and never blocks.
 */

/** What the rules read of a chosen part. */
export interface BuildPart {
  _id: string;
  name: string;
  category: Category;
  /** Unit price in integer cents. */
  price: number;
  min_quantity: number;
  specs?: PartSpecs;
}

export interface BuildSelection {
  cpu?: Cpu | null;
  parts: Partial<Record<BuildSlot, BuildPart | null>>;
}

export const RULE_IDS = [
  'cpu-motherboard-socket',
  'cooler-socket',
  'cooler-tdp',
  'memory-type-motherboard',
  'memory-type-cpu',
  'memory-modules',
  'memory-capacity',
  'storage-m2-slots',
  'storage-sata-ports',
  'psu-wattage',
  'gpu-psu-connectors',
  'specs-unknown',
] as const;
export type RuleId = (typeof RULE_IDS)[number];
export type RuleLevel = 'problem' | 'note';

export interface RuleResult {
  rule: RuleId;
  level: RuleLevel;
  message: string;
  /** The places the sentence names, for the builder to mark. */
  places: BuildPlace[];
}

export const BUILD_STATES = ['compatible', 'notes', 'problems'] as const;
export type BuildState = (typeof BUILD_STATES)[number];

/**
 * The estimated draw (documented here and on the builder page):
 *   CPU TDP + video card board power + a fixed allowance for every other part
 *   (motherboard 50 W, memory kit 10 W, each drive 10 W, CPU cooler 10 W).
 * The power supply should give that × 1.25 (25 % headroom for load spikes and ageing): less is a
 * Problem; a supply left with under 10 % of its wattage spare beyond that gets a Note.
 */
export const PART_ALLOWANCE_W: Readonly<Partial<Record<Category, number>>> = {
  Motherboard: 50,
  Memory: 10,
  Storage: 10,
  'CPU Cooler': 10,
};
export const PSU_HEADROOM = 1.25;
export const PSU_SPARE_NOTE_RATIO = 0.1;

export interface Wattage {
  /** CPU TDP + video card board power + the allowances, in watts. */
  estimatedW: number;
  /** estimatedW × 1.25, rounded up: what the power supply should give. */
  recommendedW: number;
}

export interface BuildCheck extends Wattage {
  state: BuildState;
  /** Problems first, then notes; each group in rule order. */
  results: RuleResult[];
  /** What the parts cost at the quantity the cart would take (1, or a part's minimum order), in cents. */
  totalCents: number;
}

const chosen = (selection: BuildSelection): [BuildSlot, BuildPart][] =>
  BUILD_SLOTS.flatMap((slot) => {
    const part = selection.parts[slot];
    return part ? [[slot, part] as [BuildSlot, BuildPart]] : [];
  });

const s = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const NUMBER_WORDS = ['none', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** 'one 12V-2x6 connector', 'three PCIe 8-pin connectors': a digit before '12V' would read badly. */
const counted = (count: number, word: string) => `${NUMBER_WORDS[count] ?? count} ${word}${count === 1 ? '' : 's'}`;
const listNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

export function estimateWattage(selection: BuildSelection): Wattage {
  let estimatedW = selection.cpu?.tdpW ?? 0;
  for (const [, part] of chosen(selection)) {
    if (part.category === 'Video Card') estimatedW += specsOf(part, 'Video Card')?.boardPowerW ?? 0;
    else estimatedW += PART_ALLOWANCE_W[part.category] ?? 0;
  }
  return { estimatedW, recommendedW: Math.ceil(estimatedW * PSU_HEADROOM) };
}

/** One cart line per part: quantity 1, or the part's minimum order; a part in two slots counts twice. */
export function buildCartLines(selection: BuildSelection): { productId: string; quantity: number }[] {
  const lines = new Map<string, { part: BuildPart; count: number }>();
  for (const [, part] of chosen(selection)) {
    const line = lines.get(part._id);
    lines.set(part._id, { part, count: (line?.count ?? 0) + 1 });
  }
  return [...lines.values()].map(({ part, count }) => ({ productId: part._id, quantity: Math.max(count, part.min_quantity, 1) }));
}

export function buildTotalCents(selection: BuildSelection): number {
  const prices = new Map(chosen(selection).map(([, part]) => [part._id, part.price]));
  return buildCartLines(selection).reduce((sum, line) => sum + lineTotalCents(prices.get(line.productId)!, line.quantity), 0);
}

type Rule = (selection: BuildSelection) => RuleResult[];
const problem = (rule: RuleId, message: string, places: BuildPlace[]): RuleResult => ({ rule, level: 'problem', message, places });
const note = (rule: RuleId, message: string, places: BuildPlace[]): RuleResult => ({ rule, level: 'note', message, places });

const board = (selection: BuildSelection) => specsOf(selection.parts.motherboard, 'Motherboard');
const memoryKit = (selection: BuildSelection) => specsOf(selection.parts.memory, 'Memory');

/** The rules, in the order their results are listed. Each returns nothing when it has nothing to say. */
export const buildRules: Readonly<Record<RuleId, Rule>> = {
  'cpu-motherboard-socket': (selection) => {
    const { cpu } = selection;
    const mb = board(selection);
    if (!cpu || !mb || cpu.socket === mb.socket) return [];
    return [
      problem(
        'cpu-motherboard-socket',
        `The ${cpu.name} (${cpu.socket}) does not fit the ${selection.parts.motherboard!.name}'s ${mb.socket} socket.`,
        ['cpu', 'motherboard'],
      ),
    ];
  },
  'cooler-socket': (selection) => {
    const cooler = specsOf(selection.parts.cooler, 'CPU Cooler');
    if (!cooler) return [];
    const mb = board(selection);
    // Against the board when there is one (it holds the mount), else against the CPU.
    const target: { name: string; socket: string; place: BuildPlace } | undefined = mb
      ? { name: `${selection.parts.motherboard!.name}'s`, socket: mb.socket, place: 'motherboard' }
      : selection.cpu
        ? { name: `${selection.cpu.name}'s`, socket: selection.cpu.socket, place: 'cpu' }
        : undefined;
    if (!target || (cooler.sockets as string[]).includes(target.socket)) return [];
    return [
      problem(
        'cooler-socket',
        `The ${selection.parts.cooler!.name} fits ${cooler.sockets.join(', ')} only, not the ${target.name} ${target.socket} socket.`,
        ['cooler', target.place],
      ),
    ];
  },
  'cooler-tdp': (selection) => {
    const cooler = specsOf(selection.parts.cooler, 'CPU Cooler');
    const { cpu } = selection;
    if (!cooler || !cpu || cooler.ratedTdpW >= cpu.tdpW) return [];
    return [
      note(
        'cooler-tdp',
        `The ${selection.parts.cooler!.name} is rated for ${cooler.ratedTdpW} W, less than the ${cpu.name}'s ${cpu.tdpW} W TDP: expect it to run hot and loud under load.`,
        ['cooler', 'cpu'],
      ),
    ];
  },
  'memory-type-motherboard': (selection) => {
    const kit = memoryKit(selection);
    const mb = board(selection);
    if (!kit || !mb || kit.memoryType === mb.memoryType) return [];
    return [
      problem(
        'memory-type-motherboard',
        `The ${selection.parts.memory!.name} is ${kit.memoryType} memory; the ${selection.parts.motherboard!.name} takes ${mb.memoryType}.`,
        ['memory', 'motherboard'],
      ),
    ];
  },
  'memory-type-cpu': (selection) => {
    const kit = memoryKit(selection);
    const { cpu } = selection;
    if (!kit || !cpu || cpu.memoryTypes.includes(kit.memoryType)) return [];
    return [
      problem(
        'memory-type-cpu',
        `The ${selection.parts.memory!.name} is ${kit.memoryType} memory; the ${cpu.name} supports ${cpu.memoryTypes.join(' and ')} only.`,
        ['memory', 'cpu'],
      ),
    ];
  },
  'memory-modules': (selection) => {
    const kit = memoryKit(selection);
    const mb = board(selection);
    if (!kit || !mb || kit.modules <= mb.memorySlots) return [];
    return [
      problem(
        'memory-modules',
        `The ${selection.parts.memory!.name} has ${s(kit.modules, 'module')}; the ${selection.parts.motherboard!.name} has ${s(mb.memorySlots, 'memory slot')}.`,
        ['memory', 'motherboard'],
      ),
    ];
  },
  'memory-capacity': (selection) => {
    const kit = memoryKit(selection);
    const mb = board(selection);
    if (!kit || !mb) return [];
    const total = kit.modules * kit.moduleGB;
    if (total <= mb.maxMemoryGB) return [];
    return [
      problem(
        'memory-capacity',
        `The ${selection.parts.memory!.name} totals ${total} GB; the ${selection.parts.motherboard!.name} takes at most ${mb.maxMemoryGB} GB.`,
        ['memory', 'motherboard'],
      ),
    ];
  },
  'storage-m2-slots': (selection) => driveRule(selection, 'NVMe M.2'),
  'storage-sata-ports': (selection) => driveRule(selection, 'SATA 2.5"'),
  'psu-wattage': (selection) => {
    const psu = specsOf(selection.parts.psu, 'Power Supplies');
    const { estimatedW, recommendedW } = estimateWattage(selection);
    if (!psu || estimatedW === 0) return [];
    const psuName = selection.parts.psu!.name;
    const gpu = selection.parts.gpu;
    const gpuW = specsOf(gpu, 'Video Card')?.boardPowerW;
    const big = [
      ...(gpu && gpuW ? [`the ${gpu.name} (${gpuW} W)`] : []),
      ...(selection.cpu ? [`the ${selection.cpu.name} (${selection.cpu.tdpW} W)`] : []),
    ];
    const draw = big.length > 0 ? `${listNames([...big, 'the other parts'])} draw` : 'The parts draw';
    const sentence = `${draw.charAt(0).toUpperCase()}${draw.slice(1)} an estimated ${estimatedW} W; with 25 % headroom that needs ${recommendedW} W`;
    const places: BuildPlace[] = ['psu', ...(gpu && gpuW ? (['gpu'] as const) : []), ...(selection.cpu ? (['cpu'] as const) : [])];
    if (recommendedW > psu.wattage) return [problem('psu-wattage', `${sentence}, more than the ${psuName}'s ${psu.wattage} W.`, places)];
    const spare = psu.wattage - recommendedW;
    if (spare < psu.wattage * PSU_SPARE_NOTE_RATIO) {
      const percent = Math.floor((spare / psu.wattage) * 100);
      return [note('psu-wattage', `${sentence}, leaving the ${psuName}'s ${psu.wattage} W only ${spare} W (${percent} %) spare.`, places)];
    }
    return [];
  },
  'gpu-psu-connectors': (selection) => {
    const gpu = specsOf(selection.parts.gpu, 'Video Card');
    const psu = specsOf(selection.parts.psu, 'Power Supplies');
    if (!gpu || !psu) return [];
    const short = [
      ...(gpu.pcie12v2x6 > psu.pcie12v2x6 ? [`${counted(gpu.pcie12v2x6, '12V-2x6 connector')} and the ${selection.parts.psu!.name} has ${NUMBER_WORDS[psu.pcie12v2x6] ?? psu.pcie12v2x6}`] : []),
      ...(gpu.pcie8Pin > psu.pcie8Pin ? [`${counted(gpu.pcie8Pin, 'PCIe 8-pin connector')} and the ${selection.parts.psu!.name} has ${NUMBER_WORDS[psu.pcie8Pin] ?? psu.pcie8Pin}`] : []),
    ];
    if (short.length === 0) return [];
    return [problem('gpu-psu-connectors', `The ${selection.parts.gpu!.name} needs ${short.join('; it also needs ')}.`, ['gpu', 'psu'])];
  },
  'specs-unknown': (selection) =>
    chosen(selection)
      .filter(([slot, part]) => !specsOf(part, slotCategory[slot]))
      .map(([slot, part]) => note('specs-unknown', `The ${part.name} has no specs on file: ${SPECS_UNKNOWN}.`, [slot])),
};

function driveRule(selection: BuildSelection, kind: 'NVMe M.2' | 'SATA 2.5"'): RuleResult[] {
  const mb = board(selection);
  if (!mb) return [];
  const drives = STORAGE_SLOTS.flatMap((slot) => {
    const part = selection.parts[slot];
    return specsOf(part, 'Storage')?.interface === kind ? [[slot, part!] as const] : [];
  });
  const have = kind === 'NVMe M.2' ? mb.m2Slots : mb.sataPorts;
  if (drives.length <= have) return [];
  const names = listNames(drives.map(([, part]) => `the ${part.name}`));
  const mbName = selection.parts.motherboard!.name;
  const need = drives.length === 1 ? 'needs' : 'need';
  const message =
    kind === 'NVMe M.2'
      ? `${s(drives.length, 'NVMe drive')} (${names}) ${need} ${s(drives.length, 'M.2 slot')}; the ${mbName} has ${have}.`
      : `${s(drives.length, 'SATA drive')} (${names}) ${need} ${s(drives.length, 'SATA port')}; the ${mbName} has ${have}.`;
  return [problem(kind === 'NVMe M.2' ? 'storage-m2-slots' : 'storage-sata-ports', message, [...drives.map(([slot]) => slot), 'motherboard'])];
}

/** Every rule's results, problems first, then the state, the wattage and the total. */
export function checkBuild(selection: BuildSelection): BuildCheck {
  const all = RULE_IDS.flatMap((id) => buildRules[id](selection));
  const results = [...all.filter((r) => r.level === 'problem'), ...all.filter((r) => r.level === 'note')];
  const state: BuildState = results.some((r) => r.level === 'problem') ? 'problems' : results.length > 0 ? 'notes' : 'compatible';
  return { state, results, ...estimateWattage(selection), totalCents: buildTotalCents(selection) };
}

/**
 * Would this part keep the build free of new Problems in this slot? The builder's 'compatible'
 * filter. A part without specs cannot be checked: it stays in the list, marked.
 */
export function fitsBuild(selection: BuildSelection, slot: BuildSlot, part: BuildPart): boolean {
  const withPart: BuildSelection = { ...selection, parts: { ...selection.parts, [slot]: part } };
  return checkBuild(withPart).results.every((result) => result.level !== 'problem' || !result.places.includes(slot));
}

export const buildStateLabels: Readonly<Record<BuildState, string>> = {
  compatible: 'Compatible',
  notes: 'Compatible, with notes',
  problems: 'Problems found',
};

/** The same for 'Your CPU': would this CPU add a Problem that names it? */
export function cpuFitsBuild(selection: BuildSelection, cpu: Cpu): boolean {
  return checkBuild({ ...selection, cpu }).results.every((result) => result.level !== 'problem' || !result.places.includes('cpu'));
}
