import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { expect, test, type BrowserContext } from '../support/test';
import { apiAccessToken, demoAccounts, googleStandInPopup, signInThroughLoginPage, uniqueEmail } from '../support/auth';
import { stackPorts, stackUrls } from '../support/environment';
import { repoRoot } from '../support/stack';
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

// The probe of issue 20: a hand-made Google id_token claiming the admin's address, as verified.
test('a forged Google id_token for the admin gets nothing: refused by the shell, and no admin token from the api', async ({ request }) => {
  const forged = JSON.stringify({ sub: `${Date.now()}`, email: demoAccounts.admin.email, email_verified: true });
  const body = { requestUri: `${stackUrls.shell}/emulator/auth/handler?providerId=google.com&id_token=${encodeURIComponent(forged)}`, returnSecureToken: true };
  const throughShop = await request.post(`${stackUrls.shell}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`, { data: body });
  expect(throughShop.status()).toBe(403);
  expect(await throughShop.text()).not.toContain('idToken');

  // Straight at the emulator (only on this machine): it links the Google identity to the admin's
  // account and hands out an ID token, which the api refuses.
  const direct = await request.post(`${stackUrls.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`, { data: body });
  expect(direct.status()).toBe(200);
  const { idToken } = (await direct.json()) as { idToken: string };
  const exchange = await request.put(`${stackUrls.api}/user/${demoAccounts.admin.email}`, {
    headers: { Authorization: `Bearer ${idToken}` },
    data: { email: demoAccounts.admin.email },
  });
  expect(exchange.status()).toBe(401);
  expect(await exchange.json()).toEqual({ message: 'This Google sign-in was not made by the shop’s Google window. Sign in again from the Login page.' });
  // The admin's password still signs in as the admin.
  expect(await apiAccessToken(request, demoAccounts.admin)).toBeTruthy();
});

test('the sign-in calls the shell forwards answer with the shop’s CORS (none for another origin) and no X-Powered-By', async ({ request }) => {
  const answer = await request.post(`${stackUrls.shell}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    headers: { Origin: 'https://evil.example' },
    data: { email: demoAccounts.customer.email, password: demoAccounts.customer.password, returnSecureToken: true },
  });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['access-control-allow-origin']).toBeUndefined();
  expect(answer.headers()['access-control-allow-credentials']).toBeUndefined();
  expect(answer.headers()['x-powered-by']).toBeUndefined();
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
  const { closed } = await googleStandInPopup(page, { email: uniqueEmail('csp'), displayName: 'Policy Checker' });
  await closed;
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

/** The machine's own addresses other than loopback: what another computer on the network reaches. */
const networkAddresses = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal)
    .map((address) => address!.address);

const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });

/** Inodes of the TCP sockets listening on every interface (0.0.0.0 or ::), from /proc/net. */
function wildcardListenerInodes(): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      // local_address is HEXIP:PORT; state 0A is LISTEN; field 9 is the inode.
      const [, local = '', , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state === '0A' && inode && /^0+:/.test(local)) inodes.add(inode);
    }
  }
  return inodes;
}

/** Processes started from this checkout (the `npm start` stack) that own one of these sockets. */
function stackProcessesOwning(inodes: Set<string>): string[] {
  const owners: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!command.includes(repoRoot)) continue;
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) owners.push(`${pid} ${command.slice(0, 120)}`);
      }
    } catch {
      // A process that ended meanwhile, or one we may not read.
    }
  }
  return owners;
}

test('from another address on the network, the running stack reaches nothing', async () => {
  const addresses = networkAddresses();
  expect(addresses.length).toBeGreaterThan(0);
  for (const [name, port] of Object.entries(stackPorts)) {
    expect(await reachable('127.0.0.1', port), `${name} answers on loopback`).toBe(true);
    for (const host of addresses) expect(await reachable(host, port), `${name} :${port} on ${host}`).toBe(false);
  }
  // Servers on ports chosen at start (the embedded database) too: no process of the stack listens on every interface.
  expect(process.platform === 'linux' ? stackProcessesOwning(wildcardListenerInodes()) : []).toEqual([]);
});
