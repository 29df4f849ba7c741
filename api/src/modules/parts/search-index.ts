import { type Category, type PartSpecs, type SpecField, facetKeysOf, specFields, specsOf } from '@pcpp/contracts/core';
import type { Filter } from 'mongodb';
import type { PartDocument, PartSearchFields } from './documents';

/*
 * The catalog's own search, a database query on indexed arrays (no external engine). Each part
 * stores the words it is found by:
 *   search.terms        its name, its category's words and its spec values ('am5', 'ddr5', '32gb', '850w', '4070');
 *   search.description  its description's words, which rank lower;
 *   search.deletes / search.subs  each term of 4+ letters with one letter taken out, plain and with its
 *                       position: with these, one typo (a letter missing, extra, wrong or two swapped)
 *                       still finds the term through an index lookup.
 * Words with digits never match with a typo: 'ddr5' must not find DDR4, nor '4070' a 4060.
 * A query matches a part when every word of it matches one of its terms, or a word of its description.
 */

/** Bumped whenever what is stored changes: parts stored earlier are indexed again at start. */
export const SEARCH_INDEX_VERSION = 1;
const TYPO_MIN_LENGTH = 4;
const PREFIX_MIN_LENGTH = 3;
const MAX_QUERY_WORDS = 8;
const UNITS = new Set(['gb', 'tb', 'w', 'mm', 'mhz']);
const STOPWORDS = new Set(['a', 'an', 'and', 'the', 'for', 'with', 'of', 'in', 'on', 'to', 'or', 'by']);

/** More words a category answers to: 'ram' finds memory (not an SSD whose description says DRAM). */
const CATEGORY_WORDS: Readonly<Record<Category, string>> = {
  Motherboard: 'motherboard motherboards mainboard mobo board',
  Memory: 'memory ram dimm',
  Storage: 'storage ssd drive',
  'CPU Cooler': 'cpu cooler cooling',
  'Power Supplies': 'power supply supplies psu',
  'Video Card': 'video card graphics gpu',
};

/** A word: letters and digits, with a decimal part ('4.0', 'm.2'). */
const WORD = /[a-z0-9]+(?:\.[0-9]+)?/g;
/** Lowercase, accents dropped. */
const plain = (text: string) => text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/** Lowercase words: 'M.2' → 'm.2' and 'm2'; '32 GB' also gives '32gb'; 'Micro-ATX' also 'microatx'. */
export function words(text: string): string[] {
  const lower = plain(text);
  const found = new Set<string>();
  const raw = lower.match(WORD) ?? [];
  raw.forEach((word, index) => {
    found.add(word);
    if (word.includes('.') && /[a-z]/.test(word)) found.add(word.replace('.', ''));
    const next = raw[index + 1];
    if (/^\d+$/.test(word) && next && UNITS.has(next)) found.add(`${word}${next}`);
  });
  for (const joined of lower.match(/[a-z0-9]+(?:-[a-z0-9]+)+/g) ?? []) found.add(joined.replace(/-/g, ''));
  return [...found];
}

const hasDigit = (word: string) => /\d/.test(word);
const typoTolerant = (word: string) => word.length >= TYPO_MIN_LENGTH && !hasDigit(word);

const deletions = (word: string) => [...word].map((_, index) => word.slice(0, index) + word.slice(index + 1));
const taggedDeletions = (word: string) => deletions(word).map((deleted, index) => `${index}:${deleted}`);
const transpositions = (word: string) =>
  [...word].slice(0, -1).flatMap((_, i) => (word[i] === word[i + 1] ? [] : [word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)]));

