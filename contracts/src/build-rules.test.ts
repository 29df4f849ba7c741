import {
  type BuildPart,
  type BuildSelection,
  type RuleId,
  buildCartLines,
  checkBuild,
  cpuFitsBuild,
  estimateWattage,
  fitsBuild,
} from './build-rules';
import { CPUS, cpuById } from './cpus';
import type { CoolerSpecs, MemorySpecs, MotherboardSpecs, PowerSupplySpecs, StorageSpecs, VideoCardSpecs } from './part-specs';

let next = 0;
const id = () => (next++).toString(16).padStart(24, '0');
const part = (name: string, category: BuildPart['category'], specs?: object, price = 10000, min = 1): BuildPart => ({
  _id: id(),
  name,
  category,
  price,
  min_quantity: min,
  ...(specs ? { specs: specs as BuildPart['specs'] } : {}),
});
const board = (specs: Partial<MotherboardSpecs> = {}, name = 'Board') =>
  part(name, 'Motherboard', { socket: 'AM5', chipset: 'B650', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryGB: 192, m2Slots: 2, sataPorts: 4, ...specs });
const kit = (specs: Partial<MemorySpecs> = {}, name = 'Kit') => part(name, 'Memory', { memoryType: 'DDR5', modules: 2, moduleGB: 16, speedMTs: 6000, ...specs });
const drive = (specs: Partial<StorageSpecs> = {}, name = 'Drive') => part(name, 'Storage', { interface: 'NVMe M.2', capacityGB: 2000, ...specs });
const cooler = (specs: Partial<CoolerSpecs> = {}, name = 'Cooler') =>
  part(name, 'CPU Cooler', { sockets: ['AM4', 'AM5', 'LGA1700', 'LGA1851'], type: 'AIO 240', heightMM: 52, ratedTdpW: 250, ...specs });
const psu = (specs: Partial<PowerSupplySpecs> = {}, name = 'PSU') => part(name, 'Power Supplies', { wattage: 850, efficiency: '80+ Gold', pcie8Pin: 4, pcie12v2x6: 1, ...specs });
const gpu = (specs: Partial<VideoCardSpecs> = {}, name = 'GPU') =>
  part(name, 'Video Card', { chip: 'GeForce RTX 4070', memoryGB: 12, boardPowerW: 200, lengthMM: 242, pcie8Pin: 1, pcie12v2x6: 0, ...specs });

const cpu = (cpuId: string) => cpuById(cpuId)!;
const r7700x = cpu('ryzen-7-7700x'); // AM5, 105 W, DDR5
const r7950x = cpu('ryzen-9-7950x'); // AM5, 170 W
const i14700k = cpu('core-i7-14700k'); // LGA1700, 125 W, DDR4 and DDR5
const r5600 = cpu('ryzen-5-5600'); // AM4, 65 W, DDR4
const ultra285k = cpu('core-ultra-9-285k'); // LGA1851, DDR5 only

/** The rule's results: level and sentence, or nothing. */
const findings = (selection: BuildSelection, rule: RuleId) =>
  checkBuild(selection).results.filter((result) => result.rule === rule).map(({ level, message }) => ({ level, message }));

interface Case {
  rule: RuleId;
  name: string;
  selection: BuildSelection;
  expected: { level: 'problem' | 'note'; message: string }[];
}

