import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequire } from 'node:module';
import { renderBudgets } from './report.mjs';

const require = createRequire(import.meta.url);
const { PAGE_BUDGETS, stackBytesOf, overBudget } = require('./page-budgets.cjs');

const HOME_GROUPS = [
  { group: 'react-dom', bytes: 57_400 },
  { group: 'Module Federation runtime', bytes: 27_300 },
  { group: 'contracts: core', bytes: 10_500 },
  { group: '@tanstack/react-query', bytes: 14_400 },
  { group: 'react-router', bytes: 12_300 },
  { group: 'styled-components', bytes: 10_000 },
  { group: 'webpack runtime', bytes: 7_300 },
  { group: 'shell: components/layout', bytes: 4_400 },
  { group: 'react', bytes: 2_200 },
  { group: 'zustand', bytes: 200 },
];

test('the stack figure sums only the decided stack’s libraries, none of our code', () => {
  assert.equal(stackBytesOf(HOME_GROUPS), 57_400 + 27_300 + 14_400 + 12_300 + 10_000 + 7_300 + 2_200);
  assert.equal(stackBytesOf([{ group: 'contracts: core', bytes: 9_000 }, { group: 'zod', bytes: 26_000 }]), 0);
});

test('every budget page has the weight it had when the issue was filed, above its budget', () => {
  for (const page of PAGE_BUDGETS) {
    assert.ok((page.beforeBytes ?? 0) > page.budgetBytes, page.path);
  }
});

test('a page over its budget is named with its bytes and largest groups; one within it passes', () => {
  const largest = HOME_GROUPS.slice(0, 3);
  assert.equal(overBudget({ path: '/', bytes: 129_999, largest }, 130_000), null);
  assert.equal(
    overBudget({ path: '/', bytes: 171_306, largest }, 130_000),
    '/ loads 171,306 bytes of compressed JavaScript, 41,306 over its budget of 130,000 (tooling/bench/page-budgets.json); its largest: react-dom 57.4 KB, Module Federation runtime 27.3 KB, contracts: core 10.5 KB.',
  );
});

test('the report shows before, now, budget and stack per page, then what each page is made of', () => {
  const figure = { median: 171_306, min: 171_306, max: 171_400, runs: 3 };
  const lines = renderBudgets([
    { path: '/', url: '/', budgetBytes: 130_000, beforeBytes: 169_900, bytes: 171_306, files: 8, uncompressed: [], largest: HOME_GROUPS.slice(0, 3), groups: HOME_GROUPS, stackBytes: stackBytesOf(HOME_GROUPS), scripts: [], lcpMs: 160, bytesFigure: figure, lcpFigure: null, over: 'over' },
  ]);
  assert.ok(lines.includes('| `/` | 169.9 KB | 171.3 KB (171.3 KB–171.4 KB) | 130.0 KB | 130.9 KB | **miss** by 41.3 KB | react-dom 57.4 KB, Module Federation runtime 27.3 KB, contracts: core 10.5 KB | — |'), lines.join('\n'));
  assert.ok(lines.some((line) => line.startsWith('- `/` (171.3 KB): react-dom 57.4 KB,') && line.endsWith('react 2.2 KB, the rest 0.2 KB.')), lines.join('\n'));
});
