#!/usr/bin/env node
// `npm run bench`: starts the stack, measures the pages (Chromium), the api (autocannon) and a rush of
// orders, and writes docs/benchmarks.md and docs/benchmarks.json. Not part of `npm test`.
// The stack uses the shared ports: run it under the lock, `flock /tmp/pcpp-stack.lock npm run bench`.
// `--only=api` skips the pages (quicker, while working on the api); the report then has no page figures.
// `--only=crowd` measures only the shell's server under a crowd (crowd.mjs, about 2 minutes) and writes
// its figures into the last full run's docs/benchmarks.json and .md. `--only=advisor` does the same for
// the build advisor on a 1,000-part catalog (build-advisor.mjs, seconds; needs only `npm run build`).
// `--only=order-invariants` runs only the orders' property test, 1,000 runs (order-invariants.mjs, about
// 20 minutes), and writes its figures into the last full run's report; a full run runs it last.
// `--only=budgets` measures each first page against its JavaScript budget (page-budgets.json) and
// writes them into the last full run's report; a page over its budget makes the bench fail either way.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { measureApi } from './api-throughput.mjs';
import { measureBuildAdvisor } from './build-advisor.mjs';
import { measureCrowd } from './crowd.mjs';
import { measureOrderInvariants } from './order-invariants.mjs';
import { rushCheckouts } from './checkout-rush.mjs';
import { rushOrders } from './order-rush.mjs';
import { measurePageLoad } from './page-load.cjs';
import { PAGE_BUDGETS, measureBudget, overBudget } from './page-budgets.cjs';
import { measureRemoteBuild } from './remote-build.mjs';
import { renderReport } from './report.mjs';
import { attributeScripts, distFolders } from './script-attribution.cjs';
import { homeWithoutJavaScript, largestElementInHtml, measureHomeThroughput, navbarWithLateApi } from './server-rendering.mjs';
import { startStack } from './stack.mjs';
import { freePort } from '../services/child-services.mjs';
import { measureTracingOverhead } from './tracing-overhead.mjs';
import { spread } from './stats.mjs';

const require = createRequire(import.meta.url);
const { releaseStoreFromEnv, servicePorts } = require('../../contracts/src/service-config.cjs');
const { chromiumLaunchOptions } = require('../chromium-launch-options.cjs');
const demoAccounts = require('../../contracts/src/demo-accounts.json');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ports = servicePorts();
const urls = {
  shell: `http://localhost:${ports.shell}`,
  api: `http://127.0.0.1:${ports.api}`,
  authEmulator: `http://127.0.0.1:${ports.authEmulator}`,
};

const distByOrigin = distFolders(root, ports, releaseStoreFromEnv(process.env, root));

const settings = { pageRuns: 7, budgetRuns: 3, cpuThrottlings: [1, 4], connections: 50, warmUpSeconds: 2, apiSeconds: 5, orderCustomers: 20, crowdVisitors: 2000, crowdSettleSeconds: 60 };
// Issue 24's targets for the home page: below the single-bundle peer shop's measured 440 ms / 712 ms.
const targets = { navbarLateApiMs: 1000, homeJsKb: 170, lcpMs: 400, lcpThrottledMs: 700, cls: 0.05, apiMinRatio: 0.25, toolMinRatio: 0.15, apiMaxP99Ms: 10 };
const customer = demoAccounts.find((account) => account.role === 'customer');
/** The budgets' signed-in pages: the demo customer's dashboard, the demo admin's console. */
const budgetAccounts = {
  customer: /** @type {{ email: string, password: string }} */ (customer),
  admin: /** @type {{ email: string, password: string }} */ (demoAccounts.find((account) => account.role === 'admin')),
};
/** @type {{ path: string, account?: { email: string, password: string } }[]} */
const PAGES = [
  { path: '/' },
  { path: '/products' },
  { path: '/login' },
  { path: '/dashboard', account: customer },
];

