import type { Category } from '@pcpp/contracts/core';

/** A demo part inserted by the seeder. Money is integer cents. */
export interface SeedPart {
  name: string;
  description: string;
  category: Category;
  /** Path served by the api (see api/public/images/parts). */
  img: string;
  /** Unit price in integer cents. */
  price: number;
  /** Stock available. */
  p_quantity: number;
  /** Minimum order quantity. */
  min_quantity: number;
}

export interface SeedReview {
  name: string;
  review: string;
  /** Integer 0..5. */
  ratings: number;
}

const part = (slug: string): string => `/images/parts/${slug}.svg`;

/**
 * Demo catalog, in insertion order. The list is three blocks of six parts,
 * and each block holds one part of every category, so the last six (shown
 * as "latest" on the home page) cover all six categories.
 */
export const seedParts: readonly SeedPart[] = [
  {
    name: 'B650 WiFi ATX Motherboard',
    description:
      'AM5 ATX board with a 14+2 phase VRM, four DDR5 slots, two M.2 PCIe 4.0 sockets and built-in Wi-Fi 6E with Bluetooth 5.3.',
    category: 'Motherboard',
    img: part('b650-wifi-atx-motherboard'),
    price: 18999,
    p_quantity: 120,
    min_quantity: 2,
  },
  {
    name: '32 GB DDR5-6000 Kit (2x16 GB)',
    description:
      'Dual-channel DDR5 kit rated at 6000 MT/s CL30 with low-profile aluminium heat spreaders and one-click EXPO/XMP profiles.',
    category: 'Memory',
    img: part('32-gb-ddr5-6000-kit-2x16-gb'),
    price: 10499,
    p_quantity: 640,
    min_quantity: 4,
  },
  {
    name: '2 TB NVMe PCIe 4.0 SSD',
    description:
      'M.2 2280 drive with sequential reads up to 7,000 MB/s, a DRAM cache and 1,200 TBW endurance, backed by a five-year warranty.',
    category: 'Storage',
    img: part('2-tb-nvme-pcie-4-0-ssd'),
    price: 13999,
    p_quantity: 480,
    min_quantity: 5,
  },
  {
    name: '240 mm AIO Liquid Cooler',
    description:
      'All-in-one liquid cooler with a 240 mm aluminium radiator, two PWM fans and a copper cold plate for AM5 and LGA1700 sockets.',
    category: 'CPU Cooler',
    img: part('240-mm-aio-liquid-cooler'),
    price: 8999,
    p_quantity: 260,
    min_quantity: 3,
  },
  {
    name: '850 W 80+ Gold Modular PSU',
    description:
      'Fully modular ATX 3.1 power supply with a native 12V-2x6 cable, Japanese capacitors and a fluid-bearing 135 mm fan.',
    category: 'Power Supplies',
    img: part('850-w-80-gold-modular-psu'),
    price: 12499,
    p_quantity: 210,
    min_quantity: 2,
  },
  {
    name: '12 GB Dual-Fan Graphics Card',
    description:
      'Mid-range graphics card with 12 GB of GDDR6, a compact dual-fan cooler and a metal backplate, built for 1440p gaming.',
    category: 'Video Card',
    img: part('12-gb-dual-fan-graphics-card'),
    price: 42999,
    p_quantity: 90,
    min_quantity: 2,
  },
  {
    name: '16 GB DDR4-3200 Kit (2x8 GB)',
    description:
      'Budget-friendly DDR4 memory kit running at 3200 MT/s CL16 on a plain green PCB, a drop-in upgrade for older desktops.',
    category: 'Memory',
    img: part('16-gb-ddr4-3200-kit-2x8-gb'),
    price: 3999,
    p_quantity: 900,
    min_quantity: 10,
  },
  {
    name: 'Z790 Pro ATX Motherboard',
    description:
      'High-end LGA1700 board with a 20-phase VRM, PCIe 5.0 x16 slot, four M.2 sockets, 2.5 GbE LAN and a USB4 rear port.',
    category: 'Motherboard',
    img: part('z790-pro-atx-motherboard'),
    price: 27999,
    p_quantity: 60,
    min_quantity: 2,
  },
  {
    name: 'Quiet Single-Tower Air Cooler',
    description:
      'Single-tower heatsink with four copper heat pipes and a 120 mm fluid-bearing fan that stays quiet at under 25 dBA.',
    category: 'CPU Cooler',
    img: part('quiet-single-tower-air-cooler'),
    price: 3499,
    p_quantity: 540,
    min_quantity: 6,
  },
  {
    name: '1 TB 2.5-inch SATA SSD',
    description:
      'Reliable 2.5-inch SATA III solid-state drive with up to 560 MB/s reads, ideal for reviving laptops and older desktops.',
    category: 'Storage',
    img: part('1-tb-2-5-inch-sata-ssd'),
    price: 5999,
    p_quantity: 720,
    min_quantity: 8,
  },
  {
    name: '16 GB Triple-Fan Graphics Card',
    description:
      'Enthusiast graphics card with 16 GB of GDDR6X, a 3.5-slot vapour-chamber cooler and three axial fans for 4K gaming.',
    category: 'Video Card',
    img: part('16-gb-triple-fan-graphics-card'),
    price: 79999,
    p_quantity: 40,
    min_quantity: 1,
  },
  {
    name: '650 W 80+ Bronze PSU',
    description:
      'Non-modular ATX power supply with 80+ Bronze efficiency, a 120 mm fan and full over-voltage and short-circuit protection.',
    category: 'Power Supplies',
    img: part('650-w-80-bronze-psu'),
    price: 6499,
    p_quantity: 380,
    min_quantity: 4,
  },
  {
    name: '4 TB NVMe PCIe 5.0 SSD',
    description:
      'Next-generation M.2 drive reaching 12,000 MB/s sequential reads, shipped with a finned aluminium heatsink to prevent throttling.',
    category: 'Storage',
    img: part('4-tb-nvme-pcie-5-0-ssd'),
    price: 34999,
    p_quantity: 150,
    min_quantity: 2,
  },
  {
    name: '750 W SFX 80+ Platinum PSU',
    description:
      'Compact SFX power supply for small-form-factor builds, with a semi-passive mode that keeps the fan quiet under light loads.',
    category: 'Power Supplies',
    img: part('750-w-sfx-80-platinum-psu'),
    price: 15999,
    p_quantity: 110,
    min_quantity: 2,
  },
  {
    name: 'B760M Micro-ATX Motherboard',
    description:
      'Micro-ATX LGA1700 board with two DDR5 slots, a reinforced PCIe x16 slot, 2.5 GbE LAN and two M.2 sockets for compact builds.',
    category: 'Motherboard',
    img: part('b760m-micro-atx-motherboard'),
    price: 12999,
    p_quantity: 200,
    min_quantity: 3,
  },
  {
    name: '8 GB Compact Single-Fan Graphics Card',
    description:
      'Short single-fan card with 8 GB of GDDR6 that fits mini-ITX cases, drawing power from a single 8-pin connector.',
    category: 'Video Card',
    img: part('8-gb-compact-single-fan-graphics-card'),
    price: 21999,
    p_quantity: 170,
    min_quantity: 2,
  },
  {
    name: '64 GB DDR5-5600 RGB Kit (2x32 GB)',
    description:
      'High-capacity DDR5 kit at 5600 MT/s with white heat spreaders and addressable RGB light bars for content creation rigs.',
    category: 'Memory',
    img: part('64-gb-ddr5-5600-rgb-kit-2x32-gb'),
    price: 19499,
    p_quantity: 300,
    min_quantity: 2,
  },
  {
    name: '360 mm ARGB AIO Liquid Cooler',
    description:
      'Triple-fan 360 mm liquid cooler with an addressable RGB pump cap, built to keep high-core-count CPUs cool during long renders.',
    category: 'CPU Cooler',
    img: part('360-mm-argb-aio-liquid-cooler'),
    price: 14499,
    p_quantity: 130,
    min_quantity: 2,
  },
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
