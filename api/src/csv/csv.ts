import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';

// CSV in and out (GET /orders.csv, GET /tools.csv, POST /tools/import), written and read by the
// csv-stringify and csv-parse libraries; this file adds the spreadsheet-formula escape and the
// streaming to a response.

export type CsvCell = string | number | null | undefined;

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection": it starts with =, +, -, @,
 * a tab or a carriage return) gets a leading apostrophe, so it is shown as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function spreadsheetSafe(cell: CsvCell): string | number {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return cell;
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** A cell read back from one of our files: the apostrophe spreadsheetSafe added is taken off. */
export function unescapeSpreadsheetCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * Rows from `source` (a database cursor) as CSV text under `columns`, each cell escaped, pulled
 * only as fast as the reader takes the text: the rows never sit in memory together.
 */
export function csvStream<T>(source: AsyncIterable<T>, columns: readonly string[], toRow: (item: T) => CsvCell[]): Readable {
  const rows = new Transform({
    objectMode: true,
    transform(item: T, _encoding, done) {
      done(null, toRow(item).map(spreadsheetSafe));
    },
  });
  const text = stringify({ header: true, columns: [...columns], bom: true, record_delimiter: 'windows' });
  // Errors of the source or a row end the text stream too (pipeline's reader sees them).
  void pipeline(Readable.from(source), rows, text).catch((error: unknown) => text.destroy(error as Error));
  return text;
}

/** Sends a CSV stream as a download; a failure after the first bytes cuts the response short. */
export async function sendCsv(res: Response, filename: string, csv: Readable): Promise<void> {
  res.status(200).set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
  try {
    await pipeline(csv, res);
  } catch (error) {
    if (!res.headersSent) throw error;
    res.destroy(error as Error);
  }
}

/** A CSV text as rows of cells (the first being the header); throws the library's error on broken quoting. */
export function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
}
