/*
 * How fast each graphics chip is, for the build advisor's score (build-advice.ts).
 *
 * Source: Tom's Hardware, "GPU Benchmarks Hierarchy", the rasterization table of its 2022–2024 test
 * suite (Core i9-12900K testbed), column "1440p Ultra", each card as a percentage of the fastest,
 * the GeForce RTX 4090: https://www.tomshardware.com/reviews/gpu-hierarchy,4388-2.html
 * The figures are rounded to whole percent. They were entered without network access, from the
 * published table: check them against the page when updating the table.
 *
 * `boardPowerW` is the maker's reference total board power of the chip (Nvidia's TGP, AMD's TBP,
 * Intel's TBP): only the fallback below reads it.
 *
 * A chip the table does not have (a newer generation, an unusual name) is not left out: its
 * performance is estimated from the card's own board power at the table's median performance per
 * watt, capped at 100 (`gpuPerformance` says `estimated: true`, and so do the advisor's reasons).
 */

export interface GpuPerformanceRow {
  chip: string;
  /** 1440p Ultra rasterization, % of the GeForce RTX 4090. */
  relative: number;
  boardPowerW: number;
}

export const GPU_PERFORMANCE_SOURCE = {
  publisher: "Tom's Hardware",
  title: 'GPU Benchmarks Hierarchy (2022–2024 test suite), rasterization, 1440p Ultra',
  url: 'https://www.tomshardware.com/reviews/gpu-hierarchy,4388-2.html',
  reference: 'GeForce RTX 4090',
} as const;

export const GPU_PERFORMANCE: readonly GpuPerformanceRow[] = [
  { chip: 'GeForce RTX 4090', relative: 100, boardPowerW: 450 },
  { chip: 'GeForce RTX 4080 SUPER', relative: 83, boardPowerW: 320 },
  { chip: 'GeForce RTX 4080', relative: 82, boardPowerW: 320 },
  { chip: 'Radeon RX 7900 XTX', relative: 81, boardPowerW: 355 },
  { chip: 'GeForce RTX 4070 Ti SUPER', relative: 72, boardPowerW: 285 },
  { chip: 'Radeon RX 7900 XT', relative: 71, boardPowerW: 315 },
  { chip: 'GeForce RTX 4070 Ti', relative: 66, boardPowerW: 285 },
  { chip: 'Radeon RX 7900 GRE', relative: 62, boardPowerW: 260 },
  { chip: 'GeForce RTX 4070 SUPER', relative: 62, boardPowerW: 220 },
  { chip: 'Radeon RX 7800 XT', relative: 57, boardPowerW: 263 },
  { chip: 'GeForce RTX 4070', relative: 53, boardPowerW: 200 },
  { chip: 'Radeon RX 7700 XT', relative: 49, boardPowerW: 245 },
  { chip: 'GeForce RTX 4060 Ti', relative: 40, boardPowerW: 160 },
  { chip: 'Radeon RX 7600 XT', relative: 33, boardPowerW: 190 },
  { chip: 'GeForce RTX 4060', relative: 32, boardPowerW: 115 },
  { chip: 'Radeon RX 7600', relative: 31, boardPowerW: 165 },
  { chip: 'Arc A770', relative: 30, boardPowerW: 225 },
  { chip: 'Arc A750', relative: 28, boardPowerW: 225 },
];

/** 'GeForce RTX 4080 SUPER', 'NVIDIA RTX 4080 Super' and 'rtx4080super' are one chip; so are the 8 and 16 GB 4060 Ti. */
export function chipKey(chip: string): string {
  return chip
    .toLowerCase()
    .replace(/\b(nvidia|geforce|amd|radeon|intel)\b/g, '')
    .replace(/\b\d+\s*gb\b/g, '')
    .replace(/[^a-z0-9]/g, '');
}

const byKey = new Map(GPU_PERFORMANCE.map((row) => [chipKey(row.chip), row]));

/** The table's median performance per watt of board power: the fallback's rate. */
export const GPU_FALLBACK_PER_WATT = (() => {
  const rates = GPU_PERFORMANCE.map((row) => row.relative / row.boardPowerW).sort((a, b) => a - b);
  const middle = Math.floor(rates.length / 2);
  return rates.length % 2 ? rates[middle]! : (rates[middle - 1]! + rates[middle]!) / 2;
})();

export interface GpuPerformance {
  /** % of the reference card (0–100). */
  relative: number;
  /** The chip is not in the table: estimated from the card's board power. */
  estimated: boolean;
}

/** A card's performance: the table's figure for its chip, else the stated fallback. */
export function gpuPerformance(specs: { chip: string; boardPowerW: number }): GpuPerformance {
  const row = byKey.get(chipKey(specs.chip));
  if (row) return { relative: row.relative, estimated: false };
  return { relative: Math.min(100, Math.round(specs.boardPowerW * GPU_FALLBACK_PER_WATT)), estimated: true };
}
