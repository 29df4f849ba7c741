import { expect, test } from '../support/test';
import { demoAccounts, emulatorIdToken } from '../support/auth';
import { stackUrls } from '../support/environment';

function claimsOf(jwt: string) {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}

test('the api is live and its database is ready', async ({ request }) => {
  expect((await request.get(`${stackUrls.api}/healthz`)).status()).toBe(200);
  expect((await request.get(`${stackUrls.api}/readyz`)).status()).toBe(200);
});

for (const account of Object.values(demoAccounts)) {
  test(`demo ${account.role} gets an ID token from the emulator that the api verifies`, async ({ request }) => {
    const idToken = await emulatorIdToken(request, account.email, account.password);
    const exchange = await request.put(`${stackUrls.api}/user/${account.email}`, {
      headers: { Authorization: `Bearer ${idToken}` },
      data: { email: account.email },
    });
    expect(exchange.status()).toBe(200);
    const { token } = (await exchange.json()) as { token: string };
    expect(claimsOf(token)).toMatchObject({ email: account.email, role: account.role });

    // The same call with a tampered token is refused.
    const tampered = await request.put(`${stackUrls.api}/user/${account.email}`, {
      headers: { Authorization: `Bearer ${idToken.slice(0, -4)}AAAA` },
      data: { email: account.email },
    });
    expect([401, 403]).toContain(tampered.status());
  });
}
