// Each first page against its JavaScript budget (page-budgets.json, issue 47): one cold load as the
// bench's pages are measured (page-load.cjs), its scripts split by what they are made of
// (script-attribution.cjs), and a sentence for a page over its budget. The e2e page-weight test and
// `npm run bench` both use it, so the two never measure differently (CommonJS, as the e2e tests load
// tooling's modules).
const { measurePageLoad } = require('./page-load.cjs');
const { attributeScripts } = require('./script-attribution.cjs');

const BUDGETS_FILE = 'tooling/bench/page-budgets.json';

/**
 * @typedef {{ path: string, budgetBytes: number, account?: 'customer' | 'admin' }} PageBudget
 * @typedef {{ path: string, url: string, budgetBytes: number, bytes: number, files: number,
 *   uncompressed: string[], largest: { group: string, bytes: number }[], scripts: { url: string, bytes: number }[],
 *   lcpMs: number | null }} BudgetMeasure
 */

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
  return {
    path: budget.path,
    url,
    budgetBytes: budget.budgetBytes,
    bytes: load.jsBytes,
    files: load.jsFiles,
    uncompressed: load.scripts.filter((script) => script.encoding !== 'br' && script.encoding !== 'gzip').map((script) => script.url),
    largest: attribution.groups.slice(0, 3).map(({ group, bytes }) => ({ group, bytes })),
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

module.exports = { BUDGETS_FILE, PAGE_BUDGETS, pagePath, measureBudget, overBudget };
