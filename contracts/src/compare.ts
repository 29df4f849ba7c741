// Parts compared side by side (issue 33): the tray's rule, the page's address and its texts.

/** How many parts the compare tray holds, all of one category. */
export const COMPARE_MAX = 4;
export const COMPARE_PATH = '/compare';

/** The compare page's shareable address for these part ids, in the order added. */
export function compareHref(ids: readonly string[]): string {
  return `${COMPARE_PATH}?ids=${ids.map(encodeURIComponent).join(',')}`;
}

/** The ids of `?ids=a,b,c`: 24-hex ids only, no repeats, at most COMPARE_MAX. */
export function compareIds(search: string): string[] {
  const raw = new URLSearchParams(search).get('ids') ?? '';
  const ids = raw.split(',').map((id) => id.trim().toLowerCase()).filter((id) => /^[0-9a-f]{24}$/.test(id));
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}

export const compareText = {
  add: 'Compare',
  /** A Compare button, as screen readers name it among many: the part it puts in the tray. */
  addPart: (name: string) => `Compare ${name}`,
  remove: 'Remove from compare',
  trayLabel: 'Compare tray',
  open: (count: number) => `Compare ${count} ${count === 1 ? 'part' : 'parts'}`,
  clear: 'Clear',
  full: `The compare tray holds ${COMPARE_MAX} parts: remove one first.`,
  otherCategory: (category: string) => `The compare tray holds ${category} parts: clear it to compare another category.`,
  title: 'Compare parts',
  none: 'Choose up to 4 parts of one category with their Compare buttons, then open the compare tray.',
  differs: 'differs',
  rows: { price: 'Price', rating: 'Rating', stock: 'In stock', category: 'Category' },
  legend: 'Highlighted rows differ between the parts.',
} as const;
