// The api's source imports in one direction: no file reaches itself through its imports, type-only
// imports included (ESLint's import-x/no-cycle skips those), and no module of api/src/modules
// reaches itself through the others (issue 42: orders ↔ fulfilment, orders ↔ checkout and
// checkout ↔ payments were such circles). The circle config → role-authority → users repository →
// db/mongo → config was one of files (issue 36).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { circles, importGraph, moduleGraph } from './import-graph.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('finds a circle when there is one', () => {
  const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
  assert.deepEqual(circles(graph), [['a', 'b', 'c', 'a']]);
  assert.deepEqual(circles(new Map([['a', ['b']], ['b', []]])), []);
});

test('finds a circle of modules made of files that are not one', () => {
  const modules = '/api/src/modules';
  const files = new Map([
    [`${modules}/orders/service.ts`, [`${modules}/payments/types.ts`]],
    [`${modules}/payments/service.ts`, [`${modules}/orders/index.ts`]],
    [`${modules}/payments/types.ts`, []],
    [`${modules}/orders/index.ts`, []],
  ]);
  assert.deepEqual(circles(files), []);
  assert.deepEqual(circles(moduleGraph(files, modules)), [['orders', 'payments', 'orders']]);
});

test('the api has no import circle', () => {
  const dir = path.join(root, 'api/src');
  const graph = importGraph(dir);
  assert.ok(graph.size > 100, `read ${graph.size} files`);
  const named = circles(graph).map((circle) => circle.map((file) => path.relative(dir, file)).join(' → '));
  assert.deepEqual(named, []);
});

test('the api’s modules import each other in one direction', () => {
  const dir = path.join(root, 'api/src');
  const modules = moduleGraph(importGraph(dir), path.join(dir, 'modules'));
  assert.ok(modules.size > 10, `read ${modules.size} modules`);
  assert.deepEqual(circles(modules).map((circle) => circle.join(' → ')), []);
});
