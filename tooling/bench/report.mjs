// docs/benchmarks.md from the figures run.mjs collected (the same figures go to benchmarks.json).
import { renderOrderInvariants } from './order-invariants.mjs';

const KB = 1000;

/**
 * The figures as run.mjs writes them to docs/benchmarks.json.
 * @typedef {{ median: number, min: number, max: number, runs: number }} Figure
 * @typedef {{ median: number | null, min: number | null, max: number | null, runs: number }} PaintFigure no paint: null
 * @typedef {{ path: string, signedIn: boolean, cpuThrottling: number, jsBytes: Figure, jsFiles: Figure, requests: Figure,
 *   lcpMs: PaintFigure, cls: Figure, firstPaintMs?: Figure | null, scriptStartMs?: Figure | null, renderedBy?: string | null,
 *   lcpInHtml?: boolean, paintBeforeScripts?: boolean, lcpParts?: LcpParts, serverRenderedLoads?: number }} PageRow
 * @typedef {{ element: { tag: string, src: string | null, text: string } | null, url: string | null, sameElementEveryRun: boolean,
 *   documentResponseEndMs: Figure | null, resourceEndMs: Figure | null, firstContentfulPaintMs: Figure | null,
 *   domInteractiveMs: Figure | null }} LcpParts home's LCP in parts (medians of its runs)
 * @typedef {import('./script-attribution.cjs').Attribution} HomeScripts
 * @typedef {{ requestsPerSecond: number, p99Ms: number, non2xx: number, errors: number }} Throughput
 * @typedef {{ name: string, path: string, target: { minRatio: number, maxP99Ms: number }, bodyBytes: number, api: Throughput,
 *   bare: Throughput, ratio: number }} ApiRow
 * @typedef {{ error: string } | { error?: undefined, customers: number, part: { name: string, minQuantity: number },
 *   ordersAccepted: number, seconds: number, ordersPerSecond: number, statuses: Record<string, number>, stockBefore: number,
 *   stockAfter: number, quantityAccepted: number, stockConsumed: number, oversellCheck: string }} OrderRush
 * @typedef {{ error: string } | { error?: undefined, customers: number, linesPerCheckout: number, checkoutsAccepted: number,
 *   seconds: number, checkoutsPerSecond: number, statuses: Record<string, number>, oversellCheck: string,
 *   parts: { name: string, stockBefore: number, stockAfter: number, held: number, consumed: number }[] }} CheckoutRush
 * @typedef {{ error: string } | { error?: undefined, command: string, seconds: Figure, rewritten: boolean,
 *   untouched: Record<string, boolean> }} RemoteBuild
 * @typedef {{ change: string, figures: { name: string, before: string, after: string }[] }} Optimisation
 * @typedef {{ navbarLateApiMs?: number, homeJsKb: number, lcpMs: number, lcpThrottledMs: number, cls: number }} Targets
 * @typedef {{ machine: { date: string, cores: number, cpuModel: string, memoryGb: number, node: string, chromium: string,
 *   autocannon: string, platform: string }, settings: { pageRuns: number, connections: number, warmUpSeconds: number,
 *   apiSeconds: number }, targets: Targets, pages: PageRow[], homeScripts?: HomeScripts, api: ApiRow[], orders: OrderRush, checkouts?: CheckoutRush,
 *   scaleOut?: { instances: number, api: ApiRow[], orders: OrderRush }, remoteBuild?: RemoteBuild,
 *   serverRendering?: ServerRendering, crowd?: Crowd, tracing?: Tracing, buildAdvisor?: BuildAdvisor, orderInvariants?: OrderInvariants,
 *   optimisations?: Optimisation[], budgets?: BudgetRow[] }} BenchResults
 * @typedef {import('./page-budgets.cjs').BudgetMeasure & { bytesFigure: Figure, lcpFigure?: Figure | null, over: string | null }} BudgetRow
 * @typedef {ReturnType<typeof import('./order-invariants.mjs').measureOrderInvariants>} OrderInvariants
 * @typedef {{ requestsPerSecond: number, p99Ms: number, non2xx: number, errors: number }} TracedThroughput
 * @typedef {{ error: string } | { error?: undefined, date: string, rounds: number, spansReceived: number,
 *   rows: { name: string, none: TracedThroughput, endpoint: TracedThroughput, overhead: number }[] }} Tracing tracing's cost (tracing-overhead.mjs)
 * @typedef {{ error: string } | { error?: undefined, parts: number, requests: number, suggested: number, refused: number,
 *   p50Ms: number, p95Ms: number, maxMs: number, targetP95Ms: number }} BuildAdvisor the advisor's answer time (build-advisor.mjs)
 * @typedef {{ path: string, requests: number, statuses: Record<string, number>, renderedBy: Record<string, number>, errors: number,
 *   p50Ms: number | null, p99Ms: number | null, maxMs: number | null, seconds: number }} Burst
 * @typedef {{ error: string } | { error?: undefined, date?: string, visitors: number, warmUp?: Burst, bursts: Burst[],
 *   rss: { baselineBytes: number | null, peakBytes: number, settledBytes: number | null, settleSeconds: number },
 *   throughput: { shell: Throughput, bare: Throughput, ratio: number, bodyBytes: number },
 *   cdn: { cacheControl: string | string[] | null, vary: string | string[] | null, setCookie: string | string[] | null,
 *     firstVisitor: { status: number, cache: string }, secondVisitor: { status: number, cache: string }, originRequests: number },
 *   log: string[] }} Crowd the shell's server under a crowd (crowd.mjs)
 * @typedef {{ p99Ms: number, peakRssMb: number, settledRssMb: number, minRatio: number }} CrowdTargets
 * @typedef {{ home?: (import('./server-rendering.mjs').Throughput & { name: string })[],
 *   withoutJavaScript?: { hero: boolean, parts: number, reviews: number, renderedBy: string | null },
 *   lateApi?: { rendering: 'on' | 'off', apiDelayMs: number, runs: number[] }[] }} ServerRendering
 */

const verdict = (/** @type {boolean} */ ok) => (ok ? 'pass' : '**miss**');
const ms = (/** @type {number | null} */ value) => (value === null ? 'none' : `${Math.round(value)} ms`);
const kb = (/** @type {number} */ bytes) => `${(bytes / KB).toFixed(1)} KB`;
const ratio = (/** @type {number} */ value) => value.toFixed(2);
const fixed = (/** @type {number} */ digits) => (/** @type {number} */ value) => value.toFixed(digits);
const whole = (/** @type {number} */ value) => String(Math.round(value));
/**
 * @template {number | null} T
 * @param {{ median: T, min: T, max: T }} figure
 * @param {(value: T) => string} format
 */
