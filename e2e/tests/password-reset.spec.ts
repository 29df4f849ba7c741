import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { createEmulatorAccount, emulatorOobCodeFor, emulatorOobCodes, uniqueEmail } from '../support/auth';
import { stackUrls } from '../support/environment';

const RESET_SENT = 'If an account uses this email, we have sent a link to reset its password. Check your inbox.';

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function askForResetLink(page: Page, email: string): Promise<string> {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const answer = page.getByRole('status');
  await expect(answer).toHaveText(RESET_SENT);
  await expect(page.getByRole('alert')).toHaveCount(0);
  return (await answer.textContent()) ?? '';
}

async function emailVerified(request: APIRequestContext, idToken: string): Promise<boolean> {
  const response = await request.post(
    `${stackUrls.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key`,
    { data: { idToken } },
  );
  return ((await response.json()) as { users: { emailVerified: boolean }[] }).users[0]!.emailVerified;
}

test.describe('forgot password', () => {
  test('the emailed link sets a new password; the old one and the used link stop working', async ({ page, request }) => {
    const account = { email: uniqueEmail('forgetful'), password: 'old-pass-1' };
    const newPassword = 'new-pass-2';
    await createEmulatorAccount(request, account);

    // From Login, with the email already typed.
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(RESET_SENT);

    // The emulator's outbox holds the link; the shop's action page takes the same query string
    // that a custom action URL receives in production.
    const reset = await emulatorOobCodeFor(request, account.email, 'PASSWORD_RESET');
    const link = new URL(reset.oobLink);
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    expect(link.searchParams.get('continueUrl')).toBe(`${stackUrls.shell}/login`);
    const actionPath = `/auth/action${link.search}`;
    await page.goto(actionPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(`For ${account.email}`)).toBeVisible();

    // Sign Up's password rule, then the new password.
    await page.getByLabel('New password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('must be 6 characters or longer')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your password has been changed. Log in with the new one.');

    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, account.email, account.password);
    await expect(page.getByRole('alert')).toHaveText('The email or the password is not right.');
    await logIn(page, account.email, newPassword);
    await expect(page).not.toHaveURL(/\/login$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    // A reset link works once.
    await page.goto(actionPath);
    await expect(page.getByRole('alert')).toHaveText(
      'This link cannot be used: it is incomplete or was used already. Ask for a new one.',
    );
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  test('an unknown email gets exactly the answer a known one gets, and no email', async ({ page, request }) => {
    const known = { email: uniqueEmail('known'), password: 'known-pass' };
    const unknown = uniqueEmail('nobody');
    await createEmulatorAccount(request, known);

    // Login's email rule and messages first.
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('email is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('provide a valid email address')).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);

    const forKnown = await askForResetLink(page, known.email);
    const forUnknown = await askForResetLink(page, unknown);
    expect(forUnknown).toBe(forKnown);
    await emulatorOobCodeFor(request, known.email, 'PASSWORD_RESET');
    expect((await emulatorOobCodes(request)).filter((c) => c.email === unknown)).toHaveLength(0);
  });

  test('the action page also verifies an email, and says so when a link is incomplete', async ({ page, request }) => {
    const account = { email: uniqueEmail('verifier'), password: 'verify-pass' };
    const { idToken } = await createEmulatorAccount(request, account);
    const sent = await request.post(
      `${stackUrls.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`,
      { data: { requestType: 'VERIFY_EMAIL', idToken } },
    );
    expect(sent.status()).toBe(200);
    const verification = await emulatorOobCodeFor(request, account.email, 'VERIFY_EMAIL');
    expect(await emailVerified(request, idToken)).toBe(false);

    await page.goto(`/auth/action?mode=verifyEmail&oobCode=${encodeURIComponent(verification.oobCode)}`);
    await expect(page.getByRole('status')).toHaveText('Your email address is verified. Thank you!');
    expect(await emailVerified(request, idToken)).toBe(true);

    await page.goto('/auth/action?mode=resetPassword');
    await expect(page.getByRole('alert')).toHaveText(
      'This link is incomplete. Open it again from the email, or ask for a new one.',
    );
  });
});
