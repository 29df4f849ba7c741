import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import { csvStream, parseCsv, spreadsheetSafe, unescapeSpreadsheetCell } from './csv';

describe('spreadsheetSafe (OWASP CSV injection)', () => {
  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")'])('prefixes %j with an apostrophe', (cell) => {
    expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
  });
  it('leaves other text and numbers as they are', () => {
    expect(spreadsheetSafe('Ryzen 7 9800X3D')).toBe('Ryzen 7 9800X3D');
    expect(spreadsheetSafe('a=b')).toBe('a=b');
    expect(spreadsheetSafe(-5)).toBe(-5);
    expect(spreadsheetSafe(undefined)).toBe('');
  });
  it('is undone when our own file is read back, and only for the escaped starts', () => {
    expect(unescapeSpreadsheetCell("'=1+1")).toBe('=1+1');
    expect(unescapeSpreadsheetCell("'quoted'")).toBe("'quoted'");
  });
});

/** 100,000 rows made one at a time, counting how many the stream has pulled. */
function countedRows(total: number) {
  const counter = { pulled: 0 };
  async function* rows() {
    for (let index = 0; index < total; index += 1) {
      counter.pulled += 1;
      yield { index, name: index === 7 ? '=cmd|calc' : `Part ${index}` };
    }
  }
  return { counter, rows: rows() };
}

describe('csvStream', () => {
  it('pulls rows only as fast as the reader takes the text (100,000 rows never all in memory)', async () => {
    const total = 100_000;
    const { counter, rows } = countedRows(total);
    const stream = csvStream(rows, ['index', 'name'], (row) => [row.index, row.name]);
    // Read one chunk, then stop reading and let the stream run as far as it will on its own.
    const first = await new Promise<Buffer>((resolve) => stream.once('data', (chunk: Buffer) => { stream.pause(); resolve(chunk); }));
    for (let turn = 0; turn < 200; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    const pulledWhilePaused = counter.pulled;
    // The stream's buffers hold a few hundred rows at most: nowhere near all of them.
    expect(pulledWhilePaused).toBeLessThan(5_000);
    expect(first.length).toBeGreaterThan(0);

    // Then everything arrives, in order, with the formula cell escaped; counted chunk by chunk.
    const lines: { count: number; header?: string; seventh?: string } = { count: 0 };
    let tail = first.toString('utf8');
    stream.resume();
    await pipeline(
      stream,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          const parts = (tail + chunk.toString('utf8')).split('\r\n');
          tail = parts.pop() ?? '';
          for (const line of parts) {
            if (lines.count === 0) lines.header = line;
            if (line.startsWith('7,')) lines.seventh = line;
            lines.count += 1;
          }
          done();
        },
      }),
    );
    expect(counter.pulled).toBe(total);
    expect(tail).toBe('');
    expect(lines).toEqual({ count: total + 1, header: '\ufeffindex,name', seventh: "7,'=cmd|calc" });
  });

  it('writes what the parser reads back: quotes, commas and line breaks inside cells', async () => {
    async function* rows() {
      yield ['He said "quiet", really', 'two\nlines', 3];
    }
    const chunks: Buffer[] = [];
    for await (const chunk of csvStream(rows(), ['a', 'b', 'c'], (row) => row)) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(parse(text, { bom: true })).toEqual([['a', 'b', 'c'], ['He said "quiet", really', 'two\nlines', '3']]);
    expect(parseCsv(text)).toEqual([['a', 'b', 'c'], ['He said "quiet", really', 'two\nlines', '3']]);
  });
});