const range = (figure, format) => `${format(figure.median)} (${format(figure.min)}–${format(figure.max)})`;

/**
 * @param {PageRow} page
 * @param {Targets} targets
 */
export function pageVerdicts(page, targets) {
  return {
    ...(page.path === '/' ? { js: page.jsBytes.median <= targets.homeJsKb * KB } : {}),
    ...(page.path === '/' && page.lcpInHtml !== undefined ? { lcpInHtml: page.lcpInHtml, paintFirst: page.paintBeforeScripts } : {}),
    lcp: page.lcpMs.median !== null && page.lcpMs.median <= (page.cpuThrottling === 1 ? targets.lcpMs : targets.lcpThrottledMs),
    cls: page.cls.median <= targets.cls,
  };
}

/** @param {ApiRow} row */
export function apiVerdicts(row) {
  return { ratio: row.ratio >= row.target.minRatio, p99: row.api.p99Ms <= row.target.maxP99Ms };
}

/** @param {BenchResults} results */
export function renderReport({ machine, settings, targets, pages, homeScripts, api, orders, checkouts, scaleOut, remoteBuild, serverRendering, crowd, tracing, buildAdvisor, orderInvariants, optimisations = [], budgets }) {
  const lines = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (tooling/bench/) on ${machine.date}. Figures from one shared machine; compare them`,
    'within one run, not across machines. What each optimisation changed, measured before and after it, is at the end.',
    '',
    '## Machine',
    '',
    `- ${machine.cores} cores, ${machine.cpuModel}, ${Math.round(machine.memoryGb)} GB memory`,
    `- Node ${machine.node}, Chromium ${machine.chromium}, autocannon ${machine.autocannon}`,
    `- ${machine.platform}`,
    '',
    '## Pages',
    '',
    `Each figure: median (min–max) of ${settings.pageRuns} cold loads. Every load has a new browser context and the`,
    'cache disabled (CDP `Network.setCacheDisabled`), at 1280×800. JS is the bytes over the wire (compressed,',
    'CDP `encodedDataLength` of Script resources) until the page has painted and no request was open for 500 ms; requests count everything the page',
    "asked for. LCP and CLS come from the page's PerformanceObserver (CLS: the largest session window). First paint is",
    "the paint timing's `first-paint`; first script is when the shell's `main.js` began (its first statement marks it);",
    "\"in HTML\": every load's largest element (its picture's address, or its text) is in the HTML the server sent.",
    `/dashboard is loaded signed in as the demo customer (signed in through /login first, not measured). KB = ${KB} bytes.`,
    '',
    `Targets: home page JS ≤ ${targets.homeJsKb} KB; LCP ≤ ${targets.lcpMs} ms unthrottled, ≤ ${targets.lcpThrottledMs.toLocaleString('en')} ms at 4× CPU throttling; CLS ≤ ${targets.cls};`,
    "home's largest element in the server's HTML, and its first paint before any script has run.",
    '',
    '| Page | CPU | JS | JS files | Requests | First paint | First script | LCP | LCP in HTML | CLS | Verdict |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const page of pages) {
    const verdicts = pageVerdicts(page, targets);
    const said = Object.entries(verdicts).map(([name, ok]) => `${name === 'paintFirst' ? 'paint before scripts' : name === 'lcpInHtml' ? 'LCP in HTML' : name.toUpperCase()} ${verdict(ok)}`).join(', ');
    const optional = (/** @type {Figure | null | undefined} */ figure, /** @type {(value: number) => string} */ format) =>
      figure ? range(figure, format) : '—';
    lines.push(
      `| \`${page.path}\` | ${page.cpuThrottling === 1 ? 'unthrottled' : `${page.cpuThrottling}× slower`} | ${range(page.jsBytes, kb)} | ${range(page.jsFiles, whole)} | ${range(page.requests, whole)} | ${optional(page.firstPaintMs, ms)} | ${optional(page.scriptStartMs, ms)} | ${page.lcpMs.median === null ? 'none' : range(page.lcpMs, ms)} | ${page.lcpInHtml === undefined ? '—' : page.lcpInHtml ? 'yes' : 'no'}${page.serverRenderedLoads !== undefined && page.serverRenderedLoads < page.lcpMs.runs && (page.serverRenderedLoads > 0 || page.path === '/') ? ` (${page.serverRenderedLoads} of ${page.lcpMs.runs} loads server-rendered)` : ''} | ${range(page.cls, fixed(3))} | ${said} |`,
    );
  }
  if (budgets) lines.push('', ...renderBudgets(budgets));
  if (homeScripts) lines.push('', ...renderHomeScripts(homeScripts));
  if (serverRendering) lines.push('', ...renderServerRendering(serverRendering, targets.navbarLateApiMs));
  if (crowd) lines.push('', ...renderCrowd(crowd, CROWD_TARGETS));
  lines.push(
    '',
    '## API',
    '',
    `autocannon, ${settings.connections} connections over loopback, ${settings.apiSeconds} s per figure after a ${settings.warmUpSeconds} s warm-up. Beside each`,
    'endpoint, a bare `node:http` server (its own process, as the api is) answers the same JSON from memory in the',
    'same run: ratio = api req/s ÷ bare req/s. The api runs as `npm start` runs it (with its in-memory database).',
    '',
    '| Endpoint | Body | api req/s | api p99 | bare req/s | bare p99 | Ratio (target) | p99 (target) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const row of api) {
    const verdicts = apiVerdicts(row);
    const failures = row.api.non2xx + row.api.errors > 0 ? ` (${row.api.non2xx} non-2xx, ${row.api.errors} errors)` : '';
    lines.push(
      `| \`GET ${row.path}\` | ${kb(row.bodyBytes)} | ${whole(row.api.requestsPerSecond)}${failures} | ${row.api.p99Ms} ms | ${whole(row.bare.requestsPerSecond)} | ${row.bare.p99Ms} ms | ${ratio(row.ratio)} (≥ ${row.target.minRatio}) ${verdict(verdicts.ratio)} | ≤ ${row.target.maxP99Ms} ms ${verdict(verdicts.p99)} |`,
    );
  }
  lines.push('', '## Orders', '');
  if (orders.error !== undefined) {
    lines.push(`Not measured: ${orders.error}`);
  } else {
    lines.push(
      `${orders.customers} customers (new accounts through the auth emulator and the token exchange) each place`,
      `orders of the minimum quantity (${orders.part.minQuantity}) of "${orders.part.name}", one after another with a new`,
      'Idempotency-Key each, until the part is sold out (409). The api ran with its order and sign-in rate limits raised',
      '(RATE_LIMIT_ORDERS, RATE_LIMIT_SIGN_IN) so that the limits do not decide the figure.',
      '',
      `- ${orders.ordersAccepted} orders accepted in ${orders.seconds.toFixed(2)} s: **${whole(orders.ordersPerSecond)} orders/s**`,
      `- Answers: ${Object.entries(orders.statuses).map(([status, count]) => `${count}× ${status}`).join(', ')}`,
      `- Stock ${orders.stockBefore} → ${orders.stockAfter}: quantity accepted ${orders.quantityAccepted}, stock consumed ${orders.stockConsumed}. Oversell check: ${verdict(orders.oversellCheck === 'pass')}`,
    );
  }
  if (checkouts) lines.push('', ...renderCheckoutRush(checkouts));
  if (orderInvariants) lines.push('', ...renderOrderInvariants(orderInvariants));
  if (buildAdvisor) lines.push('', ...renderBuildAdvisor(buildAdvisor));
  if (scaleOut) lines.push('', ...renderScaleOut(scaleOut, { api, orders }));
  if (tracing) lines.push('', ...renderTracing(tracing, settings));
  const misses = renderMisses({ targets, pages, api, homeScripts });
  if (misses.length > 0) lines.push('', ...misses);
  if (remoteBuild) lines.push('', ...renderRemoteBuild(remoteBuild));
  if (optimisations.length > 0) lines.push('', ...renderOptimisations(optimisations));
  lines.push('');
  return lines.join('\n');
}

