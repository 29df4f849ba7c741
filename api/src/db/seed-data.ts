import type { Category, PartSpecs, SpecsByCategory } from '@pcpp/contracts/core';

/** A demo part inserted by the seeder. Money is integer cents. */
export interface SeedPart {
  name: string;
  description: string;
  category: Category;
  /** Path served by the api (see api/public/images/parts): the name as a slug. */
  img: string;
  /** Unit price in integer cents. */
  price: number;
  /** Stock available. */
  p_quantity: number;
  /** Minimum order quantity: 1 on consumer parts; a few bulk packs keep a higher one (the spec's rule). */
  min_quantity: number;
  specs: PartSpecs;
}

export interface SeedReview {
  name: string;
  review: string;
  /** Integer 0..5. */
  ratings: number;
}

/** '850 W 80+ Gold Modular PSU' → /images/parts/850-w-80-gold-modular-psu.svg */
export const seedImagePath = (name: string): string =>
  `/images/parts/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.svg`;

interface Stock {
  price: number;
  stock: number;
  min?: number;
}

function seed<C extends Category>(category: C) {
  return (name: string, description: string, { price, stock, min = 1 }: Stock, specs: SpecsByCategory[C]): SeedPart => ({
    name,
    description,
    category,
    img: seedImagePath(name),
    price,
    p_quantity: stock,
    min_quantity: min,
    specs,
  });
}
const board = seed('Motherboard');
const memory = seed('Memory');
const storage = seed('Storage');
const cooler = seed('CPU Cooler');
const psu = seed('Power Supplies');
const gpu = seed('Video Card');
const EVERY_SOCKET = ['AM4', 'AM5', 'LGA1700', 'LGA1851'] as const;

/**
 * Demo catalog, in insertion order: three parts, then eight blocks of six holding one part of
 * every category each, so the last six (shown as "latest" on the home page) cover all six
 * categories. At least eight parts per category, across the sockets and DDR generations.
 */
