#!/usr/bin/env node
// Writes docs/benchmarks.md again from docs/benchmarks.json (after a change to the report's wording),
// with the current record of optimisations; measures nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReport } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const results = JSON.parse(readFileSync(path.join(root, 'docs/benchmarks.json'), 'utf8'));
results.optimisations = JSON.parse(readFileSync(path.join(root, 'tooling/bench/optimisations.json'), 'utf8'));
writeFileSync(path.join(root, 'docs/benchmarks.md'), renderReport(results));
console.log('Wrote docs/benchmarks.md from docs/benchmarks.json.');