/**
 * Each first page against its JavaScript budget (page-budgets.json).
 * @param {BudgetRow[]} budgets
 */
export function renderBudgets(budgets) {
  const lines = [
    '## JavaScript budgets per first page',
    '',
    `Each page of \`tooling/bench/page-budgets.json\` (the file the e2e page-weight test reads too): median (min–max) of`,
    `${budgets[0]?.bytesFigure.runs ?? 0} cold loads measured as above (unthrottled), signed in first where the page needs it; its three largest groups (source maps, as below).`,
    'Before: the page when issue 47 was filed (its table). Stack: the bytes of the decided stack\'s own libraries on that page',
    '(react-dom and react, the Module Federation and webpack runtimes, TanStack Query, react-router, styled-components),',
    'which the page ships before any code of ours.',
    '',
    '| Page | Before | Now | Budget | Stack | Verdict | Largest | LCP |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of budgets) {
    const largest = row.largest.map((entry) => `${entry.group} ${kb(entry.bytes)}`).join(', ');
    const lcp = row.lcpFigure ? range(row.lcpFigure, ms) : '—';
    const before = row.beforeBytes === undefined ? '—' : kb(row.beforeBytes);
    const stack = row.stackBytes === undefined ? '—' : kb(row.stackBytes);
    lines.push(`| \`${row.path}\` | ${before} | ${range(row.bytesFigure, kb)} | ${kb(row.budgetBytes)} | ${stack} | ${row.over ? `**miss** by ${kb(row.bytes - row.budgetBytes)}` : 'pass'} | ${largest} | ${lcp} |`);
  }
  const attributed = budgets.filter((row) => row.groups !== undefined);
  if (attributed.length > 0) {
    lines.push('', '### What each first page\'s JavaScript is made of', '', 'The load with the median bytes, every group of 0.5 KB or more (the rest summed), largest first.', '');
    for (const row of attributed) {
      const shown = row.groups.filter((entry) => entry.bytes >= 500);
      const rest = row.groups.filter((entry) => entry.bytes < 500).reduce((sum, entry) => sum + entry.bytes, 0);
      lines.push(`- \`${row.path}\` (${kb(row.bytes)}): ${[...shown.map((entry) => `${entry.group} ${kb(entry.bytes)}`), ...(rest > 0 ? [`the rest ${kb(rest)}`] : [])].join(', ')}.`);
    }
  }
  return lines;
}

/** Issue 37's targets for the shell's server under a crowd. */
export const CROWD_TARGETS = { p99Ms: 1000, peakRssMb: 512, settledRssMb: 300, minRatio: 0.5 };
const mb = (/** @type {number | null} */ bytes) => (bytes === null ? '—' : `${Math.round(bytes / 2 ** 20)} MB`);
const counts = (/** @type {Record<string, number>} */ byKey) =>
  Object.entries(byKey)
    .map(([key, count]) => `${count.toLocaleString('en')} ${key}`)
    .join(', ');

/**
 * Tracing's cost: the same requests to an api and a shell's server with an OTLP endpoint set and without.
 * @param {Tracing} tracing
 * @param {BenchResults['settings']} settings
 */
export function renderTracing(tracing, settings) {
  const lines = ['## Tracing', ''];
  if (tracing.error !== undefined) return [...lines, `Not measured: ${tracing.error}`];
  const rate = (/** @type {number} */ value) => Math.round(value).toLocaleString('en');
  lines.push(
    `\`npm run bench\` (or \`npm run bench -- --only=tracing\`, ${tracing.date}) starts, beside the stack and on its database, an api and a`,
    "shell's server with `OTEL_EXPORTER_OTLP_ENDPOINT` set (to the project's own receiver, tooling/telemetry) and the same two without it,",
    `and measures them in turns, ${tracing.rounds} rounds each (autocannon, ${settings.connections} connections, ${settings.apiSeconds} s after ${settings.warmUpSeconds} s of warm-up).`,
    `Without an endpoint nothing is loaded or patched. ${tracing.spansReceived.toLocaleString('en')} spans were received. See [operations](operations.md#traces-opentelemetry).`,
    '',
    '| Request | No endpoint: req/s | p99 | Endpoint set: req/s | p99 | Overhead (req/s) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...tracing.rows.map(
      (row) =>
        `| ${row.name} | ${rate(row.none.requestsPerSecond)} | ${row.none.p99Ms} ms | ${rate(row.endpoint.requestsPerSecond)} | ${row.endpoint.p99Ms} ms | ${(row.overhead * 100).toFixed(1)} % |`,
    ),
  );
  return lines;
}

