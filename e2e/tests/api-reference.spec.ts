import path from 'node:path';
import { expect, type Locator, type Page, test } from '../support/test';
import { apiAccessToken, demoAccounts } from '../support/auth';
import { stackUrls } from '../support/environment';

// The API reference the api serves (/docs, Swagger UI from its own packages), driven in Chromium
// as a developer would: every route is listed, and calls can be tried with and without a token.

const shotsDir = path.join(__dirname, '../screenshots');

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
}

// Swagger UI writes a tag's spaces as underscores in the block's id ("Part reviews" → Part_reviews).
const operationBlockId = (tag: string, operationId: string) => `operations-${tag.replace(/\s/g, '_')}-${operationId}`;
const operation = (page: Page, tag: string, operationId: string) => page.locator(`[id="${operationBlockId(tag, operationId)}"]`);

/** Opens an operation (the page has "Try it out" on from the start), fills its parameters and executes it. */
async function tryIt(block: Locator, params: Record<string, string> = {}): Promise<Locator> {
  await block.locator('.opblock-summary').first().click();
  for (const [name, value] of Object.entries(params)) {
    const row = block.locator(`tr[data-param-name="${name}"]`);
    // Enumerations are lists to choose from, the others text boxes.
    if ((await row.locator('select').count()) > 0) await row.locator('select').selectOption(value);
    else await row.locator('input').fill(value);
  }
  await block.getByRole('button', { name: 'Execute' }).click();
  return block.locator('.live-responses-table tbody .response-col_status').first();
}

test('the API reference lists every route of the document and calls GET /tools, and GET /myorder with a token', async ({ page, request }) => {
  const document = (await (await request.get(`${stackUrls.api}/openapi.json`)).json()) as OpenApiDocument;
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
  expect(operations.length).toBeGreaterThanOrEqual(35);

  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${stackUrls.api}/docs`);
  await expect(page.locator('.information-container .title')).toContainText('PC PART PICKER api');
  // One block per operation, each under its tag.
  await expect(page.locator('.opblock')).toHaveCount(operations.length);
  // Each operation's block there, once (the ids read at once: one check, not a hundred).
  const blockIds = await page.locator('.opblock').evaluateAll((blocks) => blocks.map((block) => block.id));
  expect(blockIds.sort()).toEqual(operations.map(({ operationId, tags }) => operationBlockId(tags[0]!, operationId)).sort());

  // A public call, as a visitor.
  const tools = operation(page, 'Parts', 'listParts');
  await expect(await tryIt(tools, { sort: 'price-asc', limit: '3' })).toHaveText('200');
  await expect(tools.locator('.live-responses-table .microlight').first()).toContainText('"total"');
  // Its example answer is shown, and the schemas it is made of are listed (money typed as cents).
  await expect(tools.getByRole('tabpanel', { name: 'Example Value' }).first()).toContainText('"p_quantity"');
  await page.getByRole('button', { name: 'Schemas' }).click();
  for (const name of ['Part', 'Cents', 'ObjectId', 'DateTime', 'Order', 'ApiError']) {
    await expect(page.locator('section.models article strong').getByText(name, { exact: true })).toHaveCount(1);
  }

  // A signed-in call without a token is refused, then made with the customer's token.
  const myOrders = operation(page, 'Orders', 'listMyOrders');
  await expect(await tryIt(myOrders, { email: demoAccounts.customer.email })).toHaveText('401');
  const token = await apiAccessToken(request, demoAccounts.customer);
  await page.getByRole('button', { name: /^Authorize/ }).first().click();
  const dialog = page.locator('.modal-ux');
  await dialog.locator('.auth-container').filter({ hasText: /^accessToken/ }).locator('input').fill(token);
  await dialog.locator('.auth-container').filter({ hasText: /^accessToken/ }).getByRole('button', { name: 'Apply credentials' }).click();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await myOrders.getByRole('button', { name: 'Execute' }).click();
  await expect(myOrders.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await page.screenshot({ path: path.join(shotsDir, 'api-reference-1280.png') });
  expect(pageErrors).toEqual([]);
});

test('the API reference works at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${stackUrls.api}/docs`);
  await expect(operation(page, 'Parts', 'listParts')).toBeVisible();
  await page.screenshot({ path: path.join(shotsDir, 'api-reference-375.png') });
});