/** The words a spec value is found by: 'am5', 'ddr5', 'geforce rtx 4070', and amounts people search by ('850w', '32gb', '2tb'). */
function specWords(category: Category, specs: PartSpecs | undefined): string[] {
  if (!specs) return [];
  const found: string[] = [];
  const values = specs as Record<string, unknown>;
  // Choices and text only: a count of slots or ports is noise ('4' would match everything).
  for (const field of specFields[category] as readonly SpecField[]) {
    const value = values[field.key];
    if (field.kind === 'choice' || field.kind === 'text') found.push(...words(String(value)));
    if (field.kind === 'choices') found.push(...(value as string[]).flatMap((item) => words(item)));
  }
  const part = { category, specs };
  const memory = specsOf(part, 'Memory');
  if (memory) found.push(`${memory.modules * memory.moduleGB}gb`, `${memory.modules}x${memory.moduleGB}`, `${memory.speedMTs}`);
  const storage = specsOf(part, 'Storage');
  if (storage) found.push(`${storage.capacityGB}gb`, ...(storage.capacityGB % 1000 === 0 ? [`${storage.capacityGB / 1000}tb`] : []));
  const board = specsOf(part, 'Motherboard');
  if (board?.formFactor === 'Micro-ATX') found.push('matx');
  const cooler = specsOf(part, 'CPU Cooler');
  if (cooler && cooler.type !== 'Air') found.push(`${cooler.type.slice(4)}mm`, 'liquid');
  const psu = specsOf(part, 'Power Supplies');
  if (psu) found.push(`${psu.wattage}w`);
  const gpu = specsOf(part, 'Video Card');
  if (gpu) found.push(`${gpu.memoryGB}gb`);
  return found;
}

/** What a part is found by, and filtered by (its facet keys): stored beside it, indexed. */
export function searchFieldsOf(part: Pick<PartDocument, 'name' | 'description' | 'category' | 'specs'>): PartSearchFields {
  const terms = new Set([...words(part.name), ...words(CATEGORY_WORDS[part.category]), ...specWords(part.category, part.specs)]);
  const fuzzy = [...terms].filter(typoTolerant);
  return {
    facets: facetKeysOf(part),
    search: {
      v: SEARCH_INDEX_VERSION,
      terms: [...terms],
      deletes: [...new Set(fuzzy.flatMap(deletions))],
      subs: [...new Set(fuzzy.flatMap(taggedDeletions))],
      description: words(part.description),
    },
  };
}

/** The words of a search as typed ('32gb', 'm.2', 'ddr5'), stopwords dropped, at most eight. */
export function queryWords(text: string): string[] {
  const typed = plain(text).match(WORD) ?? [];
  return [...new Set(typed)].filter((word) => !STOPWORDS.has(word)).slice(0, MAX_QUERY_WORDS);
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word exactly as a term (best rank). */
const exactTerm = (word: string): Filter<PartDocument> => ({ 'search.terms': word });

/** A word as a term, the start of one (3+ letters), or with one typo (4+ letters, no digit). */
function looseTerm(word: string): Filter<PartDocument> {
  const conditions: Filter<PartDocument>[] = [];
  const variants = typoTolerant(word) ? [word, ...deletions(word), ...transpositions(word)] : [word];
  conditions.push({ 'search.terms': { $in: [...new Set(variants)] } });
  if (word.length >= PREFIX_MIN_LENGTH) conditions.push({ 'search.terms': { $regex: `^${escapeRegex(word)}` } });
  if (typoTolerant(word)) {
    conditions.push({ 'search.deletes': word }, { 'search.subs': { $in: taggedDeletions(word) } });
  }
  return conditions.length === 1 ? conditions[0]! : { $or: conditions };
}

export interface TextQuery {
  /** Every word matches a term, the way it is typed. */
  exact: Filter<PartDocument>;
  /** Every word matches a term, some by prefix or with a typo. */
  terms: Filter<PartDocument>;
  /** Every word matches a term or a word of the description: the parts the search finds. */
  matches: Filter<PartDocument>;
}

/** The filters of a search, best rank first; null when it has no word to look for. */
export function textQuery(text: string): TextQuery | null {
  const query = queryWords(text);
  if (query.length === 0) return null;
  return {
    exact: { $and: query.map(exactTerm) },
    terms: { $and: query.map(looseTerm) },
    matches: { $and: query.map((word) => ({ $or: [looseTerm(word), { 'search.description': word }] })) },
  };
}