/**
 * The shell's server under a crowd: bursts on a cold cache, its memory, cached GET / against bare
 * node:http, and a caching proxy in front.
 * @param {Crowd} crowd
 * @param {CrowdTargets} target
 */
export function renderCrowd(crowd, target) {
  const lines = ['## A crowd at the shell\'s server', ''];
  if (crowd.error !== undefined) return [...lines, `Not measured: ${crowd.error}`];
  const { bursts, rss, throughput, cdn, warmUp } = crowd;
  lines.push(
    `\`npm run bench\` (or \`npm run bench -- --only=crowd\`${crowd.date ? `, ${crowd.date}` : ''}) starts a shell's server of its own (\`node shell/dist-server/main.js\`)`,
    `beside the stack, and sends ${crowd.visitors.toLocaleString('en')} GETs at once, each on its own connection, as a browser asks`,
    '(`Accept-Encoding: gzip, deflate, br`), first to a page the crowd does not ask for, rendered for that burst (so the code is warm,',
    'as a running server\'s is),',
    'then to `/` and to a part\'s page with nothing of them rendered yet (a cold cache). The sending process runs on the same two',
    'cores as the server, the api and the remotes, and a bare node:http server sending fixed bytes to the same burst takes',
    'about 0.5-0.9 s at p50 here: the figures include that.',
    '',
    `| Burst of ${crowd.visitors.toLocaleString('en')} | Statuses | Rendered | Errors | p50 | p99 (target ≤ ${target.p99Ms} ms) | Slowest |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const burst of [...(warmUp ? [{ ...warmUp, path: `${warmUp.path} (warm-up, not a target)` }] : []), ...bursts]) {
    const ok = burst.errors === 0 && burst.statuses['200'] === burst.requests && burst.p99Ms !== null && burst.p99Ms <= target.p99Ms;
    const p99 = `${ms(burst.p99Ms)}${burst.path.includes('warm-up') ? '' : ` ${verdict(ok)}`}`;
    lines.push(`| \`GET ${burst.path}\` | ${counts(burst.statuses)} | ${counts(burst.renderedBy)} | ${burst.errors} | ${ms(burst.p50Ms)} | ${p99} | ${ms(burst.maxMs)} |`);
  }
  const peakOk = rss.peakBytes <= target.peakRssMb * 2 ** 20;
  const settledOk = rss.settledBytes !== null && rss.settledBytes <= target.settledRssMb * 2 ** 20;
  lines.push(
    '',
    `The shell's server's resident memory (RSS, sampled every 50 ms): ${mb(rss.baselineBytes)} before, **${mb(rss.peakBytes)} at its peak** through`,
    `the bursts (limit ${target.peakRssMb} MB: ${verdict(peakOk)}), ${mb(rss.settledBytes)} ${rss.settleSeconds} s after (target under ${target.settledRssMb} MB: ${verdict(settledOk)}).`,
  );
  if (crowd.log.length > 0) lines.push('', 'Its log through the bursts:', '', ...crowd.log.map((line) => `- \`${line}\``));
  const ratioOk = throughput.ratio >= target.minRatio;
  lines.push(
    '',
    `Cached \`GET /\` (${kb(throughput.bodyBytes)} of brotli) with autocannon, against a bare node:http server sending the same bytes and headers`,
    'in the same run, in turns (the shell, the bare server, three times each) so load from elsewhere falls on both; the median turn of each:',
    '',
    '| Server | req/s | p99 |',
    '| --- | --- | --- |',
    `| the shell's server | ${whole(throughput.shell.requestsPerSecond)} | ${throughput.shell.p99Ms} ms |`,
    `| bare node:http | ${whole(throughput.bare.requestsPerSecond)} | ${throughput.bare.p99Ms} ms |`,
    '',
    `Ratio **${ratio(throughput.ratio)}** (target ≥ ${target.minRatio}: ${verdict(ratioOk)}).`,
  );
  const cdnOk = cdn.secondVisitor.cache === 'HIT' && cdn.originRequests === 1;
  lines.push(
    '',
    'A caching proxy in front (tooling/bench/cdn-proxy.mjs: a shared cache by http-cache-semantics, as a CDN keeps pages), two',
    'visitors of `/`, the second with a cohort cookie of its own:',
    '',
    `- \`Cache-Control: ${cdn.cacheControl}\`, \`Vary: ${cdn.vary}\`, Set-Cookie: ${cdn.setCookie ?? 'none'}`,
    `- first visitor: ${cdn.firstVisitor.status}, ${cdn.firstVisitor.cache}; second visitor: ${cdn.secondVisitor.status}, ${cdn.secondVisitor.cache}`,
    `- requests that reached the shell: ${cdn.originRequests} (${verdict(cdnOk)}: the second visitor's page came from the cache)`,
  );
  return lines;
}

/**
 * GET / from the shell's server, and the home page with JavaScript off.
 * @param {ServerRendering} figures
 */
function renderServerRendering({ home = [], withoutJavaScript, lateApi }, targetMs = 1000) {
  const lines = [
    '## Server rendering',
    '',
    "`GET /` from the shell's server with autocannon (the same connections and durations as the api's, `Accept-Encoding: br`",
    "as a browser asks): the stack's shell (render cache on: a page is kept a few seconds and served again while the api",
    "answers it was rendered from keep their entity tags), a second shell with `SSR_CACHE_TTL_MS=0` (every request",
    'rendered), and one with `SERVER_RENDERING=off` (the client-rendered page: index.html with its hints), for scale.',
    '',
    '| `GET /` | Rendered | HTML (decoded) | req/s | p99 |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const row of home) {
    const failures = row.non2xx + row.errors > 0 ? ` (${row.non2xx} non-2xx, ${row.errors} errors)` : '';
    lines.push(`| ${row.name} | ${row.renderedBy ?? '—'} | ${kb(row.bodyBytes)} | ${whole(row.requestsPerSecond)}${failures} | ${row.p99Ms} ms |`);
  }
  if (withoutJavaScript) {
    const { hero, parts, reviews, renderedBy } = withoutJavaScript;
    const whole6 = hero && parts === 6 && reviews > 0;
    lines.push(
      '',
      `The home page with JavaScript disabled (rendered: ${renderedBy ?? '—'}): hero ${hero ? 'shown' : '**missing**'}, ${parts} of 6 latest parts, ${reviews} reviews: ${verdict(whole6)}.`,
    );
  }
  if (lateApi?.length) {
    lines.push(
      '',
      `With every api answer ${(lateApi[0]?.apiDelayMs ?? 0) / 1000} s late, the navbar shows (its Products link visible) this long after the navigation starts, at a second`,
      `shell's server; cold loads in a new context each; target under ${targetMs} ms (the e2e shows only that it comes before the api answers):`,
      '',
      '| Server rendering | Runs | Median | Slowest | Target |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const row of lateApi) {
      const sorted = [...row.runs].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? null;
      const slowest = sorted.at(-1) ?? null;
      lines.push(`| ${row.rendering} | ${row.runs.length} | ${ms(median)} | ${ms(slowest)} | ${verdict(median !== null && median < targetMs)} |`);
    }
  }
  return lines;
}