const log = (/** @type {string} */ line) => console.log(line);
const onlyApi = process.argv.includes('--only=api');
const onlyCrowd = process.argv.includes('--only=crowd');
const onlyOrderInvariants = process.argv.includes('--only=order-invariants');
const onlyTracing = process.argv.includes('--only=tracing');
/** Where start.mjs writes its in-memory database's address: the tracing figures start an api of their own on it. */
const DATABASE_URI_FILE = path.join(os.tmpdir(), `pcpp-bench-database-uri-${process.pid}`);
const onlyAdvisor = process.argv.includes('--only=advisor');
const onlyBudgets = process.argv.includes('--only=budgets');
// The order rush places hundreds of orders from 20 accounts within seconds.
/** The order rush is each bench customer ordering until the part sells out: past the hold caps on purpose. */
const STACK_ENV = { DATABASE_URI_FILE, RATE_LIMIT_ORDERS: '100000', RATE_LIMIT_SIGN_IN: '100000', MAX_UNPAID_ORDERS: '100000', MAX_HELD_UNITS_PER_PART: '100000000', ORDER_HOLD_SHARE_PERCENT: '100' };
/** Api processes for the scale-out figures (node:cluster, one port: the primary stands in for a load balancer). */
const SCALE_OUT_INSTANCES = 2;

/**
 * Home's LCP in parts (medians of the runs): the largest element, when its resource had arrived, the
 * first contentful paint, when the HTML was parsed (DOM interactive) and when the first script began.
 * @param {Awaited<ReturnType<typeof measurePageLoad>>[]} runs
 */
function lcpParts(runs) {
  const maybe = (/** @type {(number | null)[]} */ values) => (values.includes(null) ? null : spread(/** @type {number[]} */ (values)));
  const byLcp = [...runs].sort((a, b) => (a.lcpMs ?? Infinity) - (b.lcpMs ?? Infinity));
  const median = byLcp[Math.floor(byLcp.length / 2)];
  const key = (/** @type {typeof median} */ run) => `${run.lcpElement?.tag} ${run.lcpUrl ?? run.lcpElement?.text}`;
  return {
    element: median.lcpElement,
    url: median.lcpUrl,
    sameElementEveryRun: runs.every((run) => key(run) === key(median)),
    documentResponseEndMs: maybe(runs.map((run) => run.documentResponseEndMs)),
    resourceEndMs: maybe(runs.map((run) => run.lcpResourceEndMs)),
    firstContentfulPaintMs: maybe(runs.map((run) => run.firstContentfulPaintMs)),
    domInteractiveMs: maybe(runs.map((run) => run.domInteractiveMs)),
  };
}

/** @param {import('@playwright/test').Browser} browser */
async function measurePages(browser) {
  const rows = [];
  /** @type {ReturnType<typeof attributeScripts> | undefined} */
  let homeScripts;
  for (const cpuThrottling of settings.cpuThrottlings) {
    for (const page of PAGES) {
      /** @type {Awaited<ReturnType<typeof measurePageLoad>>[]} */
      const runs = [];
      for (let run = 0; run < settings.pageRuns; run += 1) {
        runs.push(await measurePageLoad(browser, { shellUrl: urls.shell, path: page.path, cpuThrottling, account: page.account }));
      }
      const figure = (/** @type {'jsBytes' | 'jsFiles' | 'requests' | 'cls' | 'firstPaintMs' | 'scriptStartMs'} */ name) =>
        spread(runs.map((r) => /** @type {number} */ (r[name])));
      const maybe = (/** @type {'firstPaintMs' | 'scriptStartMs'} */ name) => (runs.some((r) => r[name] === null) ? null : figure(name));
      const lcps = runs.map((r) => r.lcpMs);
      // The page as the server sent it, before any script: was each load's largest element in it?
      const html = page.account ? '' : await (await fetch(`${urls.shell}${page.path}`)).text();
      const row = {
        path: page.path,
        signedIn: Boolean(page.account),
        cpuThrottling,
        jsBytes: figure('jsBytes'),
        jsFiles: figure('jsFiles'),
        requests: figure('requests'),
        lcpMs: lcps.includes(null) ? { median: null, min: null, max: null, runs: lcps.length } : spread(/** @type {number[]} */ (lcps)),
        cls: figure('cls'),
        firstPaintMs: maybe('firstPaintMs'),
        scriptStartMs: maybe('scriptStartMs'),
        renderedBy: runs[0].renderedBy,
        // How many of the loads the server rendered (a render that could not be done in time sends the page the browser renders).
        serverRenderedLoads: runs.filter((r) => r.renderedBy === 'server').length,
        lcpInHtml: !page.account && runs.every((r) => largestElementInHtml(html, r.lcpElement)),
        paintBeforeScripts: runs.every((r) => r.firstPaintMs !== null && r.scriptStartMs !== null && r.firstPaintMs < r.scriptStartMs),
        ...(page.path === '/' ? { lcpParts: lcpParts(runs) } : {}),
      };
      if (page.path === '/' && cpuThrottling === 1) {
        // What the scripts of the load with the median bytes are made of (their source maps).
        const medianLoad = runs.find((r) => r.jsBytes === row.jsBytes.median) ?? runs[0];
        homeScripts = attributeScripts(medianLoad.scripts, distByOrigin);
      }
      log(`  ${page.path} at ${cpuThrottling}×: JS ${row.jsBytes.median} B in ${row.jsFiles.median} files, LCP ${row.lcpMs.median} ms, CLS ${row.cls.median}`);
      rows.push(row);
    }
  }
  return { rows, homeScripts };
}

