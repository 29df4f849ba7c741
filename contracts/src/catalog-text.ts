// The catalog page's own sentences, a module of their own: catalog-query.ts is on every page's
// first load (the routes read its constants), these only on the catalog page.

/** The catalog's own sentences (the spec has no catalog). */
export const catalogText = {
  /** The phone's drawer of filters and its button. */
  filterAndSort: 'Filter & sort',
  closeFilters: 'Close',
  showResults: (count: number | undefined) => (count === undefined ? 'Show the parts' : `Show ${count} ${count === 1 ? 'part' : 'parts'}`),
  /** The empty list: which filter emptied it, and what removing it leaves. */
  emptiedBy: (filter: string, count: number) => `${filter} emptied the list: without it, ${count} ${count === 1 ? 'part matches' : 'parts match'}.`,
  noneMatch: 'No parts match all these filters.',
  remove: (filter: string) => `Remove ${filter}`,
  withoutIt: (filter: string, count: number) => `Without ${filter}: ${count} ${count === 1 ? 'part' : 'parts'}`,
} as const;
