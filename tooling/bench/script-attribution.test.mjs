// The bench's split of the home page's scripts by source map: decoding, grouping, shares that add up.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { roundedToTotal } from './report.mjs';
import { attributeScripts, charactersPerSource, decodeMappings, groupOf } from './script-attribution.cjs';

test('decodes VLQ segments: columns and sources are deltas, a one-field segment maps to no source', () => {
  // AAAA = [0,0,0,0]; SAAS = [9,0,0,9]; CAAC = [1,0,0,1]; gBAAgB = [16,0,0,16]; D = [-1]; C = [1]
  assert.deepEqual(decodeMappings('AAAA,SAAS;;CAAC,gBAAgB,C'), [
    [{ column: 0, source: 0 }, { column: 9, source: 0 }],
    [],
    [{ column: 1, source: 0 }, { column: 17, source: 0 }, { column: 18, source: null }],
  ]);
  // The source index carries over lines; a negative delta goes back.
  assert.deepEqual(decodeMappings('ACAA;ADAA').map((line) => line[0].source), [1, 0]);
});

test('counts the generated characters of each source, and what no segment maps as null', () => {
  const code = 'var a=1;var b=2;\nglue;x';
  // line 1: col 0 → source 0, col 8 → source 1; line 2: col 5 → source 0 (source delta -1)
  const counts = charactersPerSource(code, { mappings: 'AAAA,QCAA;KDAA', sources: ['a.js', 'b.js'] });
  assert.deepEqual(Object.fromEntries(counts), { 'a.js': 8 + 1, 'b.js': 8, null: 5 });
});

test('groups sources by npm package, webpack runtime, contracts module and own folder', () => {
  assert.equal(groupOf('webpack://shell/../node_modules/react-dom/cjs/react-dom-client.production.js'), 'react-dom');
  assert.equal(groupOf('webpack://shell/../node_modules/scheduler/index.js'), 'react-dom');
  assert.equal(groupOf('webpack://shell/../contracts/node_modules/axios/lib/core/Axios.js'), 'axios');
  assert.equal(groupOf('webpack://shell/../node_modules/@tanstack/query-core/build/modern/query.js'), '@tanstack/react-query');
  assert.equal(groupOf('webpack://shell/../node_modules/@module-federation/runtime-core/dist/core.js'), 'Module Federation runtime');
  assert.equal(groupOf('webpack://mf_shop/./node_modules/.federation/entry.1.js'), 'Module Federation runtime');
  assert.equal(groupOf('webpack://shell/webpack/runtime/sharing'), 'webpack runtime');
  assert.equal(groupOf(null), 'webpack runtime');
  assert.equal(groupOf('webpack://shell/../contracts/src/query/cart.ts'), 'contracts: cart and checkout');
  assert.equal(groupOf('webpack://shell/../contracts/src/ui/button.tsx'), 'contracts: UI kit');
  assert.equal(groupOf('webpack://mf-admin/../contracts/src/ui/confirm-dialog.tsx'), 'contracts: dashboard UI');
  assert.equal(groupOf('webpack://shell/../contracts/src/messages.ts'), 'contracts: core');
  assert.equal(groupOf('webpack://shell/../contracts/src/api-client.ts'), 'contracts: browser kit');
  assert.equal(groupOf('webpack://shell/../contracts/src/query/query-keys.ts'), 'contracts: browser kit');
  assert.equal(groupOf('webpack://shell/./src/components/layout/navbar.tsx'), 'shell: components/layout');
  assert.equal(groupOf('webpack://mf_shop/./src/components/part-card.tsx'), 'mf-shop: components');
  assert.equal(groupOf('webpack://mf_shop/./src/features/home/components/hero.tsx'), 'mf-shop: features/home');
});

test("shares each file's bytes out so that the groups add up to the bytes loaded", (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'attribution-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // 30 characters: 10 of react-dom, 15 of our layout, 5 between modules (the file's largest group takes them).
  writeFileSync(path.join(dir, 'a.js'), `${'r'.repeat(10)}${'n'.repeat(15)}${'g'.repeat(5)}`);
  writeFileSync(
    path.join(dir, 'a.js.map'),
    JSON.stringify({ version: 3, mappings: 'AAAA,UCAA,eAAA', sources: ['webpack://shell/../node_modules/react-dom/index.js', 'webpack://shell/./src/components/layout/navbar.tsx'] }),
  );
  writeFileSync(path.join(dir, 'b.js'), 'no map beside it');
  const result = attributeScripts(
    [
      { url: 'http://localhost:1/a.js', bytes: 3000 },
      { url: 'http://localhost:1/b.js', bytes: 500 },
      { url: 'http://elsewhere:2/c.js', bytes: 100 },
    ],
    { 'http://localhost:1': dir },
  );
  assert.equal(result.totalBytes, 3600);
  assert.deepEqual(
    result.groups.map((group) => [group.group, group.bytes]),
    [
      ['shell: components/layout', 2000],
      ['react-dom', 1000],
      ['no source map', 600],
    ],
  );
  assert.deepEqual(result.unattributed, ['http://localhost:1/b.js', 'http://elsewhere:2/c.js']);
  assert.equal(result.groups.reduce((sum, group) => sum + group.bytes, 0), result.totalBytes);
});

test('rounds parts to tenths of a KB that add up to the rounded total', () => {
  const parts = [33_333, 33_333, 33_334];
  const shown = roundedToTotal(parts, 100_000);
  assert.equal(shown.reduce((sum, value) => sum + value, 0), 100_000);
  assert.deepEqual(roundedToTotal([1_049, 951], 2_000), [1_000, 1_000]);
});
