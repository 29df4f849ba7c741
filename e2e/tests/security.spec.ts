import { expect, test, type BrowserContext } from '@playwright/test';
import { demoAccounts, signInThroughLoginPage, uniqueEmail } from '../support/auth';
import { stackUrls } from '../support/environment';
import { aPart, payThroughPage, placeOrderThroughPage } from '../support/orders';

// What an attacker on the same machine (the stack listens on loopback only) or a page could
// reach: the emulator's admin api through the shell, the sources, and content the policy forbids.

/** Every Content-Security-Policy violation any page, popup or frame of the context reports. */
function cspViolations(context: BrowserContext): string[] {
  const violations: string[] = [];
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${message.location().url}: ${message.text()}`);
  });
  return violations;
}

test("the shell's origin forwards none of the emulator's admin api", async ({ request }) => {
  const lookup = await request.post(`${stackUrls.shell}/identitytoolkit.googleapis.com/v1/projects/demo-pcparts/accounts:lookup`, {
    headers: { Authorization: 'Bearer owner' },
    data: {},
  });
  expect([403, 404]).toContain(lookup.status());
  expect(await lookup.text()).not.toContain('passwordHash');
  const codes = await request.get(`${stackUrls.shell}/emulator/v1/projects/demo-pcparts/oobCodes`);
  expect([403, 404]).toContain(codes.status());
  expect(await codes.text()).not.toContain('oobCode');
  // The emulator itself still answers on its own port (the tests' way in).
  expect((await request.get(`${stackUrls.authEmulator}/emulator/v1/projects/demo-pcparts/oobCodes`)).status()).toBe(200);
});

test('no source map is served and no script points at one', async ({ request }) => {
  for (const origin of [stackUrls.shell, new URL(stackUrls.shop).origin, new URL(stackUrls.admin).origin]) {
    const entry = origin === stackUrls.shell ? 'main.js' : 'remoteEntry.js';
    const script = await request.get(`${origin}/${entry}`);
    expect(script.status()).toBe(200);
    expect(await script.text()).not.toContain('sourceMappingURL');
    expect((await request.get(`${origin}/${entry}.map`)).status()).toBe(404);
  }
});

test('a customer visit, from the home page to a card payment, breaks no Content-Security-Policy rule', async ({ page, context, request }) => {
  const violations = cspViolations(context);
  const home = await page.goto('/');
  expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('article').first()).toBeVisible();
  await signInThroughLoginPage(page, demoAccounts.customer);
  const part = await aPart(request);
  await placeOrderThroughPage(page, part, part.min_quantity);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await payThroughPage(page, part);
  expect(violations).toEqual([]);
});

test('Google sign-in through the popup breaks no Content-Security-Policy rule', async ({ page, context }) => {
  const violations = cspViolations(context);
  await page.goto('/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue With Google' }).click();
  const popup = await popupOpened;
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(uniqueEmail('csp'));
  await popup.locator('#display-name-input').fill('Policy Checker');
  const popupClosed = popup.waitForEvent('close');
  await popup.locator('#sign-in').click();
  await popupClosed;
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  expect(violations).toEqual([]);
});

test('the admin console breaks no Content-Security-Policy rule', async ({ page, context }) => {
  const violations = cspViolations(context);
  await signInThroughLoginPage(page, demoAccounts.admin);
  await page.goto('/dashboard/manageproduct');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(violations).toEqual([]);
});
