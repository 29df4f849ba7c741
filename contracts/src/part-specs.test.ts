import { partInputSchema } from './admin';
import { facetKeysOf } from './catalog-facets-schemas';
import { type SpecField, SPECS_UNKNOWN, specFields, specRows, specSummary, specsFit, specsOf } from './part-specs';
import { parseSpecForm, specsInputSchemas } from './part-specs-schemas';

const body = {
  name: 'Test board',
  p_quantity: 5,
  min_quantity: 1,
  price: 18999,
  description: 'A board.',
  img: 'https://images.example.com/board.webp',
};
const boardSpecs = { socket: 'AM5', chipset: 'B650', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryGB: 192, m2Slots: 2, sataPorts: 4 };
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message);

describe('a part’s specs', () => {
  it('are optional: a part posted without them is kept', () => {
    expect(partInputSchema.safeParse({ ...body, category: 'Motherboard' }).success).toBe(true);
  });

  it("must be the category's, with every field", () => {
    expect(partInputSchema.safeParse({ ...body, category: 'Motherboard', specs: boardSpecs }).success).toBe(true);
    // A board's specs on a Memory part.
    expect(messages(partInputSchema.safeParse({ ...body, category: 'Memory', specs: boardSpecs }))).toContain(
      'specs of a Memory part take only memoryType, modules, moduleGB, speedMTs',
    );
    const { sataPorts: _missing, ...incomplete } = boardSpecs;
    expect(messages(partInputSchema.safeParse({ ...body, category: 'Motherboard', specs: incomplete }))).toEqual([
      'sata ports must be a whole number from 0 to 12',
    ]);
    expect(messages(partInputSchema.safeParse({ ...body, category: 'Motherboard', specs: 'AM5' }))).toEqual([
      'specs must be an object with socket, chipset, formFactor, memoryType, memorySlots, maxMemoryGB, m2Slots, sataPorts',
    ]);
  });

  it.each([
    ['Motherboard', { ...boardSpecs, socket: 'AM3' }, 'socket must be one of: AM4, AM5, LGA1700, LGA1851'],
    ['Motherboard', { ...boardSpecs, memorySlots: 2.5 }, 'memory slots must be a whole number from 1 to 8'],
    ['Motherboard', { ...boardSpecs, chipset: ' ' }, 'chipset is required'],
    ['Motherboard', { ...boardSpecs, chipset: 'B650\u0000' }, 'chipset must be plain text'],
    ['Memory', { memoryType: 'DDR3', modules: 2, moduleGB: 16, speedMTs: 6000 }, 'memory type must be one of: DDR4, DDR5'],
    ['Memory', { memoryType: 'DDR5', modules: 0, moduleGB: 16, speedMTs: 6000 }, 'modules must be a whole number from 1 to 8'],
    ['Storage', { interface: 'USB', capacityGB: 1000 }, 'interface must be one of: NVMe M.2, SATA 2.5"'],
    ['Storage', { interface: 'NVMe M.2', capacityGB: '1000' }, 'capacity must be a whole number from 1 to 100000'],
    ['CPU Cooler', { sockets: [], type: 'Air', heightMM: 150, ratedTdpW: 200 }, 'supported sockets: give at least one'],
    ['CPU Cooler', { sockets: ['AM5', 'AM5'], type: 'Air', heightMM: 150, ratedTdpW: 200 }, 'supported sockets: each at most once'],
    ['CPU Cooler', { sockets: ['AM5'], type: 'AIO 420', heightMM: 150, ratedTdpW: 200 }, 'type must be one of: Air, AIO 240, AIO 280, AIO 360'],
    ['Power Supplies', { wattage: 850, efficiency: 'Gold', pcie8Pin: 4, pcie12v2x6: 1 }, 'efficiency rating must be one of: 80+, 80+ Bronze, 80+ Silver, 80+ Gold, 80+ Platinum, 80+ Titanium'],
    ['Power Supplies', { wattage: { $gt: 0 }, efficiency: '80+ Gold', pcie8Pin: 4, pcie12v2x6: 1 }, 'wattage must be a whole number from 200 to 3000'],
    ['Video Card', { chip: 'RTX 4070', memoryGB: 12, boardPowerW: 200, lengthMM: 242, pcie8Pin: 5, pcie12v2x6: 0 }, 'pcie 8-pin connectors must be a whole number from 0 to 4'],
  ])('refuses a %s spec that does not fit: %j', (category, specs, message) => {
    expect(messages(partInputSchema.safeParse({ ...body, category, specs }))).toEqual([message]);
  });

  it('are read only when they are the part’s category’s', () => {
    expect(specsOf({ category: 'Motherboard', specs: boardSpecs as never }, 'Motherboard')).toEqual(boardSpecs);
    expect(specsOf({ category: 'Memory', specs: boardSpecs as never }, 'Memory')).toBeUndefined();
    expect(specsOf({ category: 'Motherboard' }, 'Motherboard')).toBeUndefined();
    expect(specsInputSchemas.Storage.safeParse({ interface: 'NVMe M.2', capacityGB: 2000 }).success).toBe(true);
    expect(SPECS_UNKNOWN).toBe('specs unknown, not checked');
  });

  it('make the spec table, in words', () => {
    expect(specRows({ category: 'Memory', specs: { memoryType: 'DDR5', modules: 2, moduleGB: 16, speedMTs: 6000 } })).toEqual([
      { label: 'Memory type', value: 'DDR5' },
      { label: 'Modules', value: '2' },
      { label: 'Total capacity', value: '32 GB (2 × 16 GB)' },
      { label: 'GB per module', value: '16 GB' },
      { label: 'Speed', value: '6000 MT/s' },
    ]);
    expect(specRows({ category: 'Storage', specs: { interface: 'NVMe M.2', capacityGB: 2000 } })).toEqual([
      { label: 'Interface', value: 'NVMe M.2' },
      { label: 'Capacity', value: '2 TB' },
    ]);
    expect(specRows({ category: 'CPU Cooler', specs: { sockets: ['AM4', 'AM5'], type: 'Air', heightMM: 155, ratedTdpW: 150 } })).toEqual([
      { label: 'Supported sockets', value: 'AM4, AM5' },
      { label: 'Type', value: 'Air' },
      { label: 'Height', value: '155 mm' },
      { label: 'Rated TDP', value: '150 W' },
    ]);
    expect(specRows({ category: 'Video Card' })).toEqual([]);
  });

  it('give the facet keys the catalog filters by', () => {
    expect(facetKeysOf({ category: 'Motherboard', specs: boardSpecs as never })).toEqual(['socket:AM5', 'memoryType:DDR5', 'formFactor:ATX']);
    expect(facetKeysOf({ category: 'Memory', specs: { memoryType: 'DDR4', modules: 2, moduleGB: 16, speedMTs: 3600 } })).toEqual(['memoryType:DDR4', 'capacity:32']);
    expect(facetKeysOf({ category: 'Storage', specs: { interface: 'SATA 2.5"', capacityGB: 1000 } })).toEqual(['interface:sata', 'capacity:1000']);
    expect(facetKeysOf({ category: 'CPU Cooler', specs: { sockets: ['AM4', 'LGA1700'], type: 'Air', heightMM: 150, ratedTdpW: 200 } })).toEqual(['socket:AM4', 'socket:LGA1700']);
    expect(facetKeysOf({ category: 'Power Supplies', specs: { wattage: 649, efficiency: '80+', pcie8Pin: 1, pcie12v2x6: 0 } })).toEqual(['wattage:under-650']);
    expect(facetKeysOf({ category: 'Power Supplies', specs: { wattage: 650, efficiency: '80+', pcie8Pin: 1, pcie12v2x6: 0 } })).toEqual(['wattage:650-849']);
    expect(facetKeysOf({ category: 'Power Supplies', specs: { wattage: 1000, efficiency: '80+', pcie8Pin: 1, pcie12v2x6: 0 } })).toEqual(['wattage:1000-plus']);
    expect(facetKeysOf({ category: 'Video Card' })).toEqual([]);
  });
});

