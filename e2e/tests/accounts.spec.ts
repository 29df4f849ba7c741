import { expect, test } from '../support/test';
import { demoAccounts, signInThroughLoginPage, uniqueEmail, verificationLinksTo } from '../support/auth';

test.describe('accounts and access', () => {
  test('sign up, verify by the emailed link, sign in again and land on the page first asked for', async ({ page, request }) => {
    const email = uniqueEmail('newcomer');
    const password = 'newcomer-pass';

    // A signed-out visitor asks for the dashboard and is sent to Login.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Create New Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();

    // The spec's messages, exactly.
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('name is required')).toBeVisible();
    await expect(page.getByText('email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('provide a valid email address')).toBeVisible();
    await expect(page.getByText('must be 6 characters or longer')).toBeVisible();

    await page.getByLabel('Name').fill('New Comer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();

    // Back where they first wanted to go, with history replaced.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    // The shop emailed the verification link (the demo mail inbox has it); following it verifies the address.
    await expect.poll(async () => (await verificationLinksTo(request, email)).length).toBe(1);
    const [link] = await verificationLinksTo(request, email);
    const mailTab = await page.context().newPage();
    await mailTab.goto(link!);
    await expect(mailTab.getByRole('status')).toHaveText('Your email address is verified. Thank you!');
    await mailTab.close();

    // Sign out, then sign in with the new account from a protected page.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('session-summary')).toHaveText(`Signed in as ${email}`);
  });

  test('a wrong password shows a sentence in red, never a provider code', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(demoAccounts.customer.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const error = page.getByRole('alert');
    await expect(error).toHaveText('The email or the password is not right.');
    await expect(error).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expect(page.locator('body')).not.toContainText('auth/');
  });

  test('signing out removes the stored access token and the Dashboard link', async ({ page }) => {
    await signInThroughLoginPage(page, demoAccounts.customer);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('a customer opening an admin page lands on /dashboard', async ({ page }) => {
    await signInThroughLoginPage(page, demoAccounts.customer);
    await page.goto('/dashboard/manageproduct');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  });

  test('an admin opening Add review lands on /dashboard, and can open admin pages', async ({ page }) => {
    await signInThroughLoginPage(page, demoAccounts.admin);
    await page.goto('/dashboard/addReview');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/manageproduct');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
  });
});
