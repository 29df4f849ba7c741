// Reads Prometheus' text exposition format 0.0.4 (what GET /metrics answers) strictly, for the tests
// and the bench: every line a HELP, a TYPE or a sample, names and labels as Prometheus allows them,
// values that are numbers, a TYPE before its samples, and each histogram whole (its buckets rising
// to +Inf, whose count equals _count). It throws, naming the line, on anything a scrape would refuse.

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*';
const HELP = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`);
const LABEL_PAIR = new RegExp(`^(${LABEL})="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"(,|$)`);
// Special values in any case, as Prometheus reads them (Go's ParseFloat): prom-client writes `Nan`.
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|[+-]?inf|nan)$/i;
/** A sample's value or a bucket's bound as a number (`+Inf`, `-Inf` and `NaN` included). @param {string} text */
const numberOf = (text) => (/^[+]?inf$/i.test(text) ? Infinity : /^-inf$/i.test(text) ? -Infinity : /^nan$/i.test(text) ? NaN : Number(text));
const SUFFIXES = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count', ''], counter: ['', '_total', '_created'] };

/** @param {string} text @param {number} line */
function parseLabels(text, line) {
  /** @type {Record<string, string>} */
  const labels = {};
  let rest = text;
  while (rest.length > 0) {
    const match = LABEL_PAIR.exec(rest);
    if (!match) throw new Error(`line ${line}: bad labels: {${text}}`);
    if (match[1] in labels) throw new Error(`line ${line}: label ${match[1]} twice`);
    labels[match[1]] = match[2].replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    rest = rest.slice(match[0].length);
  }
  return labels;
}

/**
 * @param {string} text
 * @returns {import('./prometheus-text.d.cts').MetricFamily[]}
 */
function parsePrometheusText(text) {
  /** @type {Map<string, import('./prometheus-text.d.cts').MetricFamily>} */
  const families = new Map();
  /** @param {string} name */
  const family = (name) => {
    let found = families.get(name);
    if (!found) {
      found = { name, help: '', type: 'untyped', samples: [] };
      families.set(name, found);
    }
    return found;
  };
  /** The family a sample belongs to: its own name, or its name less a suffix its TYPE allows. @param {string} name */
  const owner = (name) => {
    for (const [base, known] of families) {
      const suffixes = SUFFIXES[/** @type {keyof typeof SUFFIXES} */ (known.type)] ?? [''];
      if (suffixes.some((suffix) => name === `${base}${suffix}`)) return known;
    }
    return undefined;
  };
  const lines = text.split('\n');
  if (lines.at(-1) !== '') throw new Error('the text must end with a newline');
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw === '' || (raw.startsWith('#') && !raw.startsWith('# HELP ') && !raw.startsWith('# TYPE '))) return;
    const help = HELP.exec(raw);
    if (help) {
      family(help[1]).help = help[2];
      return;
    }
    const type = TYPE.exec(raw);
    if (type) {
      const known = family(type[1]);
      if (known.samples.length > 0) throw new Error(`line ${line}: TYPE of ${type[1]} after its samples`);
      known.type = /** @type {import('./prometheus-text.d.cts').MetricFamily['type']} */ (type[2]);
      return;
    }
    const sample = SAMPLE.exec(raw);
    if (!sample) throw new Error(`line ${line}: not a sample: ${raw}`);
    if (!VALUE.test(sample[3])) throw new Error(`line ${line}: not a number: ${sample[3]}`);
    const known = owner(sample[1]) ?? family(sample[1]);
    known.samples.push({ name: sample[1], labels: sample[2] ? parseLabels(sample[2], line) : {}, value: numberOf(sample[3]) });
  });
  for (const known of families.values()) if (known.type === 'histogram') checkHistogram(known);
  return [...families.values()];
}

/** Each series' buckets rise to le="+Inf", which counts as many as _count. @param {import('./prometheus-text.d.cts').MetricFamily} histogram */
function checkHistogram(histogram) {
  /** @type {Map<string, { buckets: [number, number][], count?: number }>} */
  const series = new Map();
  for (const sample of histogram.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const one = series.get(key) ?? { buckets: [] };
    series.set(key, one);
    if (sample.name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${sample.name}: a bucket without le`);
      one.buckets.push([numberOf(le), sample.value]);
    } else if (sample.name.endsWith('_count')) one.count = sample.value;
  }
  for (const [key, one] of series) {
    const sorted = [...one.buckets].sort((a, b) => a[0] - b[0]);
    if (sorted.at(-1)?.[0] !== Infinity) throw new Error(`${histogram.name}${key}: no le="+Inf" bucket`);
    sorted.forEach(([, count], i) => {
      if (i > 0 && count < sorted[i - 1][1]) throw new Error(`${histogram.name}${key}: buckets do not rise`);
    });
    if (one.count !== sorted.at(-1)?.[1]) throw new Error(`${histogram.name}${key}: _count is not the +Inf bucket`);
  }
}

/** The value of the sample named `name` whose labels include `labels` (undefined: none). */
function sampleValue(/** @type {import('./prometheus-text.d.cts').MetricFamily[]} */ families, /** @type {string} */ name, /** @type {Record<string, string>} */ labels = {}) {
  for (const known of families) {
    for (const sample of known.samples) {
      if (sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value)) return sample.value;
    }
  }
  return undefined;
}

module.exports = { parsePrometheusText, sampleValue };