/**
 * Each first page of page-budgets.json: the median bytes of `settings.budgetRuns` cold loads (the
 * load with those bytes gives the largest groups) and, over its budget, the sentence saying so.
 * @param {import('@playwright/test').Browser} browser
 */
async function measureBudgets(browser) {
  const rows = [];
  // `--page=/login`: that page alone (while working on one page's weight).
  const only = process.argv.find((arg) => arg.startsWith('--page='))?.slice('--page='.length);
  for (const budget of PAGE_BUDGETS.filter((entry) => only === undefined || entry.path === only)) {
    const loads = [];
    for (let run = 0; run < settings.budgetRuns; run += 1) {
      loads.push(await measureBudget(browser, { budget, shellUrl: urls.shell, apiUrl: urls.api, distByOrigin, accounts: budgetAccounts }));
    }
    const median = [...loads].sort((a, b) => a.bytes - b.bytes)[Math.floor(loads.length / 2)];
    const lcps = loads.map((load) => load.lcpMs);
    const row = {
      ...median,
      bytesFigure: spread(loads.map((load) => load.bytes)),
      lcpFigure: lcps.includes(null) ? null : spread(/** @type {number[]} */ (lcps)),
      over: overBudget(median, budget.budgetBytes),
    };
    log(`  ${budget.path}: ${median.bytes} B (budget ${budget.budgetBytes})${row.over ? ` over: ${row.over}` : ''}`);
    rows.push(row);
  }
  return rows;
}

/** `--only=budgets`: the first pages against their budgets, written into the last full run's report. */
async function budgetsOnly() {
  log('Starting the stack (tooling/start.mjs)…');
  const stack = await startStack({ root, urls, env: STACK_ENV });
  let budgets;
  try {
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      budgets = await measureBudgets(browser);
    } finally {
      await browser.close();
    }
  } finally {
    await stack.stop();
  }
  writeIntoLastRun({ budgets });
  log('Wrote the budgets into docs/benchmarks.md and docs/benchmarks.json.');
  if (budgets.some((row) => row.over)) process.exitCode = 1;
}

async function apiEndpoints() {
  const tools = await (await fetch(`${urls.api}/tools`)).json();
  const common = { minRatio: targets.apiMinRatio, maxP99Ms: targets.apiMaxP99Ms };
  return [
    { name: 'tools', path: '/tools', target: common },
    { name: 'catalog', path: '/tools?category=Memory&sort=price-asc&page=1', target: common },
    { name: 'reviews', path: '/reviews?sort=newest&limit=6', target: common },
    { name: 'tool', path: `/tools/${tools[0]._id}`, target: { ...common, minRatio: targets.toolMinRatio } },
  ];
}

/** @param {Awaited<ReturnType<typeof apiEndpoints>>} endpoints */
async function measureApiAndOrders(endpoints) {
  log('API…');
  const api = await measureApi({ apiUrl: urls.api, endpoints, warmUpSeconds: settings.warmUpSeconds, seconds: settings.apiSeconds, log });
  log('Orders…');
  const orders = await rushOrders({ apiUrl: urls.api, authEmulatorUrl: urls.authEmulator, customers: settings.orderCustomers }).catch(
    (error) => ({ error: error instanceof Error ? error.message : String(error) }),
  );
  log('Checkouts…');
  const checkouts = await rushCheckouts({ apiUrl: urls.api, authEmulatorUrl: urls.authEmulator, customers: settings.orderCustomers }).catch(
    (error) => ({ error: error instanceof Error ? error.message : String(error) }),
  );
  return { api, orders, checkouts };
}

