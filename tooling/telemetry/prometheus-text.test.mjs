import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const { parsePrometheusText, sampleValue } = require('./prometheus-text.cjs');

test('reads HELP, TYPE, labels with escapes, special values and whole histograms', () => {
  const families = parsePrometheusText(
    [
      '# HELP http_seconds Requests',
      '# TYPE http_seconds histogram',
      'http_seconds_bucket{le="0.1",route="/tools/{id}"} 1',
      'http_seconds_bucket{le="+Inf",route="/tools/{id}"} 3',
      'http_seconds_sum{route="/tools/{id}"} 0.7',
      'http_seconds_count{route="/tools/{id}"} 3',
      '# TYPE waiting gauge',
      'waiting{path="a\\"b\\\\c"} NaN',
      'lag 1.5e-3 1700000000000',
      '# TYPE idle gauge',
      'idle Nan',
      '',
    ].join('\n'),
  );
  assert.deepEqual(families.map((family) => [family.name, family.type]), [['http_seconds', 'histogram'], ['waiting', 'gauge'], ['lag', 'untyped'], ['idle', 'gauge']]);
  // prom-client writes NaN as `Nan`; Prometheus reads special values in any case.
  assert.ok(Number.isNaN(sampleValue(families, 'idle')));
  assert.equal(sampleValue(families, 'http_seconds_count', { route: '/tools/{id}' }), 3);
  assert.equal(families[1].samples[0].labels.path, 'a"b\\c');
  assert.equal(sampleValue(families, 'lag'), 0.0015);
});

test('refuses what a scrape would refuse, naming the line', () => {
  /** @type {[string, RegExp][]} */
  const cases = [
    ['metric value\n', /line 1: not a number/],
    ['metric{a="1" 3\n', /line 1: not a sample/],
    ['metric{1a="x"} 3\n', /bad labels/],
    ['m 1\n# TYPE m gauge\n', /TYPE of m after its samples/],
    ['# TYPE h histogram\nh_bucket{le="1"} 3\nh_bucket{le="+Inf"} 2\nh_count 2\n', /buckets do not rise/],
    ['# TYPE h histogram\nh_bucket{le="1"} 3\nh_count 3\n', /no le="\+Inf" bucket/],
    ['# TYPE h histogram\nh_bucket{le="+Inf"} 3\nh_count 4\n', /_count is not the \+Inf bucket/],
    ['m 1', /end with a newline/],
  ];
  for (const [text, reason] of cases) {
    assert.throws(() => parsePrometheusText(text), reason);
  }
});
