import request from 'supertest';
import { createPart, createTestApi, inboxOf, signUp, signUpWithAccessToken, type TestApi } from '../../../test/helpers';

// POST /user/verification-email: the shop emails the link that verifies an address itself, through
// its outbox (MailDev here, as in demo mode, where the emulator would keep it to itself), and the
// link opens the shop's own /auth/action page.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_VERIFICATION_EMAILS: '3' });
});
afterAll(() => api.close());

const ask = (idToken: string | null) => {
  const call = request(api.app).post('/user/verification-email');
  return idToken ? call.set('Authorization', `Bearer ${idToken}`) : call;
};

/** Applies an emailed code, as the shop's /auth/action page does through the SDK (accounts:update {oobCode}). */
async function openLink(link: string): Promise<void> {
  const oobCode = new URL(link).searchParams.get('oobCode');
  const response = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:update?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode }),
  });
  if (!response.ok) throw new Error(`accounts:update: ${response.status} ${await response.text()}`);
}

it('emails a link to the shop’s /auth/action page; opening it lets the account order', async () => {
  const session = await signUp();
  const answer = await ask(session.idToken);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ sent: true, email: session.email });
  await api.outbox.idle();
  const [email] = await inboxOf(session.email);
  expect(email!.subject).toBe('Verify your email for PC PART PICKER');
  const link = /(http\S+\/auth\/action\?mode=verifyEmail&oobCode=\S+)/.exec(email!.text)?.[1];
  expect(link?.startsWith(`${api.config.shopUrl}/auth/action?mode=verifyEmail&oobCode=`)).toBe(true);
  expect(email!.html).toContain('Verify my email address');

  // Before: no order. After opening the link: the order goes through.
  const exchanged = await request(api.app).put(`/user/${session.email}`).set('Authorization', `Bearer ${session.idToken}`).send({ email: session.email });
  const part = await createPart(api, { p_quantity: 5 });
  const order = () =>
    request(api.app)
      .post('/order')
      .set('Authorization', `Bearer ${exchanged.body.token}`)
      .send({ productId: part.id, order_quantity: 1, address: '1 Main St', phone: '555 0100' });
  expect((await order()).status).toBe(403);
  await openLink(link!);
  expect((await order()).status).toBe(201);
  // Verified now: asking again is a 409.
  expect((await ask(session.idToken)).status).toBe(409);
});

it('takes a Firebase ID token only: none, a forged one or the api’s access token is 401', async () => {
  expect((await ask(null)).status).toBe(401);
  expect((await ask('not-a-token')).status).toBe(401);
  const customer = await signUpWithAccessToken(api, { emailVerified: false });
  expect((await ask(customer.token)).status).toBe(401);
});

it('sends at most RATE_LIMIT_VERIFICATION_EMAILS per account and window', async () => {
  const session = await signUp();
  for (let i = 0; i < 3; i += 1) expect((await ask(session.idToken)).status).toBe(200);
  const fourth = await ask(session.idToken);
  expect(fourth.status).toBe(429);
  expect(fourth.headers['retry-after']).toBeDefined();
  await api.outbox.idle();
  expect(await inboxOf(session.email)).toHaveLength(3);
  // Another account is not held back.
  expect((await ask((await signUp()).idToken)).status).toBe(200);
});