/** @param {RemoteBuild} build */
function renderRemoteBuild(build) {
  if (build.error !== undefined) return ['## Releasing one remote', '', `Not measured: ${build.error}`];
  const others = Object.entries(build.untouched);
  return [
    '## Releasing one remote',
    '',
    `\`${build.command}\`, ${build.seconds.runs} runs: **${build.seconds.median.toFixed(1)} s** (${build.seconds.min.toFixed(1)}–${build.seconds.max.toFixed(1)} s).`,
    `Its manifest, deleted before each run, was written again each time: ${verdict(build.rewritten)}. Every file of the other builds byte-identical before and`,
    `after (sha-256): ${others.map(([name, same]) => `${name} ${verdict(same)}`).join(', ')}.`,
  ];
}

/**
 * The record in tooling/bench/optimisations.json: each change with the figures before and after it.
 * @param {Optimisation[]} optimisations
 */
function renderOptimisations(optimisations) {
  const lines = [
    '## Before and after each optimisation',
    '',
    'Measured when each change was made, on this machine, with the figure named (home = `/`, cold, unthrottled',
    'unless said; api figures at 50 connections). Runs on a shared machine vary by ±15 %; sizes do not.',
    '',
    '| Change | Figure | Before | After |',
    '| --- | --- | --- | --- |',
  ];
  for (const item of optimisations) {
    for (const [index, figure] of item.figures.entries()) {
      lines.push(`| ${index === 0 ? item.change : ''} | ${figure.name} | ${figure.before} | ${figure.after} |`);
    }
  }
  return lines;
}

/**
 * @param {BuildAdvisor} advisor
 */
function renderBuildAdvisor(advisor) {
  const lines = ['## The build advisor', ''];
  if (advisor.error !== undefined) return [...lines, `Not measured: ${advisor.error}`];
  return [
    ...lines,
    `\`advise()\` of the api's build (POST /builds/advise without HTTP and the database read of the parts in stock, which one`,
    `read serves for the catalog cache's TTL), in the bench's process, on a catalog of ${advisor.parts.toLocaleString('en')} parts in stock that`,
    '`tooling/bench/build-advisor.mjs` makes (seeded: the same parts every run, a sixth per category, every socket, memory',
    'generation and chip of the performance table, and chips it lacks). Each answer is the exact solution, its cheaper and',
    `stronger alternatives, the reasons and the check. ${advisor.requests} requests of random budgets ($600 to $5,000), uses and CPUs.`,
    '',
    `- **p95 ${advisor.p95Ms.toFixed(1)} ms** (target ≤ ${advisor.targetP95Ms} ms ${verdict(advisor.p95Ms <= advisor.targetP95Ms)}), p50 ${advisor.p50Ms.toFixed(1)} ms, max ${advisor.maxMs.toFixed(1)} ms`,
    `- ${advisor.suggested} suggestions, ${advisor.refused} refused (a budget below the cheapest compatible build)`,
  ];
}

/** @param {CheckoutRush} checkouts */
function renderCheckoutRush(checkouts) {
  const lines = ['## Checkouts', ''];
  if (checkouts.error !== undefined) return [...lines, `Not measured: ${checkouts.error}`];
  return [
    ...lines,
    `${checkouts.customers} customers each place checkouts of ${checkouts.linesPerCheckout} parts (the minimum order of each), one after`,
    'another with a new Idempotency-Key each, until a line cannot be held (409). Each checkout holds all its lines or none.',
    '',
    `- ${checkouts.checkoutsAccepted} checkouts accepted in ${checkouts.seconds.toFixed(2)} s: **${whole(checkouts.checkoutsPerSecond)} checkouts/s**`,
    `- Answers: ${Object.entries(checkouts.statuses).map(([status, count]) => `${count}× ${status}`).join(', ')}`,
    ...checkouts.parts.map((part) => `- "${part.name}": stock ${part.stockBefore} → ${part.stockAfter}, held by the accepted checkouts ${part.held}, consumed ${part.consumed}`),
    `- Oversell and all-or-none check: ${verdict(checkouts.oversellCheck === 'pass')}`,
  ];
}

const rushFigure = (/** @type {OrderRush} */ orders) =>
  orders.error !== undefined ? `not measured: ${orders.error}` : `${whole(orders.ordersPerSecond)} orders/s (${orders.ordersAccepted} in ${orders.seconds.toFixed(2)} s), oversell check ${verdict(orders.oversellCheck === 'pass')}`;

/**
 * The same figures from one api process and from several on one database.
 * @param {NonNullable<BenchResults['scaleOut']>} scaleOut
 * @param {{ api: ApiRow[], orders: OrderRush }} single
 */
function renderScaleOut(scaleOut, single) {
  const tools = (/** @type {ApiRow[]} */ rows) => rows.find((row) => row.name === 'tools');
  const one = tools(single.api);
  const many = tools(scaleOut.api);
  const throughput = (/** @type {ApiRow} */ row) => `${whole(row.api.requestsPerSecond)} req/s, p99 ${row.api.p99Ms} ms${row.api.non2xx + row.api.errors > 0 ? ` (${row.api.non2xx} non-2xx, ${row.api.errors} errors)` : ''}`;
  return [
    '## Scale out',
    '',
    `The same stack started again with \`API_INSTANCES=${scaleOut.instances}\`: ${scaleOut.instances} api processes share the port through`,
    "node:cluster, whose primary hands out connections round-robin (the stand-in for a load balancer), on one",
    'database. On this machine the api processes share its cores with the database, autocannon and the other',
    'services, so the figure shows what a second process adds here, not what a second machine would.',
    '',
    '| Figure | 1 api process | ' + `${scaleOut.instances} api processes |`,
    '| --- | --- | --- |',
    `| \`GET /tools\` | ${one ? throughput(one) : 'not measured'} | ${many ? throughput(many) : 'not measured'} |`,
    `| \`POST /order\` rush | ${rushFigure(single.orders)} | ${rushFigure(scaleOut.orders)} |`,
  ];
}

