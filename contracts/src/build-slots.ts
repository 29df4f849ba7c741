import type { Category } from './entities';

// The builder's slots, apart from its rules (build-rules.ts, which read the parts' specs through their
// schemas): the builder's links and paths need only these.

/** The builder's slots; 'Your CPU' is apart (the shop sells no CPUs: see cpus.ts). */
export const BUILD_SLOTS = ['motherboard', 'cooler', 'memory', 'storage', 'storage2', 'storage3', 'gpu', 'psu'] as const;
export type BuildSlot = (typeof BUILD_SLOTS)[number];
/** Where a rule points: a part's slot, or the CPU. */
export type BuildPlace = BuildSlot | 'cpu';

export const slotCategory: Readonly<Record<BuildSlot, Category>> = {
  motherboard: 'Motherboard',
  cooler: 'CPU Cooler',
  memory: 'Memory',
  storage: 'Storage',
  storage2: 'Storage',
  storage3: 'Storage',
  gpu: 'Video Card',
  psu: 'Power Supplies',
};

export const slotLabels: Readonly<Record<BuildPlace, string>> = {
  cpu: 'Your CPU',
  motherboard: 'Motherboard',
  cooler: 'CPU Cooler',
  memory: 'Memory',
  storage: 'Storage',
  storage2: 'Storage 2',
  storage3: 'Storage 3',
  gpu: 'Video Card',
  psu: 'Power Supply',
};

export const STORAGE_SLOTS = ['storage', 'storage2', 'storage3'] as const satisfies readonly BuildSlot[];
