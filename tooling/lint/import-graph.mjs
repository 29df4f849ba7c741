// The api's import graph: which source file imports which (type-only imports included, which
// ESLint's import-x/no-cycle skips), and the circles in it. Used by import-cycles.test.mjs and
// order-ownership.test.mjs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Every .ts file below `dir` but the tests.
 * @param {string} dir
 * @returns {string[]}
 */
export function sources(dir) {
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

/**
 * The graph between the api's modules (api/src/modules/<name>): an edge where a file of one imports
 * a file of another.
 * @param {Map<string, string[]>} graph the files' graph
 * @param {string} modulesDir
 */
export function moduleGraph(graph, modulesDir) {
  const moduleOf = (/** @type {string} */ file) => {
    const relative = path.relative(modulesDir, file);
    return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
  };
  /** @type {Map<string, Set<string>>} */
  const edges = new Map();
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const target of targets) {
      const to = moduleOf(target);
      if (to && to !== from) edges.get(from)?.add(to);
    }
  }
  return new Map([...edges].map(([name, targets]) => [name, [...targets].sort()]));
}
