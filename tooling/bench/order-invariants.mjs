#!/usr/bin/env node
// The orders' property test (api/src/modules/orders/invariants.test.ts) at bench size: 1,000 seeded
// runs of random interleavings on the embedded database (`npm test` runs 50). Prints the figures:
// runs, seed, operations, seconds and how each kind of operation was answered.
// `node tooling/bench/order-invariants.mjs [--runs=N] [--seed=N]`; `npm run bench` runs it too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_RUNS = 1000;

/** @param {string} name */
const argument = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];

/**
 * Runs the property test `runs` times in a jest of its own (one worker). The figures the test wrote,
 * or `{ error }` when it failed (its output is printed as it runs, the counterexample included).
 * @param {{ runs?: number, seed?: number, log?: (line: string) => void }} [options]
 * @returns {{ runs: number, seed: number, operations: number, seconds: number, statuses: Record<string, number>, failed: boolean } | { error: string }}
 */
export function measureOrderInvariants({ runs = DEFAULT_RUNS, seed, log = console.log } = {}) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'order-invariants-'));
  const report = path.join(folder, 'figures.json');
  log(`Order invariants: ${runs} runs of the property test…`);
  try {
    const jest = spawnSync(process.execPath, [jestBin(), '--maxWorkers=1', '--runTestsByPath', 'api/src/modules/orders/invariants.test.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ORDER_INVARIANT_RUNS: String(runs), ORDER_INVARIANT_REPORT: report, ...(seed === undefined ? {} : { ORDER_INVARIANT_SEED: String(seed) }) },
    });
    let figures;
    try {
      figures = JSON.parse(readFileSync(report, 'utf8'));
    } catch {
      return { error: `the property test wrote no figures (jest exited with ${jest.status})` };
    }
    return jest.status === 0 ? figures : { ...figures, error: `the property test failed (jest exited with ${jest.status})` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function jestBin() {
  return path.join(root, 'node_modules/jest/bin/jest.js');
}

/** @param {ReturnType<typeof measureOrderInvariants>} figures */
export function renderOrderInvariants(figures) {
  const lines = ['## Order invariants (property test)', ''];
  if (!('runs' in figures)) return [...lines, `Not measured: ${figures.error}`];
  return [
    ...lines,
    `${figures.runs} seeded runs (seed ${figures.seed}) of random interleavings of place, pay, ship, deliver, cancel, refund and return, up to three requests at once, on the embedded database:`,
    `- ${figures.failed || 'error' in figures ? '**an invariant broke**' : 'every invariant held'}; ${figures.operations} operations in ${figures.seconds.toFixed(1)} s`,
    `- Answers: ${Object.entries(figures.statuses).map(([status, count]) => `${count}× ${status}`).join(', ')}`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const seed = argument('seed');
  const figures = measureOrderInvariants({ runs: Number(argument('runs') ?? DEFAULT_RUNS), seed: seed === undefined ? undefined : Number(seed) });
  console.log(`\n${renderOrderInvariants(figures).join('\n')}\n`);
  console.log(JSON.stringify(figures, null, 2));
  if ('error' in figures) process.exitCode = 1;
}
