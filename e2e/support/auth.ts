import { expect, type APIRequestContext, type Page } from '@playwright/test';
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

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@pcparts.dev`;
}

/** The emulator's outbox of action links (verification emails and the like). */
export async function emulatorOobCodes(request: APIRequestContext, projectId = 'demo-pcparts') {
  const response = await request.get(`${stackUrls.authEmulator}/emulator/v1/projects/${projectId}/oobCodes`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] }).oobCodes;
}
