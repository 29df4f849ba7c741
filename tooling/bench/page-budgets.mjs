// Each first page against its JavaScript budget (page-budgets.json, issue 47): one cold load as the
// bench's pages are measured (page-load.mjs), its scripts split by what they are made of
// (script-attribution.mjs), and a sentence for a page over its budget. The e2e page-weight test and
// `npm run bench` both use it, so the two never measure differently.
import { readFileSync } from 'node:fs';
import { measurePageLoad } from './page-load.mjs';
import { attributeScripts } from './script-attribution.mjs';

export const BUDGETS_FILE = 'tooling/bench/page-budgets.json';

/**
 * @typedef {{ path: string, budgetBytes: number, account?: 'customer' | 'admin' }} PageBudget
 * @typedef {{ path: string, url: string, budgetBytes: number, bytes: number, files: number,
 *   uncompressed: string[], largest: { group: string, bytes: number }[] }} BudgetMeasure
 */

/** @type {PageBudget[]} */
export const PAGE_BUDGETS = JSON.parse(readFileSync(new URL('./page-budgets.json', import.meta.url), 'utf8')).pages;

/**
 * The address of a budget's page: `{part}` is the first part the api lists.
 * @param {string} path
 * @param {string} apiUrl
 */
export async function pagePath(path, apiUrl) {
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
export async function measureBudget(browser, { budget, shellUrl, apiUrl, distByOrigin, accounts }) {
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
  };
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * What a page's figure says against a budget: null within it, else the sentence a failure shows.
 * @param {Pick<BudgetMeasure, 'path' | 'bytes' | 'largest'>} measure
 * @param {number} budgetBytes
 */
export function overBudget({ path, bytes, largest }, budgetBytes) {
  if (bytes <= budgetBytes) return null;
  return (
    `${path} loads ${bytes.toLocaleString('en-US')} bytes of compressed JavaScript, ${(bytes - budgetBytes).toLocaleString('en-US')} over its ` +
    `budget of ${budgetBytes.toLocaleString('en-US')} (${BUDGETS_FILE}); its largest: ${largest.map((entry) => `${entry.group} ${kb(entry.bytes)}`).join(', ')}.`
  );
}