describe("Add a Product's spec fields", () => {
  it('give no specs when all are empty, the specs when they fit, and each field’s problem otherwise', () => {
    expect(parseSpecForm('Storage', {})).toEqual({ issues: [] });
    expect(parseSpecForm('Storage', { interface: '', capacityGB: '  ' })).toEqual({ issues: [] });
    expect(parseSpecForm('CPU Cooler', { sockets: [], type: '' })).toEqual({ issues: [] });
    expect(parseSpecForm('Storage', { interface: 'NVMe M.2', capacityGB: ' 2000 ' })).toEqual({ specs: { interface: 'NVMe M.2', capacityGB: 2000 }, issues: [] });
    expect(parseSpecForm('CPU Cooler', { sockets: ['AM5', 'LGA1700'], type: 'Air', heightMM: '155', ratedTdpW: '150' })).toEqual({
      specs: { sockets: ['AM5', 'LGA1700'], type: 'Air', heightMM: 155, ratedTdpW: 150 },
      issues: [],
    });
    // One ticked box arrives as its value alone.
    expect(parseSpecForm('CPU Cooler', { sockets: 'AM4', type: 'Air', heightMM: '75', ratedTdpW: '125' }).specs).toMatchObject({ sockets: ['AM4'] });
    expect(parseSpecForm('Storage', { interface: 'NVMe M.2', capacityGB: '2 TB' }).issues).toEqual([
      { key: 'capacityGB', message: 'capacity must be a whole number from 1 to 100000' },
    ]);
    expect(parseSpecForm('Storage', { interface: 'NVMe M.2' }).issues).toEqual([{ key: 'capacityGB', message: 'capacity must be a whole number from 1 to 100000' }]);
  });
});