export const seedParts: readonly SeedPart[] = [
  board(
    'B550 ATX Motherboard',
    'AM4 ATX board for Ryzen 5000 CPUs with four DDR4 slots, a PCIe 4.0 x16 slot, two M.2 sockets and 2.5 GbE LAN.',
    { price: 13999, stock: 150 },
    { socket: 'AM4', chipset: 'B550', formFactor: 'ATX', memoryType: 'DDR4', memorySlots: 4, maxMemoryGB: 128, m2Slots: 2, sataPorts: 6 },
  ),
  memory(
    '32 GB DDR4-3600 Kit (2x16 GB)',
    'Dual-channel DDR4 kit at 3600 MT/s CL18 with black heat spreaders, the sweet spot for AM4 and DDR4 Intel builds.',
    { price: 6999, stock: 500 },
    { memoryType: 'DDR4', modules: 2, moduleGB: 16, speedMTs: 3600 },
  ),
  storage(
    '1 TB NVMe PCIe 4.0 SSD',
    'M.2 2280 drive with reads up to 7,000 MB/s and 600 TBW endurance: a fast system drive for any recent board.',
    { price: 7999, stock: 600 },
    { interface: 'NVMe M.2', capacityGB: 1000 },
  ),

  board(
    'B650 WiFi ATX Motherboard',
    'AM5 ATX board with a 14+2 phase VRM, four DDR5 slots, two M.2 PCIe 4.0 sockets and built-in Wi-Fi 6E with Bluetooth 5.3.',
    { price: 18999, stock: 120 },
    { socket: 'AM5', chipset: 'B650', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryGB: 192, m2Slots: 2, sataPorts: 4 },
  ),
  memory(
    '32 GB DDR5-6000 Kit (2x16 GB)',
    'Dual-channel DDR5 kit rated at 6000 MT/s CL30 with low-profile aluminium heat spreaders and one-click EXPO/XMP profiles.',
    { price: 10499, stock: 640 },
    { memoryType: 'DDR5', modules: 2, moduleGB: 16, speedMTs: 6000 },
  ),
  storage(
    '2 TB NVMe PCIe 4.0 SSD',
    'M.2 2280 drive with sequential reads up to 7,000 MB/s, a DRAM cache and 1,200 TBW endurance, backed by a five-year warranty.',
    { price: 13999, stock: 480 },
    { interface: 'NVMe M.2', capacityGB: 2000 },
  ),
  cooler(
    '240 mm AIO Liquid Cooler',
    'All-in-one liquid cooler with a 240 mm aluminium radiator, two PWM fans and a copper cold plate for AM4, AM5, LGA1700 and LGA1851 sockets.',
    { price: 8999, stock: 260 },
    { sockets: [...EVERY_SOCKET], type: 'AIO 240', heightMM: 52, ratedTdpW: 250 },
  ),
  psu(
    '850 W 80+ Gold Modular PSU',
    'Fully modular ATX 3.1 power supply with a native 12V-2x6 cable, Japanese capacitors and a fluid-bearing 135 mm fan.',
    { price: 12499, stock: 210 },
    { wattage: 850, efficiency: '80+ Gold', pcie8Pin: 4, pcie12v2x6: 1 },
  ),
  gpu(
    '12 GB Dual-Fan Graphics Card',
    'GeForce RTX 4070 card with 12 GB of GDDR6X, a compact dual-fan cooler and a metal backplate, built for 1440p gaming.',
    { price: 42999, stock: 90 },
    { chip: 'GeForce RTX 4070', memoryGB: 12, boardPowerW: 200, lengthMM: 242, pcie8Pin: 1, pcie12v2x6: 0 },
  ),

  memory(
    '16 GB DDR4-3200 Kit (2x8 GB)',
    'Budget-friendly DDR4 memory kit running at 3200 MT/s CL16 on a plain green PCB, a drop-in upgrade for older desktops. Sold in office packs of ten.',
    { price: 3999, stock: 900, min: 10 },
    { memoryType: 'DDR4', modules: 2, moduleGB: 8, speedMTs: 3200 },
  ),
  board(
    'Z790 Pro ATX Motherboard',
    'High-end LGA1700 board with a 20-phase VRM, PCIe 5.0 x16 slot, four M.2 sockets, 2.5 GbE LAN and a USB4 rear port.',
    { price: 27999, stock: 60 },
    { socket: 'LGA1700', chipset: 'Z790', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryGB: 192, m2Slots: 4, sataPorts: 6 },
  ),
  cooler(
    'Quiet Single-Tower Air Cooler',
    'Single-tower heatsink with four copper heat pipes and a 120 mm fluid-bearing fan that stays quiet at under 25 dBA.',
    { price: 3499, stock: 540 },
    { sockets: [...EVERY_SOCKET], type: 'Air', heightMM: 155, ratedTdpW: 150 },
  ),
  storage(
    '1 TB 2.5-inch SATA SSD',
    'Reliable 2.5-inch SATA III solid-state drive with up to 560 MB/s reads, ideal for reviving laptops and older desktops. Sold in packs of five.',
    { price: 5999, stock: 720, min: 5 },
    { interface: 'SATA 2.5"', capacityGB: 1000 },
  ),
  gpu(
    '16 GB Triple-Fan Graphics Card',
    'Enthusiast GeForce RTX 4080 SUPER card with 16 GB of GDDR6X, a 3.5-slot vapour-chamber cooler and three axial fans for 4K gaming.',
    { price: 79999, stock: 40 },
    { chip: 'GeForce RTX 4080 SUPER', memoryGB: 16, boardPowerW: 320, lengthMM: 310, pcie8Pin: 0, pcie12v2x6: 1 },
  ),
  psu(
    '650 W 80+ Bronze PSU',
    'Non-modular ATX power supply with 80+ Bronze efficiency, a 120 mm fan and full over-voltage and short-circuit protection. Sold in packs of four for office builds.',
    { price: 6499, stock: 380, min: 4 },
    { wattage: 650, efficiency: '80+ Bronze', pcie8Pin: 2, pcie12v2x6: 0 },
  ),

  storage(
    '4 TB NVMe PCIe 5.0 SSD',
    'Next-generation M.2 drive reaching 12,000 MB/s sequential reads, shipped with a finned aluminium heatsink to prevent throttling.',
    { price: 34999, stock: 150 },
    { interface: 'NVMe M.2', capacityGB: 4000 },
  ),
  psu(
    '750 W SFX 80+ Platinum PSU',
    'Compact SFX power supply for small-form-factor builds, with a semi-passive mode that keeps the fan quiet under light loads.',
    { price: 15999, stock: 110 },
    { wattage: 750, efficiency: '80+ Platinum', pcie8Pin: 2, pcie12v2x6: 1 },
  ),
  board(
    'B760M Micro-ATX Motherboard',
    'Micro-ATX LGA1700 board with two DDR5 slots, a reinforced PCIe x16 slot, 2.5 GbE LAN and two M.2 sockets for compact builds.',
    { price: 12999, stock: 200 },
    { socket: 'LGA1700', chipset: 'B760', formFactor: 'Micro-ATX', memoryType: 'DDR5', memorySlots: 2, maxMemoryGB: 96, m2Slots: 2, sataPorts: 4 },
  ),
  gpu(
    '8 GB Compact Single-Fan Graphics Card',
    'Short single-fan GeForce RTX 4060 card with 8 GB of GDDR6 that fits mini-ITX cases, drawing power from a single 8-pin connector.',
    { price: 21999, stock: 170 },
    { chip: 'GeForce RTX 4060', memoryGB: 8, boardPowerW: 115, lengthMM: 170, pcie8Pin: 1, pcie12v2x6: 0 },
  ),
  memory(
    '64 GB DDR5-5600 RGB Kit (2x32 GB)',
    'High-capacity DDR5 kit at 5600 MT/s with white heat spreaders and addressable RGB light bars for content creation rigs.',
    { price: 19499, stock: 300 },
    { memoryType: 'DDR5', modules: 2, moduleGB: 32, speedMTs: 5600 },
  ),
  cooler(
    '360 mm ARGB AIO Liquid Cooler',
    'Triple-fan 360 mm liquid cooler with an addressable RGB pump cap, built to keep high-core-count CPUs cool during long renders.',
    { price: 14499, stock: 130 },
    { sockets: [...EVERY_SOCKET], type: 'AIO 360', heightMM: 52, ratedTdpW: 300 },
  ),

  board(
    'X870E Creator ATX Motherboard',
    'Flagship AM5 board with PCIe 5.0 for the graphics card and two of its four M.2 sockets, 10 GbE, Wi-Fi 7 and dual USB4 ports.',
    { price: 39999, stock: 45 },
    { socket: 'AM5', chipset: 'X870E', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryGB: 256, m2Slots: 4, sataPorts: 4 },
  ),
  memory(
    '96 GB DDR5-6400 Kit (2x48 GB)',
    'Two 48 GB DDR5 modules at 6400 MT/s CL32: workstation capacity on two slots, with EXPO and XMP profiles.',
    { price: 28999, stock: 120 },
    { memoryType: 'DDR5', modules: 2, moduleGB: 48, speedMTs: 6400 },
  ),
  storage(
    '500 GB NVMe PCIe 3.0 SSD',
    'Entry-level M.2 2280 drive with reads up to 3,500 MB/s, a quick boot drive for budget and office builds.',
    { price: 3999, stock: 800 },
    { interface: 'NVMe M.2', capacityGB: 500 },
  ),
  cooler(
    'Low-Profile LGA1700 Air Cooler',
    'Only 47 mm tall for slim cases, with a 92 mm fan and a backplate for Intel LGA1700 boards only; rated for processors up to 95 W.',
    { price: 3999, stock: 210 },
    { sockets: ['LGA1700'], type: 'Air', heightMM: 47, ratedTdpW: 95 },
  ),
  psu(
    '1000 W 80+ Gold ATX 3.1 PSU',
    'Fully modular 1000 W power supply with a native 12V-2x6 cable and four PCIe 8-pin leads, ready for high-end graphics cards.',
    { price: 17999, stock: 95 },
    { wattage: 1000, efficiency: '80+ Gold', pcie8Pin: 4, pcie12v2x6: 1 },
  ),
  gpu(
    'GeForce RTX 4090 24 GB Triple-Fan Graphics Card',
    'The fastest GeForce card with 24 GB of GDDR6X, a 3.5-slot cooler with three 110 mm fans and a single 12V-2x6 power input.',
    { price: 179999, stock: 15 },
    { chip: 'GeForce RTX 4090', memoryGB: 24, boardPowerW: 450, lengthMM: 336, pcie8Pin: 0, pcie12v2x6: 1 },
  ),

  board(
    'A520M Micro-ATX Motherboard',
    'Budget AM4 board with two DDR4 slots, one M.2 socket and HDMI output for Ryzen processors with graphics.',
    { price: 7999, stock: 260 },
    { socket: 'AM4', chipset: 'A520', formFactor: 'Micro-ATX', memoryType: 'DDR4', memorySlots: 2, maxMemoryGB: 64, m2Slots: 1, sataPorts: 4 },
  ),
  memory(
    '128 GB DDR5-5200 Kit (4x32 GB)',
    'Four 32 GB DDR5 modules at 5200 MT/s for rendering and virtual machines; fills all four slots of an ATX board.',
    { price: 37999, stock: 70 },
    { memoryType: 'DDR5', modules: 4, moduleGB: 32, speedMTs: 5200 },
  ),
  storage(
    '2 TB 2.5-inch SATA SSD',
    'High-capacity 2.5-inch SATA III drive with 560 MB/s reads, for a games library or bulk storage beside an NVMe system drive.',
    { price: 11999, stock: 340 },
    { interface: 'SATA 2.5"', capacityGB: 2000 },
  ),
  cooler(
    '280 mm AIO Liquid Cooler',
    'Liquid cooler with a 280 mm radiator and two 140 mm fans that spin slower than three 120s for the same cooling.',
    { price: 11999, stock: 140 },
    { sockets: [...EVERY_SOCKET], type: 'AIO 280', heightMM: 52, ratedTdpW: 280 },
  ),
  psu(
    '550 W 80+ Bronze PSU',
    'Compact non-modular ATX supply with one PCIe 8-pin lead: enough for an office PC or a budget gaming build.',
    { price: 4999, stock: 450 },
    { wattage: 550, efficiency: '80+ Bronze', pcie8Pin: 1, pcie12v2x6: 0 },
  ),
  gpu(
    'Radeon RX 7600 8 GB Dual-Fan Graphics Card',
    'Radeon RX 7600 with 8 GB of GDDR6 and a quiet dual-fan cooler for 1080p gaming, powered by one 8-pin connector.',
    { price: 25999, stock: 160 },
    { chip: 'Radeon RX 7600', memoryGB: 8, boardPowerW: 165, lengthMM: 204, pcie8Pin: 1, pcie12v2x6: 0 },
  ),

  board(
    'B650I Mini-ITX Motherboard',
    'Mini-ITX AM5 board with two DDR5 slots, two M.2 sockets (one on the back), Wi-Fi 6E and a strong VRM for small builds.',
    { price: 22999, stock: 80 },
    { socket: 'AM5', chipset: 'B650', formFactor: 'Mini-ITX', memoryType: 'DDR5', memorySlots: 2, maxMemoryGB: 96, m2Slots: 2, sataPorts: 2 },
  ),
  memory(
    '16 GB DDR5-5600 Kit (2x8 GB)',
    'Entry DDR5 kit at 5600 MT/s with slim heat spreaders: dual-channel memory for a budget AM5 or Intel build.',
    { price: 5499, stock: 700 },
    { memoryType: 'DDR5', modules: 2, moduleGB: 8, speedMTs: 5600 },
  ),
  storage(
    '8 TB NVMe PCIe 4.0 SSD',
    'Eight terabytes on one M.2 2280 drive with reads up to 7,000 MB/s, for video editors and very large game libraries.',
    { price: 64999, stock: 30 },
    { interface: 'NVMe M.2', capacityGB: 8000 },
  ),
  cooler(
    'Dual-Tower Performance Air Cooler',
    'Twin-tower heatsink with seven heat pipes and two 140 mm fans that handles 260 W processors without a pump.',
    { price: 8999, stock: 180 },
    { sockets: [...EVERY_SOCKET], type: 'Air', heightMM: 165, ratedTdpW: 260 },
  ),
  psu(
    '1200 W 80+ Platinum PSU',
    'Fully modular 1200 W supply with two 12V-2x6 cables and six PCIe 8-pin leads for multi-GPU workstations.',
    { price: 26999, stock: 60 },
    { wattage: 1200, efficiency: '80+ Platinum', pcie8Pin: 6, pcie12v2x6: 2 },
  ),
  gpu(
    'Radeon RX 7800 XT 16 GB Graphics Card',
    'Radeon RX 7800 XT with 16 GB of GDDR6 and a triple-fan cooler, a 1440p card that takes two 8-pin connectors.',
    { price: 49999, stock: 75 },
    { chip: 'Radeon RX 7800 XT', memoryGB: 16, boardPowerW: 263, lengthMM: 267, pcie8Pin: 2, pcie12v2x6: 0 },
  ),

  board(
    'Z890 ATX Motherboard',
    'LGA1851 board for Core Ultra 200S processors with four DDR5 slots, four M.2 sockets, Thunderbolt 4 and Wi-Fi 7.',
    { price: 32999, stock: 55 },
    { socket: 'LGA1851', chipset: 'Z890', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryGB: 256, m2Slots: 4, sataPorts: 4 },
  ),
  memory(
    '48 GB DDR5-7200 Kit (2x24 GB)',
    'Fast DDR5 kit at 7200 MT/s with 24 GB modules, tuned for recent Intel boards with strong memory overclocking.',
    { price: 17999, stock: 110 },
    { memoryType: 'DDR5', modules: 2, moduleGB: 24, speedMTs: 7200 },
  ),
  storage(
    '4 TB 2.5-inch SATA SSD',
    'Four terabytes of quiet, cool SATA storage in a 2.5-inch drive, with a five-year warranty.',
    { price: 26999, stock: 90 },
    { interface: 'SATA 2.5"', capacityGB: 4000 },
  ),
  cooler(
    'AM4 Top-Flow Air Cooler',
    'Low top-flow cooler with a 120 mm fan that also cools the board around the socket; AM4 mounting only, rated for 125 W.',
    { price: 2999, stock: 300 },
    { sockets: ['AM4'], type: 'Air', heightMM: 75, ratedTdpW: 125 },
  ),
  psu(
    '750 W 80+ Gold PSU',
    'Semi-modular 750 W supply with three PCIe 8-pin leads and a quiet 120 mm fan; no 12V-2x6 cable.',
    { price: 9999, stock: 260 },
    { wattage: 750, efficiency: '80+ Gold', pcie8Pin: 3, pcie12v2x6: 0 },
  ),
  gpu(
    'Radeon RX 7900 XTX 24 GB Graphics Card',
    'Radeon RX 7900 XTX with 24 GB of GDDR6, a triple-fan cooler and three 8-pin power connectors for 4K gaming.',
    { price: 94999, stock: 35 },
    { chip: 'Radeon RX 7900 XTX', memoryGB: 24, boardPowerW: 355, lengthMM: 287, pcie8Pin: 3, pcie12v2x6: 0 },
  ),

  board(
    'B760 DDR4 ATX Motherboard',
    'LGA1700 ATX board that keeps your DDR4: four DDR4 slots, two M.2 sockets and 2.5 GbE LAN for 12th to 14th gen Core.',
    { price: 14999, stock: 130 },
    { socket: 'LGA1700', chipset: 'B760', formFactor: 'ATX', memoryType: 'DDR4', memorySlots: 4, maxMemoryGB: 128, m2Slots: 2, sataPorts: 4 },
  ),
  memory(
    '64 GB DDR4-3200 Kit (4x16 GB)',
    'Four 16 GB DDR4 modules at 3200 MT/s for a DDR4 workstation; needs a board with four memory slots.',
    { price: 11999, stock: 180 },
    { memoryType: 'DDR4', modules: 4, moduleGB: 16, speedMTs: 3200 },
  ),
  storage(
    '2 TB NVMe PCIe 5.0 SSD',
    'PCIe 5.0 M.2 drive with reads up to 10,000 MB/s and a slim heatsink that fits under most graphics cards.',
    { price: 21999, stock: 140 },
    { interface: 'NVMe M.2', capacityGB: 2000 },
  ),
  cooler(
    'Compact 92 mm Air Cooler',
    'Small tower cooler with a 92 mm fan for Micro-ATX and Mini-ITX builds, rated for processors up to 120 W.',
    { price: 2499, stock: 420 },
    { sockets: ['AM4', 'AM5', 'LGA1700'], type: 'Air', heightMM: 125, ratedTdpW: 120 },
  ),
  psu(
    '1600 W 80+ Titanium PSU',
    'Titanium-efficiency 1600 W supply with two 12V-2x6 and six PCIe 8-pin leads, for the most demanding workstations.',
    { price: 44999, stock: 25 },
    { wattage: 1600, efficiency: '80+ Titanium', pcie8Pin: 6, pcie12v2x6: 2 },
  ),
  gpu(
    'GeForce RTX 4060 Ti 16 GB Dual-Fan Graphics Card',
    'GeForce RTX 4060 Ti with 16 GB of GDDR6 and a dual-fan cooler: a quiet 1440p card powered by one 8-pin connector.',
    { price: 44999, stock: 85 },
    { chip: 'GeForce RTX 4060 Ti', memoryGB: 16, boardPowerW: 165, lengthMM: 244, pcie8Pin: 1, pcie12v2x6: 0 },
  ),
];

