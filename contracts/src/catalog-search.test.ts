import { catalogQueryFields } from './catalog-query-schemas';
import { CATALOG_SEARCH_PARAMS, catalogSearchReaders } from './catalog-search';

// The pages read their URL without zod; the api reads the same parameters with its schemas. What one
// accepts the other must, with the same value.
const tries: Record<(typeof CATALOG_SEARCH_PARAMS)[number], string[]> = {
  category: ['CPU', 'Motherboard', 'Video Card', 'cpu', 'Video  Card', ' CPU', ''],
  q: ['ryzen', '  ryzen 7  ', '', '   ', 'a'.repeat(100), ` ${'a'.repeat(100)} `, 'a'.repeat(101), 'bad\u0000', 'Eve \u202Enimda', '\u200Bzero', 'tab\there', '\uD800'],
  socket: ['AM5', 'am5', 'AM3', ''],
  memoryType: ['DDR5', 'DDR3', ''],
  formFactor: ['ATX', 'Micro-ATX', 'micro-atx'],
  interface: ['nvme', 'sata', 'NVMe M.2', ''],
  capacity: ['1', '32', '100000', '100001', '999999', '0', '01', '1.5', '1e3', '', '1000000'],
  wattage: ['under-650', '650-849', '1000-plus', '850-1000', ''],
  minRating: ['1', '5', '0', '6', '4.5', '04', ''],
  sort: ['newest', 'price-asc', 'relevance', 'name', 'stock', 'NEWEST', ''],
  page: ['1', '2', '1000000', '1000001', '0', '1.5', '1e3', '-1', '01', '', '12345678'],
  limit: ['1', '50', '51', '0', '12', ' 12', ''],
};

it.each(CATALOG_SEARCH_PARAMS)('%s: a URL value is read as GET /tools reads it, and refused where it refuses it', (param) => {
  for (const raw of tries[param]) {
    const parsed = catalogQueryFields[param].safeParse(raw);
    expect([raw, catalogSearchReaders[param](raw)]).toEqual([raw, parsed.success ? parsed.data : undefined]);
  }
});