describe('a part’s specs on one line', () => {
  it.each([
    ['Motherboard', boardSpecs, 'AM5 · B650 · ATX · DDR5'],
    ['Memory', { memoryType: 'DDR5', modules: 2, moduleGB: 16, speedMTs: 6000 }, '32 GB DDR5-6000 (2 × 16 GB)'],
    ['Storage', { interface: 'NVMe M.2', capacityGB: 2000 }, 'NVMe M.2 · 2 TB'],
    ['CPU Cooler', { sockets: ['AM4', 'AM5'], type: 'AIO 240', heightMM: 52, ratedTdpW: 250 }, 'AIO 240 · AM4, AM5 · 52 mm · rated 250 W'],
    ['Power Supplies', { wattage: 850, efficiency: '80+ Gold', pcie8Pin: 4, pcie12v2x6: 1 }, '850 W · 80+ Gold · 4 × PCIe 8-pin · 1 × 12V-2x6'],
    ['Video Card', { chip: 'GeForce RTX 4070', memoryGB: 12, boardPowerW: 200, lengthMM: 242, pcie8Pin: 1, pcie12v2x6: 0 }, 'GeForce RTX 4070 · 12 GB · 200 W (1 × 8-pin) · 242 mm'],
    ['Video Card', undefined, 'specs unknown, not checked'],
  ])('%s: %s', (category, specs, line) => {
    expect(specSummary({ category: category as never, specs: specs as never })).toBe(line);
  });
});

describe('specsFit, the check of the pages that show specs (no zod)', () => {
  const valid = {
    Motherboard: boardSpecs,
    Memory: { memoryType: 'DDR5', modules: 2, moduleGB: 16, speedMTs: 6000 },
    Storage: { interface: 'NVMe M.2', capacityGB: 2000 },
    'CPU Cooler': { sockets: ['AM4', 'AM5'], type: 'AIO 240', heightMM: 52, ratedTdpW: 250 },
    'Power Supplies': { wattage: 850, efficiency: '80+ Gold', pcie8Pin: 4, pcie12v2x6: 1 },
    'Video Card': { chip: 'GeForce RTX 4070', memoryGB: 12, boardPowerW: 200, lengthMM: 242, pcie8Pin: 1, pcie12v2x6: 0 },
  } as const;
  /** Values a field may be given: fitting, at and past its edges, of another type. */
  function tries(field: SpecField): unknown[] {
    const other = [undefined, null, {}, true, 'x', 1, Number.NaN];
    switch (field.kind) {
      case 'choice':
        return [...field.options, `${field.options[0]} `, field.options[0]!.toLowerCase(), [field.options[0]], ...other];
      case 'choices':
        return [[...field.options], [field.options[0]], [], [field.options[0], field.options[0]], ['nope'], field.options[0], [1], ...other];
      case 'count':
        return [field.min, field.max, field.min - 1, field.max + 1, field.min + 0.5, String(field.min), Number.POSITIVE_INFINITY, ...other];
      case 'text':
        return ['B650', ' B650 ', '', '  ', 'a'.repeat(field.max), ` ${'a'.repeat(field.max)} `, 'a'.repeat(field.max + 1), 'B650\u0000', 'B650\n', ...other];
    }
  }

  it.each(Object.keys(valid) as (keyof typeof valid)[])('accepts what the %s schema accepts, and only that', (category) => {
    const base: Record<string, unknown> = valid[category];
    const cases: unknown[] = [base, { ...base, extra: 1 }, null, [], 'specs', ...Object.keys(valid).map((other) => valid[other as keyof typeof valid])];
    for (const field of specFields[category] as readonly SpecField[]) {
      const { [field.key]: _left, ...without } = base;
      cases.push(without);
      for (const value of tries(field)) cases.push({ ...base, [field.key]: value });
    }
    expect(specsInputSchemas[category].safeParse(base).success).toBe(true);
    for (const specs of cases) expect([specs, specsFit(category, specs)]).toEqual([specs, specsInputSchemas[category].safeParse(specs).success]);
  });
});