const cases: Case[] = [
  // CPU socket ↔ motherboard socket.
  { rule: 'cpu-motherboard-socket', name: 'same socket passes', selection: { cpu: r7700x, parts: { motherboard: board() } }, expected: [] },
  {
    rule: 'cpu-motherboard-socket',
    name: 'an AM5 CPU on an LGA1700 board',
    selection: { cpu: r7700x, parts: { motherboard: board({ socket: 'LGA1700' }, 'Z790 Pro') } },
    expected: [{ level: 'problem', message: "The AMD Ryzen 7 7700X (AM5) does not fit the Z790 Pro's LGA1700 socket." }],
  },
  { rule: 'cpu-motherboard-socket', name: 'no CPU: nothing to compare', selection: { parts: { motherboard: board({ socket: 'LGA1700' }) } }, expected: [] },
  { rule: 'cpu-motherboard-socket', name: 'a board without specs is not checked', selection: { cpu: r7700x, parts: { motherboard: part('Mystery board', 'Motherboard') } }, expected: [] },

  // Cooler sockets ↔ board (or CPU) socket.
  { rule: 'cooler-socket', name: 'a cooler that fits the board', selection: { parts: { motherboard: board(), cooler: cooler() } }, expected: [] },
  {
    rule: 'cooler-socket',
    name: 'an LGA1700-only cooler on an AM5 board',
    selection: { cpu: r7700x, parts: { motherboard: board({}, 'B650 WiFi'), cooler: cooler({ sockets: ['LGA1700'] }, 'Low-Profile LGA1700') } },
    expected: [{ level: 'problem', message: "The Low-Profile LGA1700 fits LGA1700 only, not the B650 WiFi's AM5 socket." }],
  },
  {
    rule: 'cooler-socket',
    name: 'without a board, against the CPU',
    selection: { cpu: i14700k, parts: { cooler: cooler({ sockets: ['AM4', 'AM5'] }, 'AMD Cooler') } },
    expected: [{ level: 'problem', message: "The AMD Cooler fits AM4, AM5 only, not the Intel Core i7-14700K's LGA1700 socket." }],
  },
  { rule: 'cooler-socket', name: 'one of several sockets is enough', selection: { cpu: ultra285k, parts: { cooler: cooler({ sockets: ['LGA1700', 'LGA1851'] }) } }, expected: [] },
  { rule: 'cooler-socket', name: 'neither a board nor a CPU', selection: { parts: { cooler: cooler({ sockets: ['AM4'] }) } }, expected: [] },

  // Cooler rated TDP < CPU TDP (Note).
  { rule: 'cooler-tdp', name: 'a cooler rated above the TDP', selection: { cpu: r7950x, parts: { cooler: cooler({ ratedTdpW: 250 }) } }, expected: [] },
  { rule: 'cooler-tdp', name: 'a cooler rated exactly at the TDP (boundary)', selection: { cpu: r7950x, parts: { cooler: cooler({ ratedTdpW: 170 }) } }, expected: [] },
  {
    rule: 'cooler-tdp',
    name: 'a cooler rated 1 W below the TDP (boundary)',
    selection: { cpu: r7950x, parts: { cooler: cooler({ ratedTdpW: 169 }, 'Tower') } },
    expected: [
      { level: 'note', message: "The Tower is rated for 169 W, less than the AMD Ryzen 9 7950X's 170 W TDP: expect it to run hot and loud under load." },
    ],
  },
  { rule: 'cooler-tdp', name: 'no CPU: no note', selection: { parts: { cooler: cooler({ ratedTdpW: 50 }) } }, expected: [] },

  // Memory type ↔ motherboard.
  { rule: 'memory-type-motherboard', name: 'DDR5 on a DDR5 board', selection: { parts: { motherboard: board(), memory: kit() } }, expected: [] },
  {
    rule: 'memory-type-motherboard',
    name: 'DDR4 on a DDR5 board',
    selection: { parts: { motherboard: board({}, 'B650 WiFi'), memory: kit({ memoryType: 'DDR4' }, '16 GB DDR4 Kit') } },
    expected: [{ level: 'problem', message: 'The 16 GB DDR4 Kit is DDR4 memory; the B650 WiFi takes DDR5.' }],
  },
  {
    rule: 'memory-type-motherboard',
    name: 'DDR5 on a DDR4 board',
    selection: { parts: { motherboard: board({ socket: 'AM4', memoryType: 'DDR4' }, 'B550'), memory: kit({}, 'DDR5 Kit') } },
    expected: [{ level: 'problem', message: 'The DDR5 Kit is DDR5 memory; the B550 takes DDR4.' }],
  },

  // Memory type ↔ CPU.
  { rule: 'memory-type-cpu', name: 'an LGA1700 CPU takes DDR4 too', selection: { cpu: i14700k, parts: { memory: kit({ memoryType: 'DDR4' }) } }, expected: [] },
  {
    rule: 'memory-type-cpu',
    name: 'DDR4 with an AM5 CPU',
    selection: { cpu: r7700x, parts: { memory: kit({ memoryType: 'DDR4' }, 'DDR4 Kit') } },
    expected: [{ level: 'problem', message: 'The DDR4 Kit is DDR4 memory; the AMD Ryzen 7 7700X supports DDR5 only.' }],
  },
  {
    rule: 'memory-type-cpu',
    name: 'DDR5 with an AM4 CPU',
    selection: { cpu: r5600, parts: { memory: kit({}, 'DDR5 Kit') } },
    expected: [{ level: 'problem', message: 'The DDR5 Kit is DDR5 memory; the AMD Ryzen 5 5600 supports DDR4 only.' }],
  },
  { rule: 'memory-type-cpu', name: 'a kit without specs is not checked', selection: { cpu: r5600, parts: { memory: part('Mystery kit', 'Memory') } }, expected: [] },

  // Module count ≤ slots.
  { rule: 'memory-modules', name: 'two modules in four slots', selection: { parts: { motherboard: board(), memory: kit() } }, expected: [] },
  { rule: 'memory-modules', name: 'four modules in four slots (boundary)', selection: { parts: { motherboard: board(), memory: kit({ modules: 4 }) } }, expected: [] },
  {
    rule: 'memory-modules',
    name: 'four modules in two slots',
    selection: { parts: { motherboard: board({ memorySlots: 2 }, 'B650I'), memory: kit({ modules: 4, moduleGB: 8 }, '4x8 Kit') } },
    expected: [{ level: 'problem', message: 'The 4x8 Kit has 4 modules; the B650I has 2 memory slots.' }],
  },
  {
    rule: 'memory-modules',
    name: 'three modules in two slots (one over the boundary)',
    selection: { parts: { motherboard: board({ memorySlots: 2 }, 'ITX'), memory: kit({ modules: 3 }, '3x16 Kit') } },
    expected: [{ level: 'problem', message: 'The 3x16 Kit has 3 modules; the ITX has 2 memory slots.' }],
  },

  // Total memory ≤ board maximum.
  { rule: 'memory-capacity', name: '32 GB on a 192 GB board', selection: { parts: { motherboard: board(), memory: kit() } }, expected: [] },
  { rule: 'memory-capacity', name: 'exactly the maximum (boundary)', selection: { parts: { motherboard: board({ maxMemoryGB: 64 }), memory: kit({ moduleGB: 32 }) } }, expected: [] },
  {
    rule: 'memory-capacity',
    name: 'above the maximum',
    selection: { parts: { motherboard: board({ maxMemoryGB: 64 }, 'A520M'), memory: kit({ modules: 2, moduleGB: 48 }, '96 GB Kit') } },
    expected: [{ level: 'problem', message: 'The 96 GB Kit totals 96 GB; the A520M takes at most 64 GB.' }],
  },

  // NVMe drives ≤ M.2 slots; SATA drives ≤ SATA ports.
  { rule: 'storage-m2-slots', name: 'two NVMe drives in two M.2 slots (boundary)', selection: { parts: { motherboard: board(), storage: drive(), storage2: drive() } }, expected: [] },
  {
    rule: 'storage-m2-slots',
    name: 'three NVMe drives in two M.2 slots',
    selection: { parts: { motherboard: board({}, 'B650'), storage: drive({}, 'A'), storage2: drive({}, 'B'), storage3: drive({}, 'C') } },
    expected: [{ level: 'problem', message: '3 NVMe drives (the A, the B and the C) need 3 M.2 slots; the B650 has 2.' }],
  },
  {
    rule: 'storage-m2-slots',
    name: 'one NVMe drive on a board without M.2',
    selection: { parts: { motherboard: board({ m2Slots: 0 }, 'Old board'), storage: drive({}, '1 TB NVMe') } },
    expected: [{ level: 'problem', message: '1 NVMe drive (the 1 TB NVMe) needs 1 M.2 slot; the Old board has 0.' }],
  },
  { rule: 'storage-m2-slots', name: 'SATA drives use no M.2 slot', selection: { parts: { motherboard: board({ m2Slots: 0 }), storage: drive({ interface: 'SATA 2.5"' }) } }, expected: [] },
  {
    rule: 'storage-sata-ports',
    name: 'three SATA drives on two ports',
    selection: {
      parts: {
        motherboard: board({ sataPorts: 2 }, 'ITX'),
        storage: drive({ interface: 'SATA 2.5"' }, 'S1'),
        storage2: drive({ interface: 'SATA 2.5"' }, 'S2'),
        storage3: drive({ interface: 'SATA 2.5"' }, 'S3'),
      },
    },
    expected: [{ level: 'problem', message: '3 SATA drives (the S1, the S2 and the S3) need 3 SATA ports; the ITX has 2.' }],
  },
  { rule: 'storage-sata-ports', name: 'two SATA drives on two ports (boundary)', selection: { parts: { motherboard: board({ sataPorts: 2 }), storage: drive({ interface: 'SATA 2.5"' }), storage2: drive({ interface: 'SATA 2.5"' }) } }, expected: [] },

  // Wattage: (CPU TDP + GPU board power + allowances) × 1.25 ≤ PSU wattage; a Note under 10 % spare.
  // 105 + 200 + 50 + 10 + 10 + 10 = 385 W; × 1.25 = 482 W.
  {
    rule: 'psu-wattage',
    name: 'plenty of spare',
    selection: { cpu: r7700x, parts: { motherboard: board(), memory: kit(), storage: drive(), cooler: cooler(), gpu: gpu(), psu: psu({ wattage: 850 }) } },
    expected: [],
  },
  {
    rule: 'psu-wattage',
    name: 'a supply below the recommended wattage',
    selection: { cpu: r7700x, parts: { motherboard: board(), memory: kit(), storage: drive(), cooler: cooler(), gpu: gpu({}, 'RTX 4070'), psu: psu({ wattage: 450 }, '450 W PSU') } },
    expected: [
      {
        level: 'problem',
        message:
          "The RTX 4070 (200 W), the AMD Ryzen 7 7700X (105 W) and the other parts draw an estimated 385 W; with 25 % headroom that needs 482 W, more than the 450 W PSU's 450 W.",
      },
    ],
  },
  {
    rule: 'psu-wattage',
    name: 'exactly the recommended wattage (boundary: no Problem, a Note)',
    selection: { cpu: r7700x, parts: { motherboard: board(), memory: kit(), storage: drive(), cooler: cooler(), gpu: gpu({}, 'RTX 4070'), psu: psu({ wattage: 482 }, 'Tight PSU') } },
    expected: [
      {
        level: 'note',
        message:
          "The RTX 4070 (200 W), the AMD Ryzen 7 7700X (105 W) and the other parts draw an estimated 385 W; with 25 % headroom that needs 482 W, leaving the Tight PSU's 482 W only 0 W (0 %) spare.",
      },
    ],
  },
  {
    rule: 'psu-wattage',
    name: '1 W short of the recommended wattage (boundary)',
    selection: { cpu: r7700x, parts: { motherboard: board(), memory: kit(), storage: drive(), cooler: cooler(), gpu: gpu({}, 'RTX 4070'), psu: psu({ wattage: 481 }, 'Short PSU') } },
    expected: [
      {
        level: 'problem',
        message:
          "The RTX 4070 (200 W), the AMD Ryzen 7 7700X (105 W) and the other parts draw an estimated 385 W; with 25 % headroom that needs 482 W, more than the Short PSU's 481 W.",
      },
    ],
  },
  {
    // 10 % of 536 is 53.6: 54 W spare is no longer under 10 %.
    rule: 'psu-wattage',
    name: 'just 10 % spare (boundary: no Note)',
    selection: { cpu: r7700x, parts: { motherboard: board(), memory: kit(), storage: drive(), cooler: cooler(), gpu: gpu(), psu: psu({ wattage: 536 }) } },
    expected: [],
  },
  {
    rule: 'psu-wattage',
    name: 'just under 10 % spare (boundary: a Note)',
    selection: { cpu: r7700x, parts: { motherboard: board(), memory: kit(), storage: drive(), cooler: cooler(), gpu: gpu({}, 'RTX 4070'), psu: psu({ wattage: 535 }, '535 W PSU') } },
    expected: [
      {
        level: 'note',
        message:
          "The RTX 4070 (200 W), the AMD Ryzen 7 7700X (105 W) and the other parts draw an estimated 385 W; with 25 % headroom that needs 482 W, leaving the 535 W PSU's 535 W only 53 W (9 %) spare.",
      },
    ],
  },
  {
    rule: 'psu-wattage',
    name: 'without a CPU, the card and the other parts',
    selection: { parts: { motherboard: board(), gpu: gpu({ boardPowerW: 320 }, 'RTX 4080'), psu: psu({ wattage: 450 }, '450 W PSU') } },
    expected: [
      {
        level: 'problem',
        message: "The RTX 4080 (320 W) and the other parts draw an estimated 370 W; with 25 % headroom that needs 463 W, more than the 450 W PSU's 450 W.",
      },
    ],
  },
  {
    rule: 'psu-wattage',
    name: 'neither a CPU nor a card',
    selection: { parts: { motherboard: board(), memory: kit(), storage: drive(), cooler: cooler(), psu: psu({ wattage: 200 }, '200 W PSU') } },
    expected: [],
  },
  { rule: 'psu-wattage', name: 'a supply alone draws nothing: nothing to say', selection: { parts: { psu: psu({ wattage: 200 }) } }, expected: [] },

  // Card connectors ↔ supply connectors.
  { rule: 'gpu-psu-connectors', name: 'one 8-pin from four', selection: { parts: { gpu: gpu(), psu: psu() } }, expected: [] },
  {
    rule: 'gpu-psu-connectors',
    name: 'a 12V-2x6 card on a supply without one',
    selection: { parts: { gpu: gpu({ pcie8Pin: 0, pcie12v2x6: 1 }, 'RTX 4080 SUPER'), psu: psu({ pcie12v2x6: 0 }, '750 W Gold') } },
    expected: [{ level: 'problem', message: 'The RTX 4080 SUPER needs one 12V-2x6 connector and the 750 W Gold has none.' }],
  },
  {
    rule: 'gpu-psu-connectors',
    name: 'three 8-pin from one',
    selection: { parts: { gpu: gpu({ pcie8Pin: 3 }, 'RX 7900 XTX'), psu: psu({ pcie8Pin: 1 }, '550 W') } },
    expected: [{ level: 'problem', message: 'The RX 7900 XTX needs three PCIe 8-pin connectors and the 550 W has one.' }],
  },
  { rule: 'gpu-psu-connectors', name: 'exactly as many 8-pin leads as the card takes (boundary)', selection: { parts: { gpu: gpu({ pcie8Pin: 3 }), psu: psu({ pcie8Pin: 3, pcie12v2x6: 0 }) } }, expected: [] },
  {
    rule: 'gpu-psu-connectors',
    name: 'short of both kinds',
    selection: { parts: { gpu: gpu({ pcie8Pin: 2, pcie12v2x6: 1 }, 'Card'), psu: psu({ pcie8Pin: 1, pcie12v2x6: 0 }, 'PSU') } },
    expected: [{ level: 'problem', message: 'The Card needs one 12V-2x6 connector and the PSU has none; it also needs two PCIe 8-pin connectors and the PSU has one.' }],
  },

  // A part without specs.
  {
    rule: 'specs-unknown',
    name: 'a part posted without specs',
    selection: { parts: { gpu: part('Mystery card', 'Video Card') } },
    expected: [{ level: 'note', message: 'The Mystery card has no specs on file: specs unknown, not checked.' }],
  },
  {
    rule: 'specs-unknown',
    name: 'specs of another category count as unknown',
    selection: { parts: { memory: part('Odd kit', 'Memory', { wattage: 850, efficiency: '80+ Gold', pcie8Pin: 4, pcie12v2x6: 1 }) } },
    expected: [{ level: 'note', message: 'The Odd kit has no specs on file: specs unknown, not checked.' }],
  },
  { rule: 'specs-unknown', name: 'parts with specs', selection: { parts: { memory: kit(), gpu: gpu() } }, expected: [] },
];

