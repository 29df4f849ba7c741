import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Part } from '../../contracts/src/core';
import { apiAccessToken, demoAccounts } from './auth';
import { stackUrls } from './environment';
import { apiParts } from './storefront';

/** A seeded part with plenty of stock and a minimum order of at least 2. */
export async function aPart(request: APIRequestContext): Promise<Part> {
  const parts = await apiParts(request);
  const part = parts.find((part) => part.min_quantity >= 2 && part.p_quantity >= 50);
  if (!part) throw new Error('the seed has no part with a minimum order and stock');
  return part;
}

/** A part of its own for a test, added through the api as the demo admin (price in cents). */
export async function addPartThroughApi(request: APIRequestContext, fields: { name: string; price: number; p_quantity: number }): Promise<Part> {
  const headers = { Authorization: `Bearer ${await apiAccessToken(request, demoAccounts.admin)}` };
  // The catalog only takes a photo the shop stores (issue 20): upload one first, as the form does.
  const upload = await request.post(`${stackUrls.api}/uploads`, {
    headers,
    multipart: { image: { name: 'test-part.png', mimeType: 'image/png', buffer: readFileSync(path.join(__dirname, '../fixtures/test-part.png')) } },
  });
  expect(upload.status()).toBe(201);
  const { data: photo } = (await upload.json()) as { data: { url: string } };
  const response = await request.post(`${stackUrls.api}/tools`, {
    headers,
    data: { ...fields, category: 'CPU Cooler', min_quantity: 1, description: 'A part an end-to-end test edits.', img: photo.url },
  });
  expect(response.status()).toBe(201);
  const { insertedId } = (await response.json()) as { insertedId: string };
  return (await (await request.get(`${stackUrls.api}/tools/${insertedId}`)).json()) as Part;
}

/** A shipping address of the checkout's form (ours, beyond the spec's one-line address). */
export interface CheckoutAddress {
  fullName: string;
  street: string;
  city: string;
  postalCode: string;
  country: string;
  phone: string;
}

/** One order of several parts (each at its minimum), placed at once through the api's checkout, unpaid. */
export async function placeCheckoutThroughApi(
  request: APIRequestContext,
  token: string,
  parts: Part[],
  address: CheckoutAddress = { fullName: 'Morgan Long-Address', street: '14 Harbour View Apartments, Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' },
) {
  const response = await request.post(`${stackUrls.api}/checkout`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: { lines: parts.map((part) => ({ productId: part._id, quantity: part.min_quantity })), address },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { checkoutId: string; orderNumber: string; totalAmount: number };
}

/**
 * Where orders placed by the e2e helpers ship: a UK address in fields, so the order is priced (its shipping)
 * and can be paid. Its line in the orders' Address column is `addressLine(E2E_SHIP_TO)`.
 */
export const E2E_SHIP_TO = { fullName: 'Sam Lee', street: '12 Harbour Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB', phone: '+44 7700 900123' } as const;

/** Orders `quantity` of the part through its purchase page, as a signed-in customer, to E2E_SHIP_TO. */
export async function placeOrderThroughPage(page: Page, part: Part, quantity: number): Promise<void> {
  await page.goto(`/purchase/${part._id}`);
  await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
  await page.getByLabel('Quantity').fill(String(quantity));
  const address = page.getByRole('group', { name: 'Address' });
  await address.getByLabel('Country').selectOption(E2E_SHIP_TO.country);
  await address.getByLabel('Full name').fill(E2E_SHIP_TO.fullName);
  await address.getByLabel('Street and house number').fill(E2E_SHIP_TO.street);
  await address.getByLabel('City').fill(E2E_SHIP_TO.city);
  await address.getByLabel('Postal code').fill(E2E_SHIP_TO.postalCode);
  await page.getByLabel('Phone number').fill(E2E_SHIP_TO.phone);
  // Priced before Order Now: the destination's shipping (the UK charges no VAT from this shop).
  await expect(page.getByTestId('purchase-shipping')).toBeVisible();
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByText('your order is placed.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** My Orders' header row of one order (found by its number's link). */
export const myOrdersRow = (page: Page, number: string) =>
  page.getByRole('table', { name: 'Your orders' }).getByRole('row').filter({ has: page.getByRole('link', { name: number, exact: true }) });

/** One order's group in My Orders or All Orders: its header row, then one row per part in the spec's columns. */
export const orderGroup = (page: Page, number: string) => page.getByRole('rowgroup', { name: `Order ${number}` });

/** The number of the order a line (the spec's order id) belongs to, asked of the api as the signed-in page. */
export async function orderNumberOfLine(page: Page, request: APIRequestContext, lineId: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await request.get(`${stackUrls.api}/order/${lineId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()).number as string;
}

/**
 * Opens the spec's payment page of the customer's newest unpaid order of this part: My Orders, then
 * its row's pay button, as the spec has it.
 */
export async function openLinePayment(page: Page, part: Part): Promise<void> {
  await page.goto('/dashboard/myorders');
  await page.getByRole('table', { name: 'Your orders' }).getByRole('link', { name: `Pay for ${part.name}` }).first().click();
}

/** Pays the customer's newest unpaid order of this part with the sandbox's 4242 card; answers the order id. */
export async function payThroughPage(page: Page, part: Part): Promise<string> {
  await openLinePayment(page, part);
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  const orderId = page.url().split('/').pop()!;
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Congrats! Your payment is completed.' })).toBeVisible();
  return orderId;
}