/** Why a target is missed: what is left in the figure once the work in this report was done. */
const OTHER_PAGES_FACTOR = 1.2;

const WHY = {
  others: [
    '`/dashboard` is measured signed in: it restores the session with Firebase Auth (~35 KB) and loads the',
    'dashboard remote, which a signed-out home page needs neither of. `/products` paints twelve part cards (home:',
    'the hero first), and its spread between runs on this shared machine is wide (see its min–max above).',
    '`/login` and `/dashboard` are rendered in the browser (server rendering is for the public pages): their largest',
    'element waits for the scripts, and `/login` loads its form kit, which home, painted from the HTML, does not.',
  ],
  lcp: [
    "The largest element is in the server's HTML (its picture preloaded with it), and hydration waits for the load event",
    '(1.5 s at most), so no heavy script work comes before it. A Chromium trace of three unthrottled loads (2026-11-25,',
    "by hand) showed what held the main thread before the paint: the first style and layout of the server's HTML",
    '(45–80 ms), each SVG picture built as a document of its own as it arrives (5–25 ms each, up to ~90 ms in all',
    "before the paint), and, when the HTML is parsed before the first frame, the shell's deferred `main.js` (~50 ms).",
    'Since then only the hero\'s picture loads at once: the twelve below it (categories, latest parts) load as they',
    'near the screen (see "Optimisations").',
    'Where its time went, measured in each load of this run:',
  ],
  paintFirst: [
    "The page paints without any script (the home page with JavaScript disabled, above, is whole). The shell's",
    '`main.js` is `defer`: on a fast load the HTML is parsed before the first frame, so Chromium runs it (it only',
    'waits for the load event, the heavy work comes after) just before painting; at 4× CPU the paint comes first.',
  ],
  api: [
    'Answers from the catalog cache are written before Express (the fast path) with the headers Express sent; a',
    'miss (the first read after a write, or after the staleness bound) goes through Express and the database. On',
    'this machine autocannon, the api and the database share two cores, so p99 includes waiting for a core.',
  ],
};

/**
 * What each group of the home page's scripts buys there (tooling/bench/script-attribution.cjs names the
 * groups); the bytes beside it are measured.
 * @type {Record<string, string>}
 */
const WHAT_IT_BUYS = {
  'react-dom': "hydrating the server's HTML and every render after (with its scheduler)",
  react: 'React itself and the JSX runtime',
  'Module Federation runtime': "the shell's `main.js` and each remote's entry: the one federation runtime of the page, which loads the remotes at their live versions and shares the singletons",
  'webpack runtime': "each build's chunk loading and share scopes",
  zod: 'checking api answers and forms (since contracts 7.0.0 loaded with the first call or form, not with a page hydrated from the server\'s HTML)',
  axios: 'the one api client, with its session refresh',
  zustand: 'the auth store and the cart count',
  'react-router': 'routing (the exports the apps use, shared through `@pcpp/contracts/router`)',
  '@tanstack/react-query': "the page's data, dehydrated by the server; shared whole (a singleton keeps every export), mutations included (each card's Add to cart)",
  'styled-components': "rehydrates the server's styles (with stylis)",
  'contracts: core': "texts, money, routes, page metadata and rules (`@pcpp/contracts/core`, not shared: each build's own copy of what it uses, the shell's and mf-shop's both; its schemas load with the first check)",
  'contracts: browser kit': 'the api client (axios itself loads at the first call), the auth store and the query layer (`@pcpp/contracts`, the shared singleton)',
  'contracts: cart and checkout': "the cart's store and queries (the navbar's count, each card's Add to cart) and the cart's rules and texts (its schemas load only to check a stored cart or an answer)",
  'contracts: UI kit': 'the shared components (`@pcpp/contracts/ui`), shared whole',
  'contracts: dashboard UI': "the signed-in pages' frame and dialogs (`@pcpp/contracts/ui/dashboard`, since contracts 5.0.0 an entry of its own)",
  'shell: components/layout': 'the navbar (with the cart count and payments due) and the footer',
  'shell: features/remotes': 'loads each remote at the version its cohort gets (the releases plugin of the federation runtime), falls back to the previous version and reports failures and sampled loads',
  'react-error-boundary': 'the boundary around each remote: a remote that fails shows Retry, never a blank shop',
  'mf-shop: components': 'the part cards (with Purchase and Add to cart) and their sections',
  'mf-shop: features/home': "the home page's hero, categories, statistics and delivery sections",
  'no source map': 'files the build wrote no source map for',
};
/** Groups under this many bytes share one row of the table (named in it). */
const SMALL_GROUP_BYTES = 1500;

/**
 * Rounds parts to tenths of a KB so that the rounded parts add up to the rounded total (largest remainder).
 * @param {number[]} values bytes
 * @param {number} total bytes
 */
export function roundedToTotal(values, total) {
  const unit = KB / 10;
  const floors = values.map((value) => Math.floor(value / unit));
  let left = Math.round(total / unit) - floors.reduce((sum, value) => sum + value, 0);
  const order = values.map((value, index) => ({ index, rest: value / unit - floors[index] })).sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] += 1;
    left -= 1;
  }
  return floors.map((value) => value * unit);
}

/**
 * The groups of the table: the large ones, then one row of the small ones.
 * @param {HomeScripts} scripts
 */
function tableGroups(scripts) {
  const large = scripts.groups.filter((group) => group.bytes >= SMALL_GROUP_BYTES);
  const small = scripts.groups.filter((group) => group.bytes < SMALL_GROUP_BYTES);
  /** @type {{ name: string, bytes: number, group: import('./script-attribution.cjs').Group | null }[]} */
  const rows = large.map((group) => ({ name: group.group, bytes: group.bytes, group }));
  if (small.length > 0) rows.push({ name: `${small.length} smaller groups`, bytes: small.reduce((sum, group) => sum + group.bytes, 0), group: null });
  const shown = roundedToTotal(rows.map((row) => row.bytes), scripts.totalBytes);
  return { rows: rows.map((row, index) => ({ ...row, shown: shown[index] })), small };
}

