// Every sentence the shop says starts with a capital, except the spec's own lowercase messages,
// which stay as the spec writes them (issue 45). Walks the texts the contracts export.
import * as texts from './core';

/** The spec's lowercase messages, character for character (the product spec's validation and toasts). */
const SPEC_LOWERCASE = new Set([
  'email is required',
  'provide a valid email address',
  'must be 6 characters or longer',
  'name is required',
  'quantity is required',
  'address is required',
  'phone number is required',
  'ratings is required',
  'review is required',
  'product Name is Required',
  'quantity is Required',
  'minimum order is Required',
  'price is Required',
  'product description is Required',
  'your order is placed.',
  'product added successfully',
  'your review successfully given',
  'update Your Profile Information',
]);

/**
 * Not sentences: the items of a list a sentence leads into, labels and table headings, words put in
 * brackets inside another sentence, and api messages that start with the field's own name
 * (`cpu`, `stageMinutes`), which keeps its case.
 */
const NOT_SENTENCES = [
  /^accountText\.(sessionsWhat|closeWhat)\[/,
  /^PART_FIELD_LABELS\./,
  /^allOrdersTableText\.columns\./,
  /^productAdminText\.(bulkUnchanged|bulkDetails|putBackDetails)$/,
  /^totalsText\.updatingTotal$/,
  /^adviceTexts\.(budgetRange|use|cpu|minGB)$/,
  /^releaseMessages\.(percentRequired|stagesShape|stageMinutesShape|stageMinutesWithoutStages)$/,
  /^partEditMessages\.versionRequired$/,
  // A part's spec summary when it has none; also said after a colon.
  /^SPECS_UNKNOWN$/,
];

function lowercaseSentences(): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string, depth: number): void => {
    if (depth > 4) return;
    if (typeof value === 'string') {
      if (/^[a-z]/.test(value) && value.includes(' ') && !SPEC_LOWERCASE.has(value) && !NOT_SENTENCES.some((rule) => rule.test(path))) {
        found.push(`${path}: ${value}`);
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}[${index}]`, depth + 1));
    } else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [key, item] of Object.entries(value)) walk(item, `${path}.${key}`, depth + 1);
    }
  };
  for (const [name, value] of Object.entries(texts)) walk(value, name, 0);
  return found;
}

describe('the shop’s sentences', () => {
  it('start with a capital, but the spec’s own lowercase messages', () => {
    expect(lowercaseSentences()).toEqual([]);
  });

  it('keep the spec’s lowercase messages as the spec writes them', () => {
    const said = new Set<string>();
    const collect = (value: unknown, depth: number): void => {
      if (depth > 4) return;
      if (typeof value === 'string') said.add(value);
      else if (value && typeof value === 'object') Object.values(value).forEach((item) => collect(item, depth + 1));
    };
    collect(texts, 0);
    expect([...SPEC_LOWERCASE].filter((message) => !said.has(message))).toEqual([]);
  });
});
