export type PageItem = number | 'gap';

/**
 * The page numbers a pager shows: the first, the last, and the current one with its neighbours;
 * a gap stands for two or more hidden pages (a single hidden page is shown instead).
 */
export function pageWindow(current: number, pages: number, neighbours = 1): PageItem[] {
  if (pages <= 0) return [];
  const shown = new Set<number>([1, pages]);
  for (let page = current - neighbours; page <= current + neighbours; page += 1) {
    if (page >= 1 && page <= pages) shown.add(page);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  });
  return items;
}