const tenths = (/** @type {number} */ bytes) => (bytes / KB).toFixed(1);
const shortSource = (/** @type {string} */ source) => source.replace(/^(\.\.\/)+/, '').replace(/^contracts\/src\//, '').replace(/^src\//, '');

/**
 * The home page's JavaScript by what it is made of (the build's source maps).
 * @param {HomeScripts} scripts
 */
function renderHomeScripts(scripts) {
  const { rows, small } = tableGroups(scripts);
  const lines = [
    "## What the home page's JavaScript is made of",
    '',
    `The ${scripts.scripts.length} scripts of one cold load of \`/\` (unthrottled, the load with the median bytes): ${kb(scripts.totalBytes)} compressed.`,
    "Each file's compressed bytes are shared out to the sources in it in proportion to the code each one generated there",
    "(the build's source maps, the hidden `.js.map` beside each file; tooling/bench/script-attribution.cjs). A group is",
    "an npm package (with the helpers it brings), or our own workspace and folder; code between modules (webpack's",
    "wrappers, a shared module's export table) counts with its file's largest group. The KB add up to the total.",
    '',
    '| What | KB | Share | What it buys on the home page |',
    '| --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const share = `${((100 * row.bytes) / scripts.totalBytes).toFixed(1)} %`;
    if (row.group === null) {
      lines.push(`| ${row.name} | ${tenths(row.shown)} | ${share} | ${small.map((group) => `${group.group} ${tenths(group.bytes)}`).join(', ')} |`);
      continue;
    }
    const largest = row.name.includes(': ')
      ? ` Largest: ${row.group.sources.slice(0, 3).map((source) => `${shortSource(source.source)} ${tenths(source.bytes)}`).join(', ')}.`
      : '';
    lines.push(`| ${row.name} | ${tenths(row.shown)} | ${share} | ${WHAT_IT_BUYS[row.name] ?? 'our own code'}.${largest} |`);
  }
  lines.push(`| **Total** | **${tenths(scripts.totalBytes)}** | 100 % | |`);
  if (scripts.unattributed.length > 0) {
    lines.push('', `Without a source map (counted as "no source map"): ${scripts.unattributed.map((url) => `\`${new URL(url).pathname}\``).join(', ')}.`);
  }
  lines.push('', 'Per file (port and path; KB by group):', '', '| File | KB | Made of |', '| --- | --- | --- |');
  for (const script of [...scripts.scripts].sort((a, b) => b.bytes - a.bytes)) {
    const url = new URL(script.url);
    const parts = Object.entries(script.groups).filter(([, bytes]) => bytes >= 50).sort((a, b) => b[1] - a[1]).map(([group, bytes]) => `${group} ${tenths(bytes)}`).join(', ');
    lines.push(`| \`:${url.port}${url.pathname}\` | ${tenths(script.bytes)} | ${parts} |`);
  }
  return lines;
}

/**
 * Why home's JS is over its target, from the measured groups.
 * @param {HomeScripts} scripts
 * @param {number} over bytes over the target
 */
function homeJsWhy(scripts, over) {
  const ours = (/** @type {string} */ name) => name.startsWith('shell:') || name.startsWith('mf-shop:');
  const contracts = (/** @type {string} */ name) => name.startsWith('contracts:');
  const glue = (/** @type {string} */ name) => name === 'webpack runtime' || name === 'no source map';
  const library = (/** @type {string} */ name) => !ours(name) && !contracts(name) && !glue(name);
  const sum = (/** @type {(name: string) => boolean} */ test) => scripts.groups.filter((group) => test(group.group)).reduce((total, group) => total + group.bytes, 0);
  const libraries = scripts.groups.filter((group) => library(group.group));
  const bigger = scripts.groups.filter((group) => group.bytes >= over);
  const cart = scripts.groups.find((group) => group.group === 'contracts: cart and checkout');
  const cartFiles = ['cart-link', 'use-add-to-cart', 'add-to-cart-button', 'payments-due-link'];
  const cartOwn = scripts.groups
    .filter((group) => ours(group.group))
    .flatMap((group) => group.sources)
    .filter((source) => cartFiles.some((name) => source.source.includes(name)))
    .reduce((total, source) => total + source.bytes, 0);
  return [
    `Measured (the table "What the home page's JavaScript is made of", above): libraries ${kb(sum(library))}`,
    `(${libraries.slice(0, 6).map((group) => `${group.group} ${kb(group.bytes)}`).join(', ')}, …), contracts ${kb(sum(contracts))},`,
    `the shell's and mf-shop's own code ${kb(sum(ours))}, webpack's runtime and files without a map ${kb(sum(glue))}.`,
    `The cart and checkout among them: ${cart ? kb(cart.bytes) : 'none'} in contracts, ${kb(cartOwn)} in the navbar's cart and payments-due links and the cards' Add to cart.`,
    `The ${kb(over)} over is more than any one group but ${bigger.length > 0 ? bigger.map((group) => `${group.group} (${kb(group.bytes)})`).join(', ') : 'none'}.`,
    "The page hydrates the server's HTML, so it loads every module that rendered it, and a shared singleton",
    '(the contracts kit, its UI kit, TanStack Query) keeps every export. zod and the core left the shared contracts in',
    '7.0.0; what is left is mostly libraries the hydration itself needs (react-dom, the federation runtime, the router,',
    'styled-components, TanStack Query).',
  ];
}

/**
 * Home's LCP in parts, and what the figures say held it.
 * @param {PageRow} page
 */
