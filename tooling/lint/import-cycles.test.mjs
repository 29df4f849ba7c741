// The api's source imports in one direction: no file reaches itself through its imports, type-only
// imports included (ESLint's import-x/no-cycle skips those). The circle config → role-authority →
// users repository → db/mongo → config was one (issue 36).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Every .ts file below `dir` but the tests.
 * @param {string} dir
 * @returns {string[]}
 */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The relative imports and re-exports of each file, resolved to files.
 * @param {string} dir
 */
export function importGraph(dir) {
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  for (const file of sources(dir)) {
    const text = readFileSync(file, 'utf8');
    const targets = [];
    for (const [, specifier] of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/g)) {
      const base = path.resolve(path.dirname(file), specifier);
      const found = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
      if (found) targets.push(found);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * One import path back to where it started, for each circle found (depth-first search).
 * @param {Map<string, string[]>} graph
 */
export function circles(graph) {
  /** @type {string[][]} */
  const found = [];
  /** @type {Map<string, 1 | 2>} 1: on the current path, 2: done */
  const state = new Map();
  /** @type {string[]} */
  const trail = [];
  /** @param {string} file */
  const visit = (file) => {
    state.set(file, 1);
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 1) found.push([...trail.slice(trail.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(file, 2);
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

test('finds a circle when there is one', () => {
  const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
  assert.deepEqual(circles(graph), [['a', 'b', 'c', 'a']]);
  assert.deepEqual(circles(new Map([['a', ['b']], ['b', []]])), []);
});

test('the api has no import circle', () => {
  const dir = path.join(root, 'api/src');
  const graph = importGraph(dir);
  assert.ok(graph.size > 100, `read ${graph.size} files`);
  const named = circles(graph).map((circle) => circle.map((file) => path.relative(dir, file)).join(' → '));
  assert.deepEqual(named, []);
});
