import {
  CATEGORIES,
  type Category,
  PART_CSV_COLUMNS,
  PART_IMPORT_MAX_ROWS,
  type PartImportRow,
  partInputFields,
  partInputSchema,
  type PartInput,
  type PartPatch,
  parseDollarsToCents,
  productAdminText,
  sameSpecs,
  specsInputSchemas,
} from '@pcpp/contracts/core';
import type { WithId } from 'mongodb';
import type { z } from 'zod';
import { parseCsv, unescapeSpreadsheetCell } from '../../csv/csv';
import type { PartDocument } from './documents';
import { BadRequestError } from '../../errors';

// POST /tools/import: a CSV file's rows checked one by one against the catalog. A row matches a
// part by name and category (whatever the case of the name); a match is an update of the cells
// that are filled in, no match a new part (every cell then required). Numbered as a spreadsheet
// shows them: the header is row 1.

type Column = (typeof PART_CSV_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly Column[] = ['name', 'category'];

export interface ImportError {
  row: number;
  column: string;
  message: string;
}

/** A checked row: what it would do, and the input for it. */
export type PlannedRow =
  | { row: number; name: string; action: 'create'; input: PartInput }
  | { row: number; name: string; action: 'update'; part: WithId<PartDocument>; patch: PartPatch; changes: string[] }
  | { row: number; name: string; action: 'error'; errors: ImportError[] };

export const matchKey = (category: string, name: string) => `${category}\u0000${name.trim().toLowerCase()}`;

/** The header's columns, by position; an unknown or missing column refuses the whole file. */
function readHeader(header: string[]): Column[] {
  const columns = header.map((cell) => cell.trim());
  const unknown = columns.filter((column) => !(PART_CSV_COLUMNS as readonly string[]).includes(column));
  if (unknown.length > 0) throw new BadRequestError(productAdminText.importUnknownColumns(unknown.slice(0, 5)));
  const repeated = columns.filter((column, index) => columns.indexOf(column) !== index);
  if (repeated.length > 0) throw new BadRequestError(productAdminText.importUnknownColumns(repeated.slice(0, 5)));
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw new BadRequestError(productAdminText.importMissingColumns(missing));
  return columns as Column[];
}

/** The file's rows (header checked), or a 400 that says why the file cannot be read at all. */
export function readImportFile(text: string): { row: number; cells: Partial<Record<Column, string>> }[] {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    throw new BadRequestError(productAdminText.importUnreadable((error as Error).message.slice(0, 200)));
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw new BadRequestError(productAdminText.importNoRows);
  if (rows.length > PART_IMPORT_MAX_ROWS) throw new BadRequestError(productAdminText.importTooManyRows);
  const columns = readHeader(header);
  return rows.map((cells, index) => ({
    row: index + 2,
    cells: Object.fromEntries(columns.map((column, at) => [column, unescapeSpreadsheetCell(cells[at] ?? '').trim()])),
  }));
}

/** A cell's value as its field takes it: dollars to cents, counts to numbers, specs from JSON. */
function cellValue(column: Column, text: string): { value: unknown } | { error: string } {
  switch (column) {
    case 'price': {
      const cents = parseDollarsToCents(text.replace(/^\$/, ''));
      return cents === null ? { error: productAdminText.importPrice } : { value: cents };
    }
    case 'p_quantity':
    case 'min_quantity':
      return /^\d{1,9}$/.test(text) ? { value: Number(text) } : { error: productAdminText.importWholeNumber(column) };
    case 'specs':
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return { error: productAdminText.importSpecsJson };
      }
    default:
      return { value: text };
  }
}

const issuesOf = (row: number, error: z.ZodError): ImportError[] =>
  error.issues.map((issue) => ({ row, column: issue.path.length > 0 ? issue.path.map(String).join('.') : 'row', message: issue.message }));

/**
 * What each row would do against the catalog as it is (`byKey`: the parts of each name and
 * category, oldest first, as GET /tools.csv lists them); `imageAllowed` says whether a new photo
 * may be used. The n-th row of a name and category matches the n-th part of them, so a catalog
 * that holds two parts of one name exports and imports back as it stands; a row beyond the parts
 * of its name is a duplicate (a supplier's file naming a new part twice).
 */