function homeLcpWhy(page) {
  const parts = page.lcpParts;
  const cpu = page.cpuThrottling === 1 ? 'Unthrottled' : `At ${page.cpuThrottling}× CPU`;
  if (!parts) return [`${cpu}: not measured in parts.`];
  const median = (/** @type {Figure | null} */ figure) => (figure ? figure.median : null);
  const element = parts.element
    ? `\`<${parts.element.tag}>\`${parts.url ? ` (${new URL(parts.url).pathname})` : parts.element.text ? ` ("${parts.element.text}")` : ''}`
    : 'no element';
  const lcp = page.lcpMs.median;
  const resource = median(parts.resourceEndMs);
  const interactive = median(parts.domInteractiveMs);
  const figures = [
    `HTML received ${ms(median(parts.documentResponseEndMs))}`,
    ...(parts.url ? [`its picture received ${ms(resource)}`] : []),
    `first contentful paint ${ms(median(parts.firstContentfulPaintMs))}`,
    `DOM interactive ${ms(interactive)}`,
    `first script ${page.scriptStartMs ? ms(page.scriptStartMs.median) : 'none'}`,
    `LCP ${ms(lcp)}`,
  ];
  let reading = '';
  if (lcp !== null && interactive !== null) {
    reading =
      resource !== null && resource > interactive
        ? ` The picture's arrival held it: in ${Math.round(resource - interactive)} ms after the HTML was parsed, painted ${Math.round(lcp - resource)} ms after it arrived.`
        : ` ${resource !== null ? `The picture was in ${Math.round(lcp - resource)} ms before it painted: ` : ''}the main thread held it, through the HTML's parse and style (DOM interactive ${ms(interactive)}), then ${Math.round(lcp - interactive)} ms more to the frame that drew it.`;
  }
  const rendered =
    page.serverRenderedLoads === undefined || page.serverRenderedLoads === page.lcpMs.runs
      ? ''
      : ` Only ${page.serverRenderedLoads} of the ${page.lcpMs.runs} loads came server-rendered (the others were rendered in the browser, their picture waiting for the scripts), which these medians include.`;
  return [`${cpu} (medians of ${page.lcpMs.runs} loads): largest element ${element}${parts.sameElementEveryRun ? '' : ' (not the same element in every load)'}; ${figures.join(', ')}.${reading}${rendered}`];
}

/** @param {Pick<BenchResults, 'targets' | 'pages' | 'api' | 'homeScripts'>} results */
function renderMisses({ targets, pages, api, homeScripts }) {
  const lines = [];
  const home = pages.filter((page) => page.path === '/');
  const homeJs = home[0]?.jsBytes.median;
  if (homeJs !== undefined && homeJs > targets.homeJsKb * KB) {
    const why = homeScripts ? homeJsWhy(homeScripts, homeJs - targets.homeJsKb * KB) : ['Not measured by what it is made of (no source maps read).'];
    lines.push(`- **Home JS**: ${kb(homeJs)} against ${targets.homeJsKb} KB, ${kb(homeJs - targets.homeJsKb * KB)} over (${(homeJs / (targets.homeJsKb * KB)).toFixed(2)}×).`, ...why.map((line) => `  ${line}`));
  }
  const lcpMisses = home.filter((page) => !pageVerdicts(page, targets).lcp);
  if (lcpMisses.length > 0) {
    const said = lcpMisses
      .map((page) => {
        const target = page.cpuThrottling === 1 ? targets.lcpMs : targets.lcpThrottledMs;
        return `${page.cpuThrottling === 1 ? 'unthrottled' : `${page.cpuThrottling}× slower`} ${ms(page.lcpMs.median)} against ${target} ms (${page.lcpMs.median === null ? 'no paint' : `${Math.round(page.lcpMs.median - target)} ms over`})`;
      })
      .join('; ');
    lines.push(`- **Home LCP**: ${said}.`, ...WHY.lcp.map((line) => `  ${line}`), ...home.flatMap(homeLcpWhy).map((line) => `  ${line}`));
  }
  const paintMisses = home.filter((page) => page.paintBeforeScripts === false);
  if (paintMisses.length > 0) {
    const said = paintMisses
      .map((page) => `${page.cpuThrottling === 1 ? 'unthrottled' : `${page.cpuThrottling}× slower`}: first paint ${page.firstPaintMs ? ms(page.firstPaintMs.median) : 'none'}, first script ${page.scriptStartMs ? ms(page.scriptStartMs.median) : 'none'}`)
      .join('; ');
    lines.push(`- **Home's first paint before any script**: ${said}.`, ...WHY.paintFirst.map((line) => `  ${line}`));
  }
  const htmlMisses = home.filter((page) => page.lcpInHtml === false);
  if (htmlMisses.length > 0) {
    lines.push(`- **Home's largest element in the server's HTML**: not in it (${htmlMisses.map((page) => `${page.cpuThrottling}×`).join(', ')}): was the page rendered in the browser (the Rendered column)?`);
  }
  // The other pages a customer opens first: within 1.2× of home's figures at the same CPU.
  /** @type {string[]} */
  const beside = [];
  for (const page of pages.filter((row) => row.path !== '/')) {
    const homeRow = home.find((row) => row.cpuThrottling === page.cpuThrottling);
    if (!homeRow) continue;
    const cpu = page.cpuThrottling === 1 ? 'unthrottled' : `${page.cpuThrottling}× slower`;
    const jsTimes = page.jsBytes.median / homeRow.jsBytes.median;
    if (jsTimes > OTHER_PAGES_FACTOR && page.cpuThrottling === 1) beside.push(`\`${page.path}\` JS ${kb(page.jsBytes.median)} (${jsTimes.toFixed(2)}× home)`);
    if (page.lcpMs.median !== null && homeRow.lcpMs.median !== null) {
      const lcpTimes = page.lcpMs.median / homeRow.lcpMs.median;
      if (lcpTimes > OTHER_PAGES_FACTOR) beside.push(`\`${page.path}\` LCP ${cpu} ${ms(page.lcpMs.median)} (${lcpTimes.toFixed(2)}× home)`);
    }
  }
  if (beside.length > 0) {
    lines.push(`- **Other first pages beside home (≤ ${OTHER_PAGES_FACTOR}×)**: ${beside.join('; ')}.`, ...WHY.others.map((line) => `  ${line}`));
  }
  const apiMisses = api.filter((row) => Object.values(apiVerdicts(row)).includes(false));
  if (apiMisses.length > 0) {
    const said = apiMisses
      .map((row) => {
        const { ratio: ratioOk, p99 } = apiVerdicts(row);
        const parts = [];
        if (!ratioOk) parts.push(`ratio ${ratio(row.ratio)} against ${row.target.minRatio}`);
        if (!p99) parts.push(`p99 ${row.api.p99Ms} ms against ${row.target.maxP99Ms} ms`);
        return `\`GET ${row.path}\` ${parts.join(', ')}`;
      })
      .join('; ');
    lines.push(`- **API**: ${said}.`, ...WHY.api.map((line) => `  ${line}`));
  }
  return lines.length > 0 ? ['## Targets missed: by how much, and why', '', ...lines] : [];
}
