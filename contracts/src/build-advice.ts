import { PART_ALLOWANCE_W, PSU_HEADROOM } from './build-rules';
import type { BuildSlot } from './build-slots';
import type { Cpu } from './cpus';
import { gpuPerformance } from './gpu-performance';
import { formatCents } from './money';
import { type EfficiencyRating, formatCapacity, type SpecsByCategory } from './part-specs';

/*
 * The build advisor (POST /builds/advise): the best compatible build for a budget, a use and a CPU.
 * Its score, stated here and in docs/architecture/pc-builder.md, is a weighted sum of each part's
 * value, in whole points per part (so sums are exact and ties are ties):
 *
 *   video card   gpuPerformance × its % of the fastest card (gpu-performance.ts)
 *   memory       memoryCapacity × capacity points + memorySpeed × speed points
 *   storage      storageCapacity × capacity points + storageInterface × interface points
 *   power supply psuEfficiency × efficiency points + psuHeadroom × headroom points
 *   CPU cooler   coolerHeadroom × headroom points
 *   motherboard  no points: it must fit, and the cheapest that fits leaves the most for the rest
 *
 * Every "points" figure runs from 0 to 100 (capacity a little past 100 beyond the sweet spot). The
 * advisor maximizes the sum under the budget and every Problem rule of build-rules.ts; it also
 * keeps the cooler rated for the CPU's TDP (no cooler Note).
 */

export const ADVICE_USES = ['gaming', 'creator', 'office'] as const;
export type AdviceUse = (typeof ADVICE_USES)[number];

export const adviceUseLabels: Readonly<Record<AdviceUse, string>> = {
  gaming: 'Gaming',
  creator: 'Creating (video, 3D, photos)',
  office: 'Office and study',
};

/** The slots the advisor fills (one drive), in the builder's order. */
export const ADVICE_SLOTS = ['motherboard', 'cooler', 'memory', 'storage', 'gpu', 'psu'] as const satisfies readonly BuildSlot[];
export type AdviceSlot = (typeof ADVICE_SLOTS)[number];

export const ADVICE_BUDGET_MIN_CENTS = 30_000;
export const ADVICE_BUDGET_MAX_CENTS = 1_000_000;

export const ADVICE_COMPONENTS = [
  'gpuPerformance',
  'memoryCapacity',
  'memorySpeed',
  'storageCapacity',
  'storageInterface',
  'psuEfficiency',
  'psuHeadroom',
  'coolerHeadroom',
] as const;
export type AdviceComponent = (typeof ADVICE_COMPONENTS)[number];

/**
 * Points per point of each component, by use. Games are bound by the card; a creator's renders and
 * timelines want memory and room for footage as well; an office PC wants no card (gpuPerformance 0:
 * a card only when the CPU has no graphics of its own, then the cheapest that fits), a quiet
 * efficient supply and a roomy drive.
 */
export const ADVICE_WEIGHTS: Readonly<Record<AdviceUse, Readonly<Record<AdviceComponent, number>>>> = {
  gaming: { gpuPerformance: 20, memoryCapacity: 3, memorySpeed: 2, storageCapacity: 2, storageInterface: 1, psuEfficiency: 1, psuHeadroom: 1, coolerHeadroom: 1 },
  creator: { gpuPerformance: 10, memoryCapacity: 6, memorySpeed: 2, storageCapacity: 4, storageInterface: 2, psuEfficiency: 1, psuHeadroom: 1, coolerHeadroom: 2 },
  office: { gpuPerformance: 0, memoryCapacity: 3, memorySpeed: 1, storageCapacity: 2, storageInterface: 2, psuEfficiency: 2, psuHeadroom: 1, coolerHeadroom: 1 },
};

/** Capacity earns full points at the sweet spot, and 10 more per doubling beyond it. */
export const ADVICE_SWEET_SPOTS: Readonly<Record<AdviceUse, { memoryGB: number; storageGB: number }>> = {
  gaming: { memoryGB: 32, storageGB: 2000 },
  creator: { memoryGB: 64, storageGB: 4000 },
  office: { memoryGB: 16, storageGB: 1000 },
};

/** Memory speed earns full points at this many MT/s. */
export const MEMORY_SPEED_FULL_MTS = 8000;
export const STORAGE_INTERFACE_POINTS: Readonly<Record<SpecsByCategory['Storage']['interface'], number>> = { 'NVMe M.2': 100, 'SATA 2.5"': 40 };
export const PSU_EFFICIENCY_POINTS: Readonly<Record<EfficiencyRating, number>> = {
  '80+': 0,
  '80+ Bronze': 20,
  '80+ Silver': 40,
  '80+ Gold': 60,
  '80+ Platinum': 80,
  '80+ Titanium': 100,
};
/** A supply earns full headroom points with 30 % of its wattage spare beyond the recommended wattage. */
export const PSU_HEADROOM_FULL = 0.3;
/** A cooler earns full headroom points when rated for twice the CPU's TDP. */
export const COOLER_HEADROOM_FULL = 1;

