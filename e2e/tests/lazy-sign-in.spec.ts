import { expect, test, type Page } from '../support/test';
import { demoAccounts, signInThroughLoginPage } from '../support/auth';

/** Text found only in the identity provider's SDK (its REST host, its package names). */
const FIREBASE_MARKERS = ['identitytoolkit.googleapis.com', '@firebase/'];

/** Every script the page downloads from now on, read with its body once asked for. */
function recordScripts(page: Page): () => Promise<{ url: string; body: string }[]> {
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response
        .text()
        .catch(() => '')
        .then((body) => ({ url: response.url(), body })),
    );
  });
  return () => Promise.all(scripts);
}

/** The scripts that belong to the identity provider: the session chunk by name, the SDK by its text. */
function firebaseScripts(scripts: { url: string; body: string }[]): string[] {
  return scripts
    .filter(({ url, body }) => url.includes('firebase-session') || FIREBASE_MARKERS.some((marker) => body.includes(marker)))
    .map(({ url }) => url);
}

/** Notes, on every frame, whether the navbar shows "Login": a signed-in person must never see it. */
async function watchForLoginLink(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { login: false };
    Object.assign(window, { __loginLinkSeen: seen });
    const check = () => {
      const links = [...document.querySelectorAll('header a')];
      if (links.some((link) => link.textContent === 'Login' && link.checkVisibility({ visibilityProperty: true }))) seen.login = true;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

const loginLinkSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __loginLinkSeen: { login: boolean } }).__loginLinkSeen.login);
const greeting = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('navbar-greeting');
const loginLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' });

test.use({ viewport: { width: 1280, height: 800 } });

test('a signed-out visitor on the home page downloads no sign-in code and sees Login at once', async ({ page }) => {
  await watchForLoginLink(page);
  const scripts = recordScripts(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(loginLink(page)).toBeVisible();
  await expect(page.getByTestId('session-summary')).toHaveText('Log in or create an account to order parts.');
  const loaded = await scripts();
  expect(loaded.length).toBeGreaterThan(3);
  expect(firebaseScripts(loaded)).toEqual([]);
  // The watcher used below sees the link when it is there.
  expect(await loginLinkSeen(page)).toBe(true);
});

test('the login page loads the sign-in code; a signed-in person reloading home stays signed in without a Login flash', async ({ page }) => {
  const loginScripts = recordScripts(page);
  await signInThroughLoginPage(page, demoAccounts.customer);
  expect(firebaseScripts(await loginScripts()).some((url) => url.includes('firebase-session'))).toBe(true);

  await watchForLoginLink(page);
  await page.goto('/');
  await expect(greeting(page)).toHaveText('Hi, Demo Customer');
  await page.reload({ waitUntil: 'networkidle' });
  await expect(greeting(page)).toHaveText('Hi, Demo Customer');
  expect(await loginLinkSeen(page)).toBe(false);

  // Signed out: the next visit is a signed-out visitor's again, without the SDK.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(loginLink(page)).toBeVisible();
  const afterSignOut = recordScripts(page);
  await page.reload({ waitUntil: 'networkidle' });
  await expect(loginLink(page)).toBeVisible();
  expect(firebaseScripts(await afterSignOut())).toEqual([]);
});

test('a home page left open signed out shows the session started in another tab', async ({ context }) => {
  const home = await context.newPage();
  await home.goto('/', { waitUntil: 'networkidle' });
  await expect(loginLink(home)).toBeVisible();

  const other = await context.newPage();
  await signInThroughLoginPage(other, demoAccounts.customer);

  await expect(greeting(home)).toHaveText('Hi, Demo Customer');
});

test('a protected page opened by a signed-in person waits for the session instead of sending them to Login', async ({ page }) => {
  await signInThroughLoginPage(page, demoAccounts.customer);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(greeting(page)).toHaveText('Hi, Demo Customer');
  await expect(page).toHaveURL(/\/dashboard$/);
});
