import path from 'node:path';
import { expect, test, type Locator, type Page } from '../support/test';
import { addressLine, adminText, allOrdersTableText, formatCents, myOrdersTableText, type Part } from '../../contracts/src/core';
import { demoAccounts, signIn, signInThroughLoginPage, verifiedCustomer } from '../support/auth';
import { E2E_SHIP_TO, orderGroup, placeCheckoutThroughApi, placeOrderThroughPage } from '../support/orders';
import { apiParts } from '../support/storefront';

// The spec's order tables, grouped by order (issue 42): My Orders and All Orders through the real
// built app, at a phone's and a laptop's width, with pictures saved for a person to look at.

const shotsDir = path.resolve(__dirname, '../screenshots');
const widths = [375, 1280] as const;
const myOrdersColumns = ['index', 'Product Name', 'Per Product Price', 'Address', 'Phone Number', 'Order Quantity', 'Total Amount', 'Payment', 'Action'];
const allOrdersColumns = ['product name', 'email', 'address', 'phone', 'quantity', 'total amount', 'Remove'];

/** Parts with stock to spare, each a different one. */
async function partsInStock(request: Parameters<typeof apiParts>[0], count: number): Promise<Part[]> {
  const parts = (await apiParts(request)).filter((part) => part.p_quantity >= 50 && part.price * part.min_quantity >= 100);
  expect(parts.length).toBeGreaterThanOrEqual(count);
  return parts.slice(0, count);
}

/** The page fits its width (no sideways scrolling) and is saved whole. */
async function shoot(page: Page, name: string, width: number) {
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
}

/** From 1,100 px a table: all of it in view, nothing cut or scrolled inside its box; below, the rows are cards. */
async function expectTableOrCards(table: Locator, width: number) {
  const row = table.locator('tr.line').first();
  expect(await row.evaluate((element) => getComputedStyle(element).display)).toBe(width < 1100 ? 'grid' : 'table-row');
  if (width < 1100) return;
  const hidden = await table.evaluate((element: HTMLElement) => element.scrollWidth - element.parentElement!.clientWidth);
  expect(hidden).toBeLessThanOrEqual(0);
}

/** The row of one part in an order's group. */
const partRow = (group: Locator, page: Page, part: Part) => group.getByRole('row').filter({ has: page.getByRole('rowheader', { name: part.name, exact: true }) });

