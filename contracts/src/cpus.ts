import type { MemoryType, Socket } from './part-specs';

/**
 * The builder's 'Your CPU' slot: the shop sells no CPUs, so the customer picks theirs from this
 * reference list (or leaves the slot empty). `tdpW` is the maker's rated TDP (AMD's TDP, Intel's
 * Processor Base Power), the figure the cooler and wattage rules use.
 */
export interface Cpu {
  /** Stable, kebab-case: it is saved in builds and written in shared links. */
  id: string;
  name: string;
  brand: 'AMD' | 'Intel';
  socket: Socket;
  tdpW: number;
  memoryTypes: readonly MemoryType[];
  /** Whether it can drive a display without a video card (the build advisor's office builds may then leave the card out). */
  integratedGraphics: boolean;
}

const amd = (id: string, name: string, socket: 'AM4' | 'AM5', tdpW: number): Cpu => ({
  id,
  name,
  brand: 'AMD',
  socket,
  tdpW,
  memoryTypes: socket === 'AM4' ? ['DDR4'] : ['DDR5'],
  // Every Ryzen 7000 and 9000 desktop part has a small RDNA 2 GPU; of the Ryzen 5000s only the G parts have one.
  integratedGraphics: socket === 'AM5' || id.endsWith('g'),
});
const intel = (id: string, name: string, socket: 'LGA1700' | 'LGA1851', tdpW: number): Cpu => ({
  id,
  name,
  brand: 'Intel',
  socket,
  tdpW,
  // 12th to 14th gen Core take either generation (the board decides); Core Ultra 200S takes DDR5 only.
  memoryTypes: socket === 'LGA1700' ? ['DDR4', 'DDR5'] : ['DDR5'],
  // The F parts have their graphics disabled.
  integratedGraphics: !id.endsWith('f'),
});

export const CPUS: readonly Cpu[] = [
  amd('ryzen-5-5600', 'AMD Ryzen 5 5600', 'AM4', 65),
  amd('ryzen-5-5600x', 'AMD Ryzen 5 5600X', 'AM4', 65),
  amd('ryzen-7-5700g', 'AMD Ryzen 7 5700G', 'AM4', 65),
  amd('ryzen-7-5700x', 'AMD Ryzen 7 5700X', 'AM4', 65),
  amd('ryzen-7-5800x3d', 'AMD Ryzen 7 5800X3D', 'AM4', 105),
  amd('ryzen-9-5900x', 'AMD Ryzen 9 5900X', 'AM4', 105),
  amd('ryzen-9-5950x', 'AMD Ryzen 9 5950X', 'AM4', 105),
  amd('ryzen-5-7600', 'AMD Ryzen 5 7600', 'AM5', 65),
  amd('ryzen-5-7600x', 'AMD Ryzen 5 7600X', 'AM5', 105),
  amd('ryzen-7-7700', 'AMD Ryzen 7 7700', 'AM5', 65),
  amd('ryzen-7-7700x', 'AMD Ryzen 7 7700X', 'AM5', 105),
  amd('ryzen-7-7800x3d', 'AMD Ryzen 7 7800X3D', 'AM5', 120),
  amd('ryzen-9-7900x', 'AMD Ryzen 9 7900X', 'AM5', 170),
  amd('ryzen-9-7950x', 'AMD Ryzen 9 7950X', 'AM5', 170),
  amd('ryzen-5-9600x', 'AMD Ryzen 5 9600X', 'AM5', 65),
  amd('ryzen-7-9700x', 'AMD Ryzen 7 9700X', 'AM5', 65),
  amd('ryzen-7-9800x3d', 'AMD Ryzen 7 9800X3D', 'AM5', 120),
  amd('ryzen-9-9900x', 'AMD Ryzen 9 9900X', 'AM5', 120),
  amd('ryzen-9-9950x', 'AMD Ryzen 9 9950X', 'AM5', 170),
  intel('core-i3-12100f', 'Intel Core i3-12100F', 'LGA1700', 58),
  intel('core-i5-12400f', 'Intel Core i5-12400F', 'LGA1700', 65),
  intel('core-i5-13400f', 'Intel Core i5-13400F', 'LGA1700', 65),
  intel('core-i5-13600k', 'Intel Core i5-13600K', 'LGA1700', 125),
  intel('core-i5-14600k', 'Intel Core i5-14600K', 'LGA1700', 125),
  intel('core-i7-12700k', 'Intel Core i7-12700K', 'LGA1700', 125),
  intel('core-i7-13700k', 'Intel Core i7-13700K', 'LGA1700', 125),
  intel('core-i7-14700k', 'Intel Core i7-14700K', 'LGA1700', 125),
  intel('core-i9-13900k', 'Intel Core i9-13900K', 'LGA1700', 125),
  intel('core-i9-14900k', 'Intel Core i9-14900K', 'LGA1700', 125),
  intel('core-ultra-5-245k', 'Intel Core Ultra 5 245K', 'LGA1851', 125),
  intel('core-ultra-7-265k', 'Intel Core Ultra 7 265K', 'LGA1851', 125),
  intel('core-ultra-9-285k', 'Intel Core Ultra 9 285K', 'LGA1851', 125),
];

export const CPU_IDS = CPUS.map((cpu) => cpu.id) as [string, ...string[]];

export function cpuById(id: string | null | undefined): Cpu | undefined {
  return id ? CPUS.find((cpu) => cpu.id === id) : undefined;
}
