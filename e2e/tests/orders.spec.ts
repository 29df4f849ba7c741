import { expect, test, type Page } from '../support/test';
import { demoAccounts, signIn, signInThroughLoginPage, verifiedCustomer } from '../support/auth';
import { aPart, E2E_SHIP_TO, placeOrderThroughPage } from '../support/orders';
import { addressLine, singleOrderText } from '../../contracts/src/core';

// Buying a part as the demo customer, against the real stack: stock, My Orders, delete.

const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

const stockOn = (page: Page) => page.getByLabel('Part details').locator('dt', { hasText: 'Available Quantity' }).locator('+ dd');

test('a visitor who presses Purchase logs in first and comes back to the purchase page', async ({ page, request }) => {
  const part = await aPart(request);
  await page.goto(`/products?category=${encodeURIComponent(part.category)}`);
  await page.getByRole('article').filter({ hasText: part.name }).getByRole('link', { name: 'Purchase' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(demoAccounts.customer.email);
  await page.getByLabel('Password').fill(demoAccounts.customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase/${part._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
});

test('the purchase form checks the quantity with the spec messages and shows the running total', async ({ page, request }) => {
  const part = await aPart(request);
  // No saved address yet: the Purchase page fills Address and the phone from a saved one.
  const buyer = await verifiedCustomer(request, 'purchase-form');
  await signInThroughLoginPage(page, buyer);
  await page.goto(`/purchase/${part._id}`);
  await expect(page.getByLabel('Product name')).toHaveValue(part.name);
  await expect(page.getByLabel('Email')).toHaveValue(buyer.email);
  await expect(page.getByLabel('Quantity')).toHaveValue(String(part.min_quantity));
  const orderNow = page.getByRole('button', { name: 'Order Now' });

  await page.getByLabel('Quantity').fill(String(part.min_quantity - 1));
  await expect(page.getByText(`Minimum order quantity at least ${part.min_quantity}`)).toBeVisible();
  await expect(orderNow).toBeDisabled();
  const stock = Number(await stockOn(page).textContent());
  await page.getByLabel('Quantity').fill(String(stock + 1));
  await expect(page.getByText(`Maximum order quantity ${stock}`)).toBeVisible();
  await expect(orderNow).toBeDisabled();
  await page.getByLabel('Quantity').fill('');
  await expect(page.getByText('quantity is required')).toBeVisible();
  await page.getByLabel('Quantity').fill('10');
  await expect(orderNow).toBeEnabled();
  await expect(page.getByTestId('order-total')).toHaveText(money(part.price * 10));
  // The spec's one-line address says the spec's message.
  await page.getByRole('button', { name: singleOrderText.typeOnOneLine }).click();
  await orderNow.click();
  await expect(page.getByText('address is required')).toBeVisible();
  await expect(page.getByText('phone number is required')).toBeVisible();
});

test('an order lowers the stock, shows in My Orders, and deleting it through the modal gives the stock back', async ({
  page,
  request,
}) => {
  const part = await aPart(request);
  await signIn(page, demoAccounts.customer);
  await page.goto(`/purchase/${part._id}`);
  const before = Number(await stockOn(page).textContent());
  await placeOrderThroughPage(page, part, part.min_quantity + 1);

  await page.goto(`/purchase/${part._id}`);
  await expect(stockOn(page)).toHaveText(String(before - part.min_quantity - 1));

  // My Orders: the order's header row, then its one part exactly as the spec's row.
  await page.goto('/dashboard/myorders');
  // The newest unpaid order of this part, the page's first.
  const group = page.getByRole('rowgroup').filter({ has: page.getByRole('link', { name: `Pay for ${part.name}` }) }).first();
  const number = (await group.getByRole('rowheader').first().getByRole('link').textContent())!;
  await expect(group.getByRole('row').first()).toContainText('Waiting for payment');
  const row = group.getByRole('row').filter({ has: page.getByRole('rowheader', { name: part.name, exact: true }) });
  const quantity = part.min_quantity + 1;
  await expect(row.getByRole('cell')).toHaveText([
    /^\d+$/,
    money(part.price),
    addressLine(E2E_SHIP_TO),
    '+44 7700 900123',
    String(quantity),
    money(part.price * quantity),
    'Pay',
    'Delete',
  ]);
  await expect(row.getByRole('link', { name: `Pay for ${part.name}` })).toHaveAttribute('href', /^\/dashboard\/payment\/[0-9a-f]{24}$/);

  // Keyboard: the modal traps focus, Escape cancels and focus returns to Delete.
  const remove = row.getByRole('button', { name: `Delete the order for ${part.name}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete this order!' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  await remove.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Your Order is deleted.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Its only part deleted, the order is gone from My Orders.
  await expect(page.getByRole('link', { name: number, exact: true })).toHaveCount(0);

  await page.goto(`/purchase/${part._id}`);
  await expect(stockOn(page)).toHaveText(String(before));
});
