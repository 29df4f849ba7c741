import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import demoAccountList from '../../contracts/src/demo-accounts.json';
import { stackUrls } from './environment';

type Role = 'admin' | 'customer';

function demoAccount(role: Role): { email: string; password: string; role: Role } {
  const account = demoAccountList.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`contracts/src/demo-accounts.json has no ${role}`);
  return { email: account.email, password: account.password, role };
}

/** The accounts `npm start` creates in the auth emulator (one list, in contracts). */
export const demoAccounts = { admin: demoAccount('admin'), customer: demoAccount('customer') };

/** Signs in through the Login page, as a person would, and waits for the session. */
export async function signInThroughLoginPage(
  page: Page,
  account: { email: string; password: string },
  baseUrl = '',
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // The session is up once the api's access token is stored and the page has moved on
  // (the navbar's Sign Out may sit behind the menu toggle on a phone).
  await expect(page).not.toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A demo account's session, signed in once through the Login page in this worker (see `signIn`). */
const demoSessions = new Map<string, { state: StorageState; token: string; at: number }>();
/** Well inside the api's access token (1 h) and Firebase's ID token (1 h, refreshed by the SDK). */
const SESSION_REUSE_MS = 20 * 60_000;

/**
 * A signed-in page for a test that is not about signing in: the demo admin's or customer's session,
 * signed in through the Login page once per worker (in a browser of its own), is put into this
 * page's fresh browser (its cookies, local storage and IndexedDB, where Firebase keeps the user), and
 * the page opens home, signed in, as after `signInThroughLoginPage`. A page that has been somewhere
 * already, or has cookies (a cohort, a cart), another account, another shell, or a session the api
 * no longer takes, signs in through the Login page as before.
 */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const context = page.context();
  const demo = Object.values(demoAccounts).some((candidate) => candidate.email === account.email);
  if (!demo || page.url() !== 'about:blank' || context.pages().length > 1 || (await context.cookies()).length > 0) {
    await signInThroughLoginPage(page, account);
    return;
  }
  let session = demoSessions.get(account.email);
  if (session && (Date.now() - session.at > SESSION_REUSE_MS || !(await apiTakes(context.request, session.token)))) session = undefined;
  if (!session) {
    const own = await context.browser()!.newContext();
    try {
      const signingIn = await own.newPage();
      await signInThroughLoginPage(signingIn, account, stackUrls.shell);
      const token = (await signingIn.evaluate(() => localStorage.getItem('accessToken')))!;
      session = { state: await own.storageState({ indexedDB: true }), token, at: Date.now() };
      demoSessions.set(account.email, session);
    } finally {
      await own.close();
    }
  }
  await context.setStorageState(session.state);
  await page.goto(`${stackUrls.shell}/`);
  // Signed in as the Login page leaves it: the shell knows the user, and the api's token is stored.
  await expect(page.getByTestId('navbar-greeting')).toBeAttached();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
}

/** Whether the api still takes a stored access token (no role change or sign-out everywhere since). */
async function apiTakes(request: APIRequestContext, token: string): Promise<boolean> {
  const response = await request.get(`${stackUrls.api}/me/addresses`, { headers: { Authorization: `Bearer ${token}` } });
  return response.status() === 200;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@pcparts.dev`;
}

/** The emulator's outbox of action links (verification emails and the like). */
export async function emulatorOobCodes(request: APIRequestContext, projectId = 'demo-pcparts') {
  const response = await request.get(`${stackUrls.authEmulator}/emulator/v1/projects/${projectId}/oobCodes`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { oobCodes: EmulatorOobCode[] }).oobCodes;
}

export interface EmulatorOobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** Waits for the one link of this kind the emulator has "emailed" to this address. */
export async function emulatorOobCodeFor(request: APIRequestContext, email: string, requestType: string) {
  const matching = async () => (await emulatorOobCodes(request)).filter((c) => c.email === email && c.requestType === requestType);
  await expect.poll(async () => (await matching()).length).toBe(1);
  return (await matching())[0]!;
}

/**
 * The links of the shop's verification emails to this address (POST /user/verification-email), as
 * MailDev's inbox holds them, oldest first: the demo's way to verify an email.
 */
export async function verificationLinksTo(request: APIRequestContext, email: string): Promise<string[]> {
  const response = await request.get(`${stackUrls.mailInbox}/api/email`);
  expect(response.status()).toBe(200);
  const inbox = (await response.json()) as { subject: string; to: { address: string }[]; text: string; date?: string }[];
  return inbox
    .filter((mail) => mail.subject === 'Verify your email for PC PART PICKER' && mail.to.some((to) => to.address === email))
    .map((mail) => /(https?:\/\/\S+\/auth\/action\?mode=verifyEmail&oobCode=\S+)/.exec(mail.text)?.[1] ?? '')
    .filter(Boolean);
}

/** Applies an emailed code at the emulator, as a mail client on another device opening the link would. */
export async function applyEmailedCode(request: APIRequestContext, link: string): Promise<void> {
  const oobCode = new URL(link).searchParams.get('oobCode');
  const response = await request.post(`${stackUrls.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, { data: { oobCode } });
  expect(response.status()).toBe(200);
}

/** A fresh email+password account made through the emulator's REST api, as the SDK would. */
export async function createEmulatorAccount(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post(
    `${stackUrls.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { data: { ...account, returnSecureToken: true } },
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as { idToken: string; localId: string };
}

/** Asks the emulator for a password-reset email, as the SDK's sendPasswordResetEmail does. */
export async function requestPasswordReset(request: APIRequestContext, email: string) {
  const response = await request.post(
    `${stackUrls.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`,
    { data: { requestType: 'PASSWORD_RESET', email } },
  );
  expect(response.status()).toBe(200);
  return emulatorOobCodeFor(request, email, 'PASSWORD_RESET');
}

/** A Firebase ID token for an emulator account with a password (the emulator's REST sign-in). */
export async function emulatorIdToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post(
    `${stackUrls.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** The api's access token of an account, as the shell gets it at sign-in (PUT /user/{email}). */
export async function apiAccessToken(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const idToken = await emulatorIdToken(request, account.email, account.password);
  const exchange = await request.put(`${stackUrls.api}/user/${account.email}`, {
    headers: { Authorization: `Bearer ${idToken}` },
    data: { email: account.email },
  });
  expect(exchange.status()).toBe(200);
  return ((await exchange.json()) as { token: string }).token;
}

/**
 * Opens "Continue With Google" on the Login page and fills the demo's Google stand-in (the shop's
 * own popup page, tooling/auth-emulator): answers the popup, submitted, and whether it closed
 * (it closes once the sign-in reached the page).
 */
export async function googleStandInPopup(page: Page, account: { email: string; displayName?: string }) {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue With Google' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(account.email);
  await popup.getByLabel('Display name').fill(account.displayName ?? 'Google Person');
  const closed = popup.waitForEvent('close').then(() => true);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  return { popup, closed };
}

/** A password account whose email is verified (the emulator's admin api), with the api's access token. */
export async function verifiedCustomer(request: APIRequestContext, prefix = 'holder') {
  const account = { email: uniqueEmail(prefix), password: 'holder-pass-1' };
  const { localId } = await createEmulatorAccount(request, account);
  const verify = await request.post(`${stackUrls.authEmulator}/identitytoolkit.googleapis.com/v1/projects/demo-pcparts/accounts:update`, {
    headers: { Authorization: 'Bearer owner' },
    data: { localId, emailVerified: true },
  });
  expect(verify.status()).toBe(200);
  return { ...account, token: await apiAccessToken(request, account) };
}