export const seedReviews: readonly SeedReview[] = [
  {
    name: 'Daniel Okafor',
    review:
      'Ordered the 850 W PSU and a memory kit for a new build. Both arrived in two days, well packed, and the system booted first try.',
    ratings: 5,
  },
  {
    name: 'Priya Raman',
    review:
      'The B650 board is great value and the BIOS was already updated. Delivery took a day longer than promised, so four stars.',
    ratings: 4,
  },
  {
    name: 'Marcus Lindqvist',
    review:
      'Decent prices on SSDs, but the minimum order quantity on some items is a bit high for a hobbyist. The drive itself is fast.',
    ratings: 3,
  },
  {
    name: 'Sofia Marin',
    review:
      'We equip our office workstations from this shop. Bulk ordering is easy and every graphics card passed our burn-in tests.',
    ratings: 5,
  },
  {
    name: 'Kenji Watanabe',
    review:
      'The quiet tower cooler really is quiet. Installation was simple, although the mounting instructions could be clearer.',
    ratings: 4,
  },
  {
    name: 'Aisha Bello',
    review:
      'One of my RAM sticks was dead on arrival. Support sent a replacement, but it took over a week to sort out.',
    ratings: 2,
  },
  {
    name: 'Tomás Herrera',
    review:
      'Third order from PC Part Picker and still impressed. Clear stock levels, honest specs and quick shipping every time.',
    ratings: 5,
  },
  {
    name: 'Emily Carter',
    review:
      'The 360 mm AIO keeps my CPU under 70 °C in long renders. The RGB software is clunky, but the hardware is solid.',
    ratings: 4,
  },
];