for (const width of widths) {
  test(`My Orders at ${width} px: a part ordered shows as the spec's row, is paid there, then reads 'Paid' and its transaction id; another is deleted through the spec's modal`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const [part, other] = await partsInStock(request, 2);
    const buyer = await verifiedCustomer(request, `my-orders-${width}`);
    await page.setViewportSize({ width, height: 900 });
    await signInThroughLoginPage(page, buyer);
    await placeOrderThroughPage(page, part!, part!.min_quantity);

    await page.goto('/dashboard/myOrders');
    const table = page.getByRole('table', { name: 'Your orders' });
    await expect(table.getByRole('columnheader')).toHaveText(myOrdersColumns);
    const group = table.getByRole('rowgroup', { name: /^Order PCP-/ });
    await expect(group).toHaveCount(1);
    const [head, row] = [group.getByRole('row').first(), partRow(group, page, part!)];
    // The order's header row: what the one-row-per-order list said.
    await expect(head).toContainText('Waiting for payment');
    await expect(head).toContainText(`1 part, ${part!.min_quantity} ${part!.min_quantity === 1 ? 'unit' : 'units'}`);
    for (const label of ['Order', 'Placed', 'Parts', 'Total', 'Status', 'Next']) await expect(head).toContainText(label);
    await expect(head.getByTestId('hold-time-left')).toBeVisible();
    // The spec's row: index, price, address, phone, quantity, total, a pay button and Delete.
    await expect(row.getByRole('cell')).toHaveText([
      '1',
      formatCents(part!.price),
      addressLine(E2E_SHIP_TO),
      '+44 7700 900123',
      String(part!.min_quantity),
      formatCents(part!.price * part!.min_quantity),
      myOrdersTableText.pay,
      myOrdersTableText.delete,
    ]);
    await expectTableOrCards(table, width);
    await shoot(page, 'order-tables-my-orders-unpaid', width);

    // Paid from the row's pay button, on the spec's Payment page.
    await row.getByRole('link', { name: `Pay for ${part!.name}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    const success = page.getByRole('status').filter({ hasText: 'Congrats! Your payment is completed.' });
    const transactionId = (await success.getByText(/^pi_/).textContent())!;
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    const paid = partRow(group, page, part!).getByRole('cell').filter({ hasText: myOrdersTableText.transactionId(transactionId) });
    await expect(paid).toBeVisible();
    await expect(paid).toContainText(myOrdersTableText.paid);
    await expect(partRow(group, page, part!).getByRole('link')).toHaveCount(0);
    await expect(partRow(group, page, part!).getByRole('button')).toHaveCount(0);
    await expect(head).toContainText('Paid');
    await shoot(page, 'order-tables-my-orders-paid', width);

    // Another, deleted: the spec's modal, Delete and Cancel, then its toast; the order is gone.
    await placeOrderThroughPage(page, other!, other!.min_quantity);
    await page.goto('/dashboard/myOrders');
    await expect(group).toHaveCount(2);
    const unpaid = group.filter({ hasText: 'Waiting for payment' });
    const number = (await unpaid.getByRole('link', { name: /^PCP-[0-9A-Z]{6}$/ }).textContent())!;
    // The index goes on down the page: the newest order first.
    await expect(partRow(unpaid, page, other!).getByRole('cell').first()).toHaveText('1');
    await expect(partRow(group.last(), page, part!).getByRole('cell').first()).toHaveText('2');
    await partRow(unpaid, page, other!).getByRole('button', { name: `Delete the order for ${other!.name}` }).click();
    const dialog = page.getByRole('dialog', { name: myOrdersTableText.deleteTitle });
    await expect(dialog.getByRole('button', { name: myOrdersTableText.cancel })).toBeVisible();
    await page.screenshot({ path: path.join(shotsDir, `order-tables-my-orders-delete-dialog-${width}.png`) });
    await dialog.getByRole('button', { name: myOrdersTableText.confirmDelete }).click();
    await expect(page.getByText(myOrdersTableText.deleted)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: number, exact: true })).toHaveCount(0);
    await expect(group).toHaveCount(1);
  });

  test(`All Orders at ${width} px: the spec's columns grouped by order, 'All orders: {count}' counting orders, an unpaid order removed`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const parts = await partsInStock(request, 3);
    const buyer = await verifiedCustomer(request, `all-orders-${width}`);
    const build = await placeCheckoutThroughApi(request, buyer.token, parts.slice(0, 2));
    const single = await placeCheckoutThroughApi(request, buyer.token, parts.slice(2));

    await page.setViewportSize({ width, height: 900 });
    await signIn(page, demoAccounts.admin);
    await page.goto(`/dashboard/allOrder?q=${encodeURIComponent(buyer.email)}`);
    // Two orders, three parts: the count is of orders.
    await expect(page.getByRole('heading', { level: 1, name: allOrdersTableText.heading(2) })).toBeVisible();
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table.getByRole('columnheader')).toHaveText(allOrdersColumns);
    await expect(table.getByRole('rowgroup', { name: /^Order PCP-/ })).toHaveCount(2);
    const buildGroup = orderGroup(page, build.orderNumber);
    await expect(buildGroup.getByRole('row')).toHaveCount(3);
    await expect(buildGroup.getByRole('row').first()).toContainText(buyer.email);
    await expect(buildGroup.getByRole('row').first()).toContainText('2 parts');
    const first = partRow(buildGroup, page, parts[0]!);
    await expect(first.getByRole('cell').nth(0)).toHaveText(buyer.email);
    await expect(first.getByRole('cell').nth(1)).toContainText('14 Harbour View Apartments, Harbour Road');
    await expect(first.getByRole('cell').nth(2)).toHaveText('+44 7700 900123');
    await expect(first.getByRole('cell').nth(3)).toHaveText(String(parts[0]!.min_quantity));
    await expect(first.getByRole('cell').nth(4)).toHaveText(formatCents(parts[0]!.price * parts[0]!.min_quantity));
    // Unpaid and priced: Delete on each part, and on the header row for the whole order.
    await expect(first.getByRole('button', { name: `Delete ${parts[0]!.name} from order ${build.orderNumber}` })).toBeVisible();
    await expect(buildGroup.getByRole('button', { name: `Delete order ${build.orderNumber}` })).toBeVisible();
    await expectTableOrCards(table, width);
    await shoot(page, 'order-tables-all-orders', width);

    // The single one removed through the spec's modal.
    const singleGroup = orderGroup(page, single.orderNumber);
    await partRow(singleGroup, page, parts[2]!).getByRole('button', { name: `Delete ${parts[2]!.name} from order ${single.orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: allOrdersTableText.deleteTitle });
    await expect(dialog).toContainText(allOrdersTableText.deleteBody);
    await expect(dialog.getByRole('button', { name: allOrdersTableText.cancel })).toBeVisible();
    await page.screenshot({ path: path.join(shotsDir, `order-tables-all-orders-delete-dialog-${width}.png`) });
    await dialog.getByRole('button', { name: allOrdersTableText.confirmDelete }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(adminText.cancelled(single.orderNumber))).toBeVisible();
    // Cancelled, not erased: still an order of the count, with nothing left to delete.
    await expect(singleGroup.getByRole('row').first()).toContainText('Cancelled');
    await expect(singleGroup.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: allOrdersTableText.heading(2) })).toBeVisible();
    // The customer's My Orders no longer offers it for payment.
    const customer = await browser.newPage();
    await signInThroughLoginPage(customer, buyer);
    await customer.goto('/dashboard/myOrders');
    await expect(orderGroup(customer, single.orderNumber).getByRole('row').first()).toContainText('Cancelled');
    await expect(orderGroup(customer, single.orderNumber).getByRole('link', { name: /^Pay/ })).toHaveCount(0);
    await customer.close();
  });
}
