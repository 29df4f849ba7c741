// The alerts of docs/operations.md, as Prometheus would load them (promtool check rules): a rule
// file in YAML, each rule's expression valid PromQL, its `for` a duration, its labels and
// annotations in place, and every metric it names one that the api or the shell's server exports.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parser } from '@prometheus-io/lezer-promql';
import { parse as parseYaml } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const operations = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');

/**
 * @typedef {{ alert: string, expr: string, for: string, labels: Record<string, string>, annotations: Record<string, string> }} Rule
 * @typedef {{ groups: { name: string, rules: Rule[] }[] }} RuleFile
 */

/** The rule file: the YAML block of the "Alerts" section. @returns {RuleFile} */
function ruleFile() {
  const section = operations.slice(operations.indexOf('\n## Alerts\n'));
  const block = /```yaml\n([\s\S]*?)```/.exec(section);
  assert.ok(block, 'docs/operations.md has a yaml block under "## Alerts"');
  return parseYaml(block[1]);
}

/** Whether `expr` parses as PromQL with no error node, and the metric names it selects. @param {string} expr */
function promql(expr) {
  const tree = parser.parse(expr);
  let valid = true;
  /** @type {string[]} */
  const metrics = [];
  tree.iterate({
    enter(node) {
      if (node.type.isError) valid = false;
      // A vector selector's metric name (not a function's, a label's or a keyword).
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') metrics.push(expr.slice(node.from, node.to));
    },
  });
  return { valid, metrics };
}

/** Every metric name the servers' code registers, with a histogram's series, and prom-client's process metrics. */
function exportedMetrics() {
  const files = ['api/src/metrics.ts', 'shell/src/server/http/shell-metrics.ts', 'contracts/src/server-observability/metrics.ts'];
  const names = new Set(['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_gc_duration_seconds', 'process_cpu_seconds_total', 'process_resident_memory_bytes']);
  for (const file of files) {
    for (const [, name] of readFileSync(path.join(root, file), 'utf8').matchAll(/name: '([a-z_:][a-z0-9_:]*)'/g)) {
      for (const suffix of ['', '_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    }
  }
  return names;
}

test('docs/operations.md has the five alerts, as a Prometheus rule file', () => {
  const file = ruleFile();
  assert.ok(Array.isArray(file.groups) && file.groups.length > 0, 'groups');
  const rules = file.groups.flatMap((group) => {
    assert.equal(typeof group.name, 'string');
    assert.ok(Array.isArray(group.rules));
    return group.rules;
  });
  assert.deepEqual(
    rules.map((rule) => rule.alert),
    ['PcppHighErrorRatio', 'PcppCheckoutSlow', 'PcppOutboxStuck', 'PcppRefundsPending', 'PcppRenderQueueOverflow'],
  );
  const exported = exportedMetrics();
  for (const rule of rules) {
    assert.deepEqual(Object.keys(rule).sort(), ['alert', 'annotations', 'expr', 'for', 'labels'], rule.alert);
    assert.match(rule.alert, /^[a-zA-Z_][a-zA-Z0-9_]*$/);
    assert.match(rule.for, /^\d+[smhdwy]$/, `${rule.alert}: for`);
    assert.ok(['page', 'ticket'].includes(rule.labels.severity), `${rule.alert}: severity`);
    assert.equal(typeof rule.annotations.summary, 'string');
    const { valid, metrics } = promql(rule.expr);
    assert.ok(valid, `${rule.alert}: not PromQL: ${rule.expr}`);
    assert.ok(metrics.length > 0, `${rule.alert}: selects no metric`);
    for (const metric of metrics) assert.ok(exported.has(metric), `${rule.alert}: ${metric} is exported by no server`);
  }
});

test('the PromQL check refuses what Prometheus would', () => {
  assert.equal(promql('sum(rate(x[5m])').valid, false);
  assert.equal(promql('rate(x[5m]) >').valid, false);
  assert.deepEqual(promql('sum by (job) (rate(a_total{x="1"}[5m])) / sum(b)').metrics, ['a_total', 'b']);
});