export function planImport(
  rows: ReturnType<typeof readImportFile>,
  byKey: Map<string, WithId<PartDocument>[]>,
  imageAllowed: (url: string) => boolean,
): PlannedRow[] {
  const seen = new Map<string, number[]>();
  return rows.map(({ row, cells }): PlannedRow => {
    const name = cells.name ?? '';
    const errors: ImportError[] = [];
    const values: Record<string, unknown> = {};
    for (const column of PART_CSV_COLUMNS) {
      const text = cells[column];
      if (text === undefined || text === '') continue;
      const read = cellValue(column, text);
      if ('error' in read) errors.push({ row, column, message: read.error });
      else values[column] = read.value;
    }
    const category = cells.category ?? '';
    if (!(CATEGORIES as readonly string[]).includes(category)) {
      errors.push({ row, column: 'category', message: productAdminText.importCategory(CATEGORIES) });
    }
    if (!name) errors.push({ row, column: 'name', message: productAdminText.importNameRequired });
    const key = matchKey(category, name);
    const earlier = seen.get(key) ?? [];
    seen.set(key, [...earlier, row]);
    const matches = byKey.get(key) ?? [];
    const part = matches[earlier.length];
    if (earlier.length > 0 && !part && name) errors.push({ row, column: 'name', message: productAdminText.importDuplicate(earlier[0]!) });
    if (typeof values.img === 'string' && values.img !== part?.img && !imageAllowed(values.img)) {
      errors.push({ row, column: 'img', message: productAdminText.importImageRefused });
    }
    if (errors.length > 0) return { row, name, action: 'error', errors };

    if (!part) {
      const parsed = partInputSchema.safeParse(values);
      return parsed.success ? { row, name, action: 'create', input: parsed.data } : { row, name, action: 'error', errors: issuesOf(row, parsed.error) };
    }
    return updateOf(row, name, part, values);
  });
}

/** The cells filled in that differ from the part, as an edit over its version (empty cells keep the field). */
function updateOf(row: number, name: string, part: WithId<PartDocument>, values: Record<string, unknown>): PlannedRow {
  const errors: ImportError[] = [];
  const patch: PartPatch = { version: part.version ?? 0 };
  const changes: string[] = [];
  for (const field of ['price', 'min_quantity', 'description', 'img'] as const) {
    if (values[field] === undefined) continue;
    const parsed = partInputFields[field].safeParse(values[field]);
    if (!parsed.success) errors.push(...issuesOf(row, parsed.error).map((error) => ({ ...error, column: field })));
    else if (parsed.data !== part[field]) {
      Object.assign(patch, { [field]: parsed.data });
      changes.push(field);
    }
  }
  if (values.p_quantity !== undefined && values.p_quantity !== part.p_quantity) {
    patch.p_quantity = { from: part.p_quantity, to: values.p_quantity as number };
    changes.push('p_quantity');
  }
  if (values.specs !== undefined) {
    const parsed = specsInputSchemas[part.category as Category].safeParse(values.specs);
    if (!parsed.success) errors.push(...issuesOf(row, parsed.error).map((error) => ({ ...error, column: `specs.${error.column}` })));
    else if (!sameSpecs(parsed.data, part.specs)) {
      patch.specs = parsed.data as Record<string, unknown>;
      changes.push('specs');
    }
  }
  // Checked when the row changes either: a part whose orders took its stock below its minimum
  // meanwhile exports and imports back as it stands.
  const stock = patch.p_quantity?.to ?? part.p_quantity;
  const minimum = patch.min_quantity ?? part.min_quantity;
  if ((patch.p_quantity || patch.min_quantity !== undefined) && stock !== 0 && minimum > stock) {
    errors.push({ row, column: 'min_quantity', message: productAdminText.importMinimumAboveStock });
  }
  if (errors.length > 0) return { row, name, action: 'error', errors };
  return { row, name, action: 'update', part, patch, changes };
}

/** A planned row as the answer shows it. */
export function toImportRow(planned: PlannedRow): PartImportRow {
  return {
    row: planned.row,
    action: planned.action,
    name: planned.name,
    errors: planned.action === 'error' ? planned.errors : [],
    changes: planned.action === 'update' ? planned.changes : [],
  };
}
