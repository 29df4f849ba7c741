import { ADVICE_WEIGHTS, advisorGapSentence, adviceValues, formatBudget } from './build-advice';
import { advisorGap } from './build-advice-schemas';
import { CPUS, cpuById } from './cpus';
import { GPU_FALLBACK_PER_WATT, GPU_PERFORMANCE, chipKey, gpuPerformance } from './gpu-performance';

describe('the GPU performance table', () => {
  it('names each chip once, with the reference card at 100', () => {
    expect(new Set(GPU_PERFORMANCE.map((row) => chipKey(row.chip))).size).toBe(GPU_PERFORMANCE.length);
    expect(Math.max(...GPU_PERFORMANCE.map((row) => row.relative))).toBe(100);
    expect(gpuPerformance({ chip: 'GeForce RTX 4090', boardPowerW: 450 })).toEqual({ relative: 100, estimated: false });
  });

  it('finds a chip however its maker and memory are written', () => {
    expect(gpuPerformance({ chip: 'NVIDIA GeForce RTX 4080 Super', boardPowerW: 320 })).toEqual({ relative: 83, estimated: false });
    expect(gpuPerformance({ chip: 'RTX 4060 Ti 16GB', boardPowerW: 165 })).toEqual({ relative: 40, estimated: false });
    expect(gpuPerformance({ chip: 'AMD Radeon RX 7800 XT', boardPowerW: 263 })).toEqual({ relative: 57, estimated: false });
  });

  it('estimates a chip it lacks from the card’s board power at the table’s median rate, capped at 100', () => {
    expect(gpuPerformance({ chip: 'GeForce RTX 5070', boardPowerW: 250 })).toEqual({ relative: Math.round(250 * GPU_FALLBACK_PER_WATT), estimated: true });
    expect(gpuPerformance({ chip: 'Mystery X9000', boardPowerW: 1000 })).toEqual({ relative: 100, estimated: true });
    expect(GPU_FALLBACK_PER_WATT).toBeGreaterThan(0.1);
    expect(GPU_FALLBACK_PER_WATT).toBeLessThan(0.4);
  });
});

describe('the advisor’s points', () => {
  const cpu = cpuById('ryzen-7-7700')!;

  it('are whole numbers, more for a faster card, a bigger kit, a better supply', () => {
    const card = (chip: string) => adviceValues.gpu('gaming', { chip, memoryGB: 16, boardPowerW: 300, lengthMM: 300, pcie8Pin: 0, pcie12v2x6: 1 });
    expect(card('GeForce RTX 4090')).toBe(ADVICE_WEIGHTS.gaming.gpuPerformance * 100);
    expect(card('GeForce RTX 4080 SUPER')).toBeGreaterThan(card('GeForce RTX 4070'));
    const kit = (moduleGB: number, speedMTs: number) => adviceValues.memory('gaming', { memoryType: 'DDR5', modules: 2, moduleGB, speedMTs });
    expect(kit(16, 6000)).toBeGreaterThan(kit(8, 6000));
    expect(kit(16, 6000)).toBeGreaterThan(kit(16, 5200));
    // Past the sweet spot (32 GB for games) a doubling earns 10 capacity points, not 100.
    expect(kit(32, 6000) - kit(16, 6000)).toBe(ADVICE_WEIGHTS.gaming.memoryCapacity * 10);
    const supply = (efficiency: '80+ Bronze' | '80+ Gold', wattage: number) => adviceValues.psu('gaming', { wattage, efficiency, pcie8Pin: 2, pcie12v2x6: 1 }, 500);
    expect(supply('80+ Gold', 850)).toBeGreaterThan(supply('80+ Bronze', 850));
    expect(supply('80+ Gold', 850)).toBeGreaterThan(supply('80+ Gold', 600));
    expect(adviceValues.cooler('gaming', { sockets: ['AM5'], type: 'Air', heightMM: 150, ratedTdpW: 130 }, cpu)).toBe(100);
    for (const value of [card('Radeon RX 7600'), kit(24, 7200), supply('80+ Gold', 777)]) expect(Number.isInteger(value)).toBe(true);
  });

  it('give an office PC nothing for a card', () => {
    expect(adviceValues.gpu('office', { chip: 'GeForce RTX 4090', memoryGB: 24, boardPowerW: 450, lengthMM: 336, pcie8Pin: 0, pcie12v2x6: 1 })).toBe(0);
  });

  it('know which CPUs drive a display themselves', () => {
    const withGraphics = CPUS.filter((candidate) => candidate.integratedGraphics).map((candidate) => candidate.id);
    expect(withGraphics).toContain('ryzen-7-7700');
    expect(withGraphics).toContain('ryzen-7-5700g');
    expect(withGraphics).toContain('core-i7-14700k');
    expect(withGraphics).not.toContain('ryzen-5-5600');
    expect(withGraphics).not.toContain('core-i5-12400f');
  });
});

describe('advisorGap (Manage Products)', () => {
  it('names the first spec the advisor lacks', () => {
    expect(advisorGap({ category: 'Video Card' })).toBe('no chip');
    expect(advisorGap({ category: 'Motherboard' })).toBe('no socket');
    expect(advisorGap({ category: 'Power Supplies', specs: { efficiency: '80+ Gold', pcie8Pin: 2, pcie12v2x6: 0 } as never })).toBe('no wattage');
    expect(advisorGap({ category: 'Storage', specs: { interface: 'NVMe M.2', capacityGB: 0 } })).toBe('its capacity is not valid');
    expect(advisorGapSentence('no chip')).toBe('Not used by the build advisor: no chip');
  });

  it('has nothing to say of a part with its specs', () => {
    expect(advisorGap({ category: 'Storage', specs: { interface: 'NVMe M.2', capacityGB: 1000 } })).toBeNull();
  });
});

it('writes a budget without cents when it has none', () => {
  expect(formatBudget(150_000)).toBe('$1,500');
  expect(formatBudget(149_999)).toBe('$1,499.99');
});