describe('the compatibility rules', () => {
  it('has at least 40 cases, covering every rule passing and failing', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const rule of new Set(cases.map((c) => c.rule))) {
      expect({ rule, passing: cases.some((c) => c.rule === rule && c.expected.length === 0) }).toEqual({ rule, passing: true });
      expect({ rule, failing: cases.some((c) => c.rule === rule && c.expected.length > 0) }).toEqual({ rule, failing: true });
    }
  });

  it.each(cases.map((c) => [c.rule, c.name, c] as const))('%s: %s', (_rule, _name, { rule, selection, expected }) => {
    expect(findings(selection, rule)).toEqual(expected);
  });
});

describe('checkBuild', () => {
  it('is compatible when nothing is said, notes with notes only, problems with any problem; problems listed first', () => {
    expect(checkBuild({ parts: {} }).state).toBe('compatible');
    expect(checkBuild({ cpu: r7950x, parts: { cooler: cooler({ ratedTdpW: 100 }) } }).state).toBe('notes');
    const both = checkBuild({ cpu: r7950x, parts: { motherboard: board({ socket: 'LGA1700' }), cooler: cooler({ ratedTdpW: 100 }) } });
    expect(both.state).toBe('problems');
    expect(both.results.map((result) => result.level)).toEqual(['problem', 'note']);
  });

  it('estimates the draw with the documented formula, and totals at the quantities the cart would take', () => {
    const selection: BuildSelection = {
      cpu: r7700x,
      parts: {
        motherboard: board(),
        memory: kit(),
        storage: drive(),
        storage2: drive(),
        cooler: cooler(),
        gpu: gpu({ boardPowerW: 320 }),
        psu: psu(),
      },
    };
    // 105 + 320 + 50 + 10 + 10 + 10 + 10 = 515; × 1.25 = 643.75 → 644.
    expect(estimateWattage(selection)).toEqual({ estimatedW: 515, recommendedW: 644 });
    expect(checkBuild(selection).totalCents).toBe(7 * 10000);
    const bulk = part('Bulk kit', 'Memory', { memoryType: 'DDR5', modules: 2, moduleGB: 8, speedMTs: 5600 }, 3999, 10);
    expect(checkBuild({ parts: { memory: bulk } }).totalCents).toBe(39990);
  });

  it('gives the cart one line per part: quantity 1, or the minimum order; a part in two slots counts twice', () => {
    const ssd = drive();
    const bulk = part('Bulk SSD', 'Storage', { interface: 'SATA 2.5"', capacityGB: 1000 }, 5999, 5);
    const mb = board();
    expect(buildCartLines({ cpu: r7700x, parts: { motherboard: mb, storage: ssd, storage2: ssd, storage3: bulk } })).toEqual([
      { productId: mb._id, quantity: 1 },
      { productId: ssd._id, quantity: 2 },
      { productId: bulk._id, quantity: 5 },
    ]);
  });
});