const capacityPoints = (gb: number, sweetSpot: number) => 100 * Math.min(1, gb / sweetSpot) + 10 * Math.max(0, Math.log2(gb / sweetSpot));
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Each component's points (0–100, capacity a little more) for a part. */
export const adviceComponentPoints = {
  gpuPerformance: (gpu: SpecsByCategory['Video Card']) => gpuPerformance(gpu).relative,
  memoryCapacity: (kit: SpecsByCategory['Memory'], use: AdviceUse) => capacityPoints(kit.modules * kit.moduleGB, ADVICE_SWEET_SPOTS[use].memoryGB),
  memorySpeed: (kit: SpecsByCategory['Memory']) => (100 * Math.min(kit.speedMTs, MEMORY_SPEED_FULL_MTS)) / MEMORY_SPEED_FULL_MTS,
  storageCapacity: (drive: SpecsByCategory['Storage'], use: AdviceUse) => capacityPoints(drive.capacityGB, ADVICE_SWEET_SPOTS[use].storageGB),
  storageInterface: (drive: SpecsByCategory['Storage']) => STORAGE_INTERFACE_POINTS[drive.interface],
  psuEfficiency: (psu: SpecsByCategory['Power Supplies']) => PSU_EFFICIENCY_POINTS[psu.efficiency],
  psuHeadroom: (psu: SpecsByCategory['Power Supplies'], recommendedW: number) => (100 * clamp01((psu.wattage - recommendedW) / psu.wattage / PSU_HEADROOM_FULL)),
  coolerHeadroom: (cooler: SpecsByCategory['CPU Cooler'], cpu: Cpu) => 100 * clamp01((cooler.ratedTdpW - cpu.tdpW) / cpu.tdpW / COOLER_HEADROOM_FULL),
};

/** A part's value in whole points for a use (the score is their sum). */
export const adviceValues = {
  gpu: (use: AdviceUse, gpu: SpecsByCategory['Video Card']) => Math.round(ADVICE_WEIGHTS[use].gpuPerformance * adviceComponentPoints.gpuPerformance(gpu)),
  memory: (use: AdviceUse, kit: SpecsByCategory['Memory']) =>
    Math.round(ADVICE_WEIGHTS[use].memoryCapacity * adviceComponentPoints.memoryCapacity(kit, use) + ADVICE_WEIGHTS[use].memorySpeed * adviceComponentPoints.memorySpeed(kit)),
  storage: (use: AdviceUse, drive: SpecsByCategory['Storage']) =>
    Math.round(
      ADVICE_WEIGHTS[use].storageCapacity * adviceComponentPoints.storageCapacity(drive, use) +
        ADVICE_WEIGHTS[use].storageInterface * adviceComponentPoints.storageInterface(drive),
    ),
  psu: (use: AdviceUse, psu: SpecsByCategory['Power Supplies'], recommendedW: number) =>
    Math.round(ADVICE_WEIGHTS[use].psuEfficiency * adviceComponentPoints.psuEfficiency(psu) + ADVICE_WEIGHTS[use].psuHeadroom * adviceComponentPoints.psuHeadroom(psu, recommendedW)),
  cooler: (use: AdviceUse, cooler: SpecsByCategory['CPU Cooler'], cpu: Cpu) => Math.round(ADVICE_WEIGHTS[use].coolerHeadroom * adviceComponentPoints.coolerHeadroom(cooler, cpu)),
};

/** The advisor's builds always hold a board, memory, a drive and a cooler: their allowances, in watts. */
export const ADVICE_ALLOWANCE_W = PART_ALLOWANCE_W.Motherboard! + PART_ALLOWANCE_W.Memory! + PART_ALLOWANCE_W.Storage! + PART_ALLOWANCE_W['CPU Cooler']!;

/** What an advised build with this CPU and card should have from its supply (build-rules' formula). */
export function adviceRecommendedW(cpu: Cpu, gpuBoardPowerW: number): number {
  return Math.ceil((cpu.tdpW + gpuBoardPowerW + ADVICE_ALLOWANCE_W) * PSU_HEADROOM);
}


/** The whole of Manage Products' sentence. */
export const advisorGapSentence = (gap: string) => `Not used by the build advisor: ${gap}`;

/** $1,500 for a whole number of dollars, else $1,499.99. */
export function formatBudget(cents: number): string {
  return cents % 100 === 0 ? formatCents(cents).replace(/\.00$/, '') : formatCents(cents);
}

export const adviceTexts = {
  budgetRange: `budget must be a whole number of cents from ${ADVICE_BUDGET_MIN_CENTS} to ${ADVICE_BUDGET_MAX_CENTS} ($300 to $10,000)`,
  use: `use must be one of: ${ADVICE_USES.join(', ')}`,
  cpu: 'cpu must be the id of a CPU from the reference list',
  minGB: 'storage.minGB must be a whole number of GB from 1 to 100000',
  noBoard: (cpu: Cpu) => `No ${cpu.socket} board is in stock, so nothing fits the ${cpu.name}.`,
  noMemory: (cpu: Cpu) => `No ${cpu.memoryTypes.join(' or ')} memory that fits an in-stock ${cpu.socket} board is in stock.`,
  noDrive: (minGB: number | undefined) =>
    minGB ? `No drive of at least ${formatCapacity(minGB)} that fits an in-stock board is in stock.` : 'No drive that fits an in-stock board is in stock.',
  noCooler: (cpu: Cpu) => `No ${cpu.socket} cooler rated for the ${cpu.name}'s ${cpu.tdpW} W is in stock.`,
  noCard: 'No video card is in stock.',
  noSupply: 'No power supply in stock can feed any in-stock video card in this build.',
  noCombination: (cpu: Cpu) => `No combination of in-stock parts fits together with the ${cpu.name}.`,
  keptNoCombination: (cpu: Cpu) => `No in-stock parts fit together with the parts you keep and the ${cpu.name}.`,
  overBudget: (cheapest: number, budget: number) =>
    `The cheapest compatible build costs ${formatCents(cheapest)}, more than your ${formatBudget(budget)} budget.`,
  keptOutOfStock: (name: string) => `The ${name} you keep is out of stock.`,
  keptUnusable: (name: string, gap: string) => `The ${name} you keep cannot be used by the build advisor: ${gap}.`,
  keptTooSmall: (name: string, capacityGB: number, minGB: number) =>
    `The ${name} you keep holds ${formatCapacity(capacityGB)}, less than the ${formatCapacity(minGB)} you asked for.`,
} as const;
