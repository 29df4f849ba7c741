// Each first page against its JavaScript budget (page-budgets.json, issue 47): one cold load as the
// bench's pages are measured (page-load.cjs), its scripts split by what they are made of
// (script-attribution.cjs), and a sentence for a page over its budget. The e2e page-weight test and
// `npm run bench` both use it, so the two never measure differently (CommonJS, as the e2e tests load
// tooling's modules).
const { measurePageLoad } = require('./page-load.cjs');
const { attributeScripts } = require('./script-attribution.cjs');

const BUDGETS_FILE = 'tooling/bench/page-budgets.json';

/**
 * @typedef {{ path: string, budgetBytes: number, beforeBytes?: number, account?: 'customer' | 'admin' }} PageBudget
 * @typedef {{ path: string, url: string, budgetBytes: number, beforeBytes?: number, bytes: number, files: number,
 *   uncompressed: string[], largest: { group: string, bytes: number }[], groups: { group: string, bytes: number }[],
 *   stackBytes: number, scripts: { url: string, bytes: number }[], lcpMs: number | null }} BudgetMeasure
 */

/**
 * The attribution's groups that are the decided stack itself (React, the federation runtime and
 * webpack's, TanStack Query, react-router, styled-components): what a page of the shell, or of a
 * remote, ships before any code of ours. No lever of ours takes them off a first page.
 */
const STACK_GROUPS = new Set(['react-dom', 'react', 'Module Federation runtime', 'webpack runtime', '@tanstack/react-query', 'react-router', 'styled-components']);

/**
 * The bytes of a page's scripts that are the decided stack's libraries (STACK_GROUPS).
 * @param {{ group: string, bytes: number }[]} groups
 */
function stackBytesOf(groups) {
  return groups.filter((entry) => STACK_GROUPS.has(entry.group)).reduce((sum, entry) => sum + entry.bytes, 0);
}

/** Each first page's budget, in the file's order. */
const PAGE_BUDGETS = /** @type {PageBudget[]} */ (require('./page-budgets.json').pages);

/**
 * The address of a budget's page: `{part}` is the first part the api lists.
 * @param {string} path
 * @param {string} apiUrl
 */
async function pagePath(path, apiUrl) {
  if (!path.includes('{part}')) return path;
  const parts = /** @type {{ _id: string }[]} */ (await (await fetch(`${apiUrl}/tools`)).json());
  return path.replace('{part}', parts[0]._id);
}

/**
 * One cold first load of a budget's page, with the three largest groups of its scripts.
 * @param {import('@playwright/test').Browser} browser
 * @param {{ budget: PageBudget, shellUrl: string, apiUrl: string, distByOrigin: Record<string, string>,
 *   accounts: Record<'customer' | 'admin', { email: string, password: string }> }} options
 * @returns {Promise<BudgetMeasure>}
 */
async function measureBudget(browser, { budget, shellUrl, apiUrl, distByOrigin, accounts }) {
  const url = await pagePath(budget.path, apiUrl);
  const load = await measurePageLoad(browser, { shellUrl, path: url, cpuThrottling: 1, account: budget.account ? accounts[budget.account] : undefined });
  const attribution = attributeScripts(load.scripts, distByOrigin, 0);
  const groups = attribution.groups.map(({ group, bytes }) => ({ group, bytes }));
  return {
    path: budget.path,
    url,
    budgetBytes: budget.budgetBytes,
    beforeBytes: budget.beforeBytes,
    bytes: load.jsBytes,
    files: load.jsFiles,
    uncompressed: load.scripts.filter((script) => script.encoding !== 'br' && script.encoding !== 'gzip').map((script) => script.url),
    largest: groups.slice(0, 3),
    groups,
    stackBytes: stackBytesOf(groups),
    scripts: load.scripts.map(({ url, bytes }) => ({ url, bytes })),
    lcpMs: load.lcpMs,
  };
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * What a page's figure says against a budget: null within it, else the sentence a failure shows.
 * `bound` names the limit when it is not the page's budget (a bound held while the page misses it).
 * @param {Pick<BudgetMeasure, 'path' | 'bytes' | 'largest'>} measure
 * @param {number} budgetBytes
 * @param {string} [bound]
 */
function overBudget({ path, bytes, largest }, budgetBytes, bound = `budget of ${budgetBytes.toLocaleString('en-US')} (${BUDGETS_FILE})`) {
  if (bytes <= budgetBytes) return null;
  return (
    `${path} loads ${bytes.toLocaleString('en-US')} bytes of compressed JavaScript, ${(bytes - budgetBytes).toLocaleString('en-US')} over its ` +
    `${bound}; its largest: ${largest.map((entry) => `${entry.group} ${kb(entry.bytes)}`).join(', ')}.`
  );
}

module.exports = { BUDGETS_FILE, PAGE_BUDGETS, STACK_GROUPS, stackBytesOf, pagePath, measureBudget, overBudget };