describe('the compatible filter', () => {
  it('keeps the parts that add no Problem naming their slot, and parts without specs', () => {
    const selection: BuildSelection = { cpu: r7700x, parts: { motherboard: board() } };
    expect(fitsBuild(selection, 'cooler', cooler())).toBe(true);
    expect(fitsBuild(selection, 'cooler', cooler({ sockets: ['LGA1700'] }))).toBe(false);
    // A Note is no reason to hide a part.
    expect(fitsBuild({ cpu: r7950x, parts: {} }, 'cooler', cooler({ ratedTdpW: 95 }))).toBe(true);
    expect(fitsBuild(selection, 'memory', kit({ memoryType: 'DDR4' }))).toBe(false);
    expect(fitsBuild(selection, 'memory', part('Mystery kit', 'Memory'))).toBe(true);
    // The slot's current part does not count against a candidate.
    expect(fitsBuild({ cpu: r7700x, parts: { motherboard: board({ socket: 'LGA1700' }) } }, 'motherboard', board())).toBe(true);
    expect(cpuFitsBuild(selection, i14700k)).toBe(false);
    expect(cpuFitsBuild(selection, r7950x)).toBe(true);
  });

  it('drops the supplies too small for the build', () => {
    const selection: BuildSelection = { cpu: r7700x, parts: { motherboard: board(), gpu: gpu({ boardPowerW: 320 }) } };
    // 105 + 320 + 50 = 475; × 1.25 = 594.
    expect(fitsBuild(selection, 'psu', psu({ wattage: 550 }))).toBe(false);
    expect(fitsBuild(selection, 'psu', psu({ wattage: 650 }))).toBe(true);
  });
});

describe('the CPU reference list', () => {
  it('holds at least 30 current desktop CPUs of every socket, with unique ids', () => {
    expect(CPUS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CPUS.map((c) => c.id)).size).toBe(CPUS.length);
    expect(new Set(CPUS.map((c) => c.socket))).toEqual(new Set(['AM4', 'AM5', 'LGA1700', 'LGA1851']));
    for (const c of CPUS) expect(c.memoryTypes.length).toBeGreaterThan(0);
  });
});
