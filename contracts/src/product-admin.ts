// Manage Products at scale (issue 34): the stock filter, the admin's sorts, bulk changes and the
// CSV import, as the api and mf-admin both read them. Texts and rules only: the schemas are in
// product-admin-schemas.ts.

/** GET /tools?stock=: in stock (above the low mark), low (1 to LOW_STOCK_MAX left), sold out (0). */
export const STOCK_FILTERS = ['in-stock', 'low', 'sold-out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
/** At most this many left (and at least one) is "low" in Manage Products' stock filter. */
export const LOW_STOCK_MAX = 10;

export const stockFilterLabels: Readonly<Record<StockFilter, string>> = {
  'in-stock': `In stock (more than ${LOW_STOCK_MAX})`,
  low: `Low (${LOW_STOCK_MAX} or fewer)`,
  'sold-out': 'Sold out',
};

/** The orders Manage Products offers besides the catalog's (GET /tools?sort=). */
export const ADMIN_PART_SORTS = ['newest', 'name-asc', 'name-desc', 'price-asc', 'price-desc', 'stock-asc', 'stock-desc'] as const;
export type AdminPartSort = (typeof ADMIN_PART_SORTS)[number];

export const adminPartSortLabels: Readonly<Record<AdminPartSort, string>> = {
  newest: 'Newest first',
  'name-asc': 'Name: A to Z',
  'name-desc': 'Name: Z to A',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'stock-asc': 'Stock: fewest first',
  'stock-desc': 'Stock: most first',
};

/** Rows one bulk change may touch (POST /tools/bulk): a page of Manage Products at its largest. */
export const BULK_EDIT_MAX = 50;

/** POST /tools/import: the largest CSV body and the most rows one import takes. */
export const PART_IMPORT_MAX_BYTES = 512 * 1024;
export const PART_IMPORT_MAX_ROWS = 1000;

/** The columns of GET /tools.csv, which POST /tools/import reads back (specs as JSON). */
export const PART_CSV_COLUMNS = ['name', 'category', 'price', 'p_quantity', 'min_quantity', 'description', 'img', 'specs'] as const;

/** Our sentences for Manage Products' bulk changes and the import (the spec has none). */
export const productAdminText = {
  bulkDone: (updated: number) => `${updated} ${updated === 1 ? 'product' : 'products'} changed.`,
  bulkRefused: (names: readonly string[]) => `Not changed: ${names.join(', ')}.`,
  partGone: 'This product was deleted meanwhile.',
  importNeedsCsv: 'Send the CSV file as the body, with Content-Type: text/csv',
  importTooLarge: `The CSV file is too large: at most ${PART_IMPORT_MAX_BYTES / 1024} KB`,
  importTooManyRows: `The CSV file has too many rows: at most ${PART_IMPORT_MAX_ROWS}`,
  importNoRows: 'The CSV file has no rows below its header',
  importUnreadable: (reason: string) => `The CSV file could not be read: ${reason}`,
  importMissingColumns: (columns: readonly string[]) => `The CSV file's header lacks ${columns.join(', ')}`,
  importUnknownColumns: (columns: readonly string[]) => `The CSV file's header has unknown columns: ${columns.join(', ')} (use ${PART_CSV_COLUMNS.join(', ')})`,
  importDuplicate: (row: number) => `The same name and category as row ${row}, and the catalog has no other part of them.`,
  importCategory: (categories: readonly string[]) => `The category must be one of: ${categories.join(', ')}.`,
  importNameRequired: 'The name is required.',
  importImageRefused: 'The photo must be one of the shop’s uploads (POST /uploads) or its own pictures (/images/parts/…).',
  importPrice: 'The price must be in dollars, like 129.99.',
  importWholeNumber: (column: string) => `${column === 'p_quantity' ? 'The quantity' : 'The minimum order'} must be a whole number.`,
  importSpecsJson: 'The specs must be JSON, as Download CSV writes them.',
  importMinimumAboveStock: 'The minimum order must not be above the quantity.',
  importApplied: (created: number, updated: number) => `Imported: ${created} created, ${updated} updated.`,
  /** Bulk change: what will change, asked before saving. */
  bulkPreviewTitle: (count: number) => `Change ${count} ${count === 1 ? 'product' : 'products'}?`,
  bulkPreviewBody: 'Each product below is saved only if nobody changed it since this page loaded it. Activity keeps one entry per product, so each change can be put back.',
  bulkPreviewList: 'Changes to save',
  bulkUnchanged: 'no change',
  bulkSave: (count: number) => `Save ${count} ${count === 1 ? 'change' : 'changes'}`,
  bulkSaving: 'Saving…',
  bulkNothingTitle: 'Nothing to change',
  bulkNothing: 'Every selected product already has this value.',
  bulkNothingClose: 'OK',
  /** Activity's details of an edit made by a bulk change, an import, a put back. */
  bulkDetails: 'bulk change',
  importDetails: 'CSV import',
  putBackDetails: 'put back',
  /** Putting an edit back from Activity (POST /tools/{id}/put-back). */
  putBack: 'Put back',
  putBackTitle: (name: string) => `Put ${name} back as it was before this edit?`,
  putBackBody: 'The fields below go back to their values before the edit (the stock by the same number of units). It is saved only if nobody changed the product since.',
  putBackBusy: 'Putting back…',
  putBackDone: (name: string) => `${name} is back as it was before this edit.`,
  putBackBy: (admin: string, when: string) => `Put back by ${admin} on ${when}.`,
  putBackUnknown: 'No product edit of this part has this Activity id.',
  putBackAlready: (admin: string) => `This edit was put back already, by ${admin}.`,
  putBackChangedSince: 'This product was changed again after this edit: open it and change it by hand.',
} as const;