/** GET /tools and the order rush again, with the api as several processes on a new stack. */
async function measureScaleOut() {
  log(`Scale out: the stack again with ${SCALE_OUT_INSTANCES} api processes…`);
  const stack = await startStack({ root, urls, env: STACK_ENV, instances: SCALE_OUT_INSTANCES });
  try {
    const { api, orders } = await measureApiAndOrders((await apiEndpoints()).filter((endpoint) => endpoint.name === 'tools'));
    return { instances: SCALE_OUT_INSTANCES, api, orders };
  } finally {
    await stack.stop();
  }
}

/** The shell's server under a crowd, on free ports past the stack's (its own server and a caching proxy). */
async function measureCrowdSection() {
  log("A crowd at the shell's server…");
  return measureCrowd({
    root,
    apiUrl: urls.api,
    port: await freePort(),
    proxyPort: await freePort(),
    visitors: settings.crowdVisitors,
    settleSeconds: settings.crowdSettleSeconds,
    connections: settings.connections,
    warmUpSeconds: settings.warmUpSeconds,
    seconds: settings.apiSeconds,
    log,
  }).catch((error) => ({ error: error instanceof Error ? error.message : String(error) }));
}

/** Tracing's cost: an api and a shell's server with OTEL_EXPORTER_OTLP_ENDPOINT set against the same two without (tracing-overhead.mjs). */
async function measureTracingSection() {
  log('Tracing: an endpoint set against none…');
  try {
    const tools = await (await fetch(`${urls.api}/tools`)).json();
    return await measureTracingOverhead({
      root,
      databaseUri: process.env.MONGODB_URI || readFileSync(DATABASE_URI_FILE, 'utf8').trim(),
      emulatorHost: new URL(urls.authEmulator).host,
      partId: tools[0]._id,
      connections: settings.connections,
      warmUpSeconds: settings.warmUpSeconds,
      seconds: settings.apiSeconds,
      log,
    });
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** `--only=tracing`: tracing's cost, written into the last full run's report. */
async function tracingOnly() {
  log('Starting the stack (tooling/start.mjs)…');
  const stack = await startStack({ root, urls, env: STACK_ENV });
  let tracing;
  try {
    tracing = await measureTracingSection();
  } finally {
    await stack.stop();
  }
  writeIntoLastRun({ tracing });
  log('Wrote tracing into docs/benchmarks.md and docs/benchmarks.json.');
}

/** The build advisor's figures, in this process, from the builds. */
function measureAdvisorSection() {
  log('The build advisor on a 1,000-part catalog…');
  try {
    return measureBuildAdvisor({ root, log });
  } catch (error) {
    return { error: (error instanceof Error ? error.message : String(error)).split('\n')[0] };
  }
}

/**
 * `--only=crowd`, `--only=tracing` and `--only=advisor`: one section's figures, written into the last full run's report.
 * @param {Record<string, unknown>} section
 */
function writeIntoLastRun(section) {
  const file = path.join(root, 'docs/benchmarks.json');
  const results = { ...JSON.parse(readFileSync(file, 'utf8')), ...section };
  results.optimisations = JSON.parse(readFileSync(path.join(root, 'tooling/bench/optimisations.json'), 'utf8'));
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(root, 'docs/benchmarks.md'), renderReport(results));
  return results;
}

/** `--only=crowd`: the crowd's figures, written into the last full run's report. */
async function crowdOnly() {
  log('Starting the stack (tooling/start.mjs)…');
  const stack = await startStack({ root, urls, env: STACK_ENV });
  let crowd;
  try {
    crowd = await measureCrowdSection();
  } finally {
    await stack.stop();
  }
  const last = JSON.parse(readFileSync(path.join(root, 'docs/benchmarks.json'), 'utf8'));
  writeIntoLastRun({ crowd, settings: { ...last.settings, crowdVisitors: settings.crowdVisitors, crowdSettleSeconds: settings.crowdSettleSeconds } });
  log('Wrote the crowd into docs/benchmarks.md and docs/benchmarks.json.');
}

/** `--only=order-invariants`: the property test's figures, written into the last full run's report. */
function orderInvariantsOnly() {
  const orderInvariants = measureOrderInvariants({ log });
  writeIntoLastRun({ orderInvariants });
  log('Wrote the order invariants into docs/benchmarks.md and docs/benchmarks.json.');
  if ('error' in orderInvariants) process.exitCode = 1;
}

async function main() {
  if (onlyCrowd) return crowdOnly();
  if (onlyOrderInvariants) return orderInvariantsOnly();
  if (onlyTracing) return tracingOnly();
  if (onlyBudgets) return budgetsOnly();
  if (onlyAdvisor) {
    writeIntoLastRun({ buildAdvisor: measureAdvisorSection() });
    log('Wrote the build advisor into docs/benchmarks.md and docs/benchmarks.json.');
    return;
  }
  const started = Date.now();
  // Before the stack starts: it serves these builds.
  log('Releasing one remote (npm run build -w mf-admin)…');
  const remoteBuild = onlyApi ? undefined : (() => {
    try {
      return measureRemoteBuild({ root, log });
    } catch (error) {
      return { error: (error instanceof Error ? error.message : String(error)).split('\n')[0] };
    }
  })();
  // In this process, before the stack takes the machine's cores.
  const buildAdvisor = measureAdvisorSection();
  log('Starting the stack (tooling/start.mjs)…');
  const stack = await startStack({ root, urls, env: STACK_ENV });
  /** @type {Awaited<ReturnType<typeof measurePages>>['rows']} */
  let pages = [];
  /** @type {Awaited<ReturnType<typeof measurePages>>['homeScripts']} */
  let homeScripts;
  /** @type {Awaited<ReturnType<typeof measureBudgets>> | undefined} */
  let budgets;
  let chromiumVersion = 'not run (--only=api)';
  let single;
  let crowd;
  let tracing;
  const serverRendering = {};
  try {
    if (!onlyApi) {
      const browser = await chromium.launch(chromiumLaunchOptions());
      try {
        chromiumVersion = browser.version();
        log('Pages…');
        ({ rows: pages, homeScripts } = await measurePages(browser));
        log('JavaScript budgets per first page…');
        budgets = await measureBudgets(browser);
        log('The home page without JavaScript…');
        serverRendering.withoutJavaScript = await homeWithoutJavaScript(browser, urls.shell);
        log('The navbar with a late api…');
        serverRendering.lateApi = await navbarWithLateApi({
          root,
          browser,
          apiUrl: urls.api,
          authEmulatorHost: new URL(urls.authEmulator).host,
          shellPort: await freePort(),
          apiPort: await freePort(),
          log,
        });
      } finally {
        await browser.close();
      }
    }
    single = await measureApiAndOrders(await apiEndpoints());
    if (!onlyApi) {
      log('GET / from the shell’s server…');
      serverRendering.home = await measureHomeThroughput({
        root,
        shellUrl: urls.shell,
        port: await freePort(),
        connections: settings.connections,
        warmUpSeconds: settings.warmUpSeconds,
        seconds: settings.apiSeconds,
        log,
      });
      crowd = await measureCrowdSection();
    }
    tracing = await measureTracingSection();
  } finally {
    await stack.stop();
  }
  const scaleOut = await measureScaleOut();
  // The orders' property test on its own embedded database, once the stack has stopped.
  const orderInvariants = onlyApi ? undefined : measureOrderInvariants({ log });
  const { api, orders, checkouts } = single;
  const cpus = os.cpus();
  const machine = {
    date: new Date().toISOString().slice(0, 10),
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: os.totalmem() / 1024 ** 3,
    node: process.version,
    chromium: chromiumVersion,
    autocannon: JSON.parse(readFileSync(require.resolve('autocannon/package.json'), 'utf8')).version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
  const optimisations = JSON.parse(readFileSync(path.join(root, 'tooling/bench/optimisations.json'), 'utf8'));
  const results = { machine, settings, targets, pages, budgets, homeScripts, api, orders, checkouts, scaleOut, remoteBuild, serverRendering, crowd, tracing, buildAdvisor, orderInvariants, optimisations };
  writeFileSync(path.join(root, 'docs/benchmarks.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(root, 'docs/benchmarks.md'), renderReport(results));
  log(`Wrote docs/benchmarks.md and docs/benchmarks.json in ${Math.round((Date.now() - started) / 1000)} s.`);
  const overBudgets = (budgets ?? []).filter((row) => row.over);
  for (const row of overBudgets) console.error(row.over);
  if (overBudgets.length > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
