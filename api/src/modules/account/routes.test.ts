import { accountText, ERASED_MARKER, FORMER_CUSTOMER } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import {
  createAccount,
  createPart,
  createTestApi,
  inboxOf,
  insertOrder,
  signIn,
  signUpWithAccessToken,
  type TestApi,
  uniqueEmail,
} from '../../../test/helpers';

// Account settings (issue 46) against the real emulator, database and MailDev: signing out
// everywhere, a password changed in the browser, the email change through its emailed link and
// its "This was not me", the data export, and closing the account.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ RATE_LIMIT_DATA_EXPORTS: '3' });
});
afterAll(() => api.close());

const server = () => request(api.app);
const emulator = () => `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;
const PASSWORD = 'secret123';
/** Sessions end by the second (as Firebase compares them): a token from the second before is "before". */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

/** The token exchange, as the shell makes it. */
const exchange = (email: string, idToken: string) => server().put(`/user/${encodeURIComponent(email)}`).set('Authorization', `Bearer ${idToken}`).send({ email });
const profileOf = (email: string, token: string) => server().get('/user/one').query({ email }).set('Authorization', `Bearer ${token}`);

/** A browser's session: a sign-in with the password and the api's token for it. */
async function session(email: string, password = PASSWORD) {
  const signedIn = await signIn(email, password);
  const exchanged = await exchange(email, signedIn.idToken);
  if (exchanged.status !== 200) throw new Error(`exchange: ${exchanged.status} ${JSON.stringify(exchanged.body)}`);
  return { ...signedIn, token: exchanged.body.token as string };
}

/** What the browser SDK sends the emulator: a new password with the account's ID token (updatePassword). */
async function changePassword(idToken: string, password: string): Promise<void> {
  const response = await fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/accounts:update?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`accounts:update: ${response.status} ${await response.text()}`);
}

/** Applies an emailed code, as the shop's /auth/action page does through the SDK (applyActionCode). */
async function openLink(link: string): Promise<void> {
  const oobCode = new URL(link).searchParams.get('oobCode');
  const response = await fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/accounts:update?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode }),
  });
  if (!response.ok) throw new Error(`accounts:update: ${response.status} ${await response.text()}`);
}

async function mailTo(email: string, subject: string) {
  await api.outbox.idle();
  const found = (await inboxOf(email)).find((message) => message.subject === subject);
  if (!found) throw new Error(`no email "${subject}" to ${email}: ${(await inboxOf(email)).map((message) => message.subject).join(' | ')}`);
  return found;
}
const linkIn = (text: string, pattern: RegExp) => pattern.exec(text)?.[1];
const activityOf = (action: string) => api.database.collections.activity.find({ action: action as never }).toArray();

describe('POST /me/sign-out-everywhere', () => {
  it('ends every session: each access token and ID token from before is refused at its next call', async () => {
    const first = await signUpWithAccessToken(api);
    const second = await session(first.email);
    expect((await profileOf(first.email, second.token)).status).toBe(200);
    await nextSecond();

    const response = await server().post('/me/sign-out-everywhere').set('Authorization', `Bearer ${first.token}`);
    expect(response.status).toBe(200);
    expect(Date.parse(response.body.signedOutAt)).toBeGreaterThan(Date.now() - 60_000);

    for (const token of [first.token, second.token]) {
      const refused = await profileOf(first.email, token);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: accountText.sessionEnded });
    }
    // The browsers' ID tokens cannot start a session again either.
    for (const idToken of [first.idToken, second.idToken]) expect((await exchange(first.email, idToken)).status).toBe(401);
    // Signing in again works; the account was told, and the log says so.
    const again = await session(first.email);
    expect((await profileOf(first.email, again.token)).status).toBe(200);
    expect((await mailTo(first.email, 'You were signed out everywhere')).text).toContain('signed out');
    expect(await activityOf('user.signedOutEverywhere')).toEqual([expect.objectContaining({ actor: first.email, target: first.email })]);
    // Recorded as the api's own: the sign-in after it tells of no new password.
    await api.outbox.idle();
    expect((await inboxOf(first.email)).map((message) => message.subject)).not.toContain('Your password was changed');
  });

  it('takes no body', async () => {
    const me = await signUpWithAccessToken(api);
    const response = await server().post('/me/sign-out-everywhere').set('Authorization', `Bearer ${me.token}`).send({ keep: 'this one' });
    expect(response.status).toBe(400);
    expect((await profileOf(me.email, me.token)).status).toBe(200);
  });
});

describe('a password changed in the browser', () => {
  it('signs out the other sessions at their next call; the account is told once', async () => {
    const changer = await signUpWithAccessToken(api);
    const other = await session(changer.email);
    await nextSecond();
    // Settings: the current password again (a fresh sign-in), the new one, then a sign-in with it.
    const reauthenticated = await signIn(changer.email, PASSWORD);
    await changePassword(reauthenticated.idToken, 'brand-new-secret');
    const renewed = await session(changer.email, 'brand-new-secret');
    expect((await profileOf(changer.email, renewed.token)).status).toBe(200);

    const refused = await profileOf(changer.email, other.token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: accountText.sessionEnded });
    expect((await exchange(changer.email, other.idToken)).status).toBe(401);
    await expect(signIn(changer.email, PASSWORD)).rejects.toThrow(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);

    await session(changer.email, 'brand-new-secret');
    await api.outbox.idle();
    const told = (await inboxOf(changer.email)).filter((message) => message.subject === 'Your password was changed');
    expect(told).toHaveLength(1);
    expect(await activityOf('user.passwordChanged')).toEqual(expect.arrayContaining([expect.objectContaining({ actor: changer.email })]));
  });
});

describe('POST /me/email-change', () => {
  it('emails the verify-before-update link; once opened, the next sign-in with the new email keeps the account, its orders and cart', async () => {
    const me = await signUpWithAccessToken(api);
    const part = await createPart(api, { p_quantity: 5 });
    const order = await insertOrder(api, part, { email: me.email, paid: true, status: 'paid', transactionId: 'pi_before_change' });
    await server().put('/cart').set('Authorization', `Bearer ${me.token}`).send({ lines: [{ productId: part.id, quantity: 1 }] });
    const { sub } = await api.accessTokens.verify(me.token);
    const newEmail = uniqueEmail('moved');

    const fresh = await signIn(me.email, PASSWORD);
    const asked = await server().post('/me/email-change').set('Authorization', `Bearer ${fresh.idToken}`).send({ newEmail: newEmail.toUpperCase() });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ sent: true, newEmail });

    const confirm = await mailTo(newEmail, 'Confirm your new email address');
    const link = linkIn(confirm.text, /(http\S+\/auth\/action\?mode=verifyAndChangeEmail&oobCode=\S+)/);
    expect(link?.startsWith(`${api.config.shopUrl}/auth/action?mode=verifyAndChangeEmail&oobCode=`)).toBe(true);
    const notice = await mailTo(me.email, 'Your email address is about to change');
    expect(linkIn(notice.text, /(http\S+\/auth\/action\?mode=undoEmailChange&token=\S+)/)).toBeDefined();
    // Nothing changes until the link is opened.
    expect((await profileOf(me.email, me.token)).status).toBe(200);

    await openLink(link!);
    const moved = await session(newEmail);
    const user = await api.database.collections.users.findOne({ email: newEmail });
    expect(user?._id.toHexString()).toBe(sub);
    expect(await api.database.collections.users.countDocuments({ email: me.email })).toBe(0);
    // The order placed before is theirs under the new email (its contact email followed).
    const mine = await server().get('/myorder').query({ email: newEmail }).set('Authorization', `Bearer ${moved.token}`);
    expect(mine.body.map((line: { _id: string; email: string }) => [line._id, line.email])).toEqual([[order.id, newEmail]]);
    expect((await api.database.collections.wholeOrders.findOne({ _id: order.checkoutId }))?.email).toBe(newEmail);
    expect((await server().get('/cart').set('Authorization', `Bearer ${moved.token}`)).body.lines).toHaveLength(1);
    // The api keys nothing to the old email any more: its access token is refused.
    expect((await profileOf(me.email, me.token)).status).toBe(401);
    // The checkout's Idempotency-Key went too: the answer kept with it held the address.
    for (const name of ['wholeOrders', 'carts', 'users', 'idempotencyKeys'] as const) {
      expect({ name, count: await api.database.collections[name].countDocuments({ email: me.email }) }).toEqual({ name, count: 0 });
    }
    const told = await mailTo(me.email, 'Your email address was changed');
    expect(told.text).toContain(newEmail);
    expect(await mailTo(newEmail, 'Your email address is changed')).toBeDefined();
    expect(await activityOf('user.emailChanged')).toEqual(expect.arrayContaining([expect.objectContaining({ target: newEmail })]));
  });

  it('a new account with the freed email starts its own record: it never takes over the moved account’s orders', async () => {
    const me = await signUpWithAccessToken(api);
    const part = await createPart(api, { p_quantity: 5 });
    const order = await insertOrder(api, part, { email: me.email, paid: true, status: 'paid', transactionId: 'pi_moved_away' });
    const newEmail = uniqueEmail('moved-away');
    const fresh = await signIn(me.email, PASSWORD);
    await server().post('/me/email-change').set('Authorization', `Bearer ${fresh.idToken}`).send({ newEmail });
    await openLink(linkIn((await mailTo(newEmail, 'Confirm your new email address')).text, /(http\S+oobCode=\S+)/)!);
    // Before the moved account signs in again, someone signs up with the email it left.
    const newcomer = await signUpWithAccessToken(api, { email: me.email });
    const mine = await server().get('/myorder').query({ email: me.email }).set('Authorization', `Bearer ${newcomer.token}`);
    expect(mine.body).toEqual([]);
    const { sub } = await api.accessTokens.verify(me.token);
    expect((await api.database.collections.users.findOne({ email: newEmail }))?._id.toHexString()).toBe(sub);
    expect((await api.database.collections.wholeOrders.findOne({ _id: order.checkoutId }))?.email).toBe(newEmail);
    expect((await api.accessTokens.verify(newcomer.token)).sub).not.toBe(sub);
  });

  it('"This was not me" gives the old email back, ends every session and sends a password reset link', async () => {
    const me = await signUpWithAccessToken(api);
    const newEmail = uniqueEmail('taken-over');
    const fresh = await signIn(me.email, PASSWORD);
    expect((await server().post('/me/email-change').set('Authorization', `Bearer ${fresh.idToken}`).send({ newEmail })).status).toBe(200);
    const link = linkIn((await mailTo(newEmail, 'Confirm your new email address')).text, /(http\S+oobCode=\S+)/);
    await openLink(link!);
    const intruder = await session(newEmail);
    await nextSecond();

    const undo = linkIn((await mailTo(me.email, 'Your email address was changed')).text, /(http\S+mode=undoEmailChange&token=\S+)/);
    const token = new URL(undo!).searchParams.get('token')!;
    const restored = await server().post('/account/email-recovery').send({ token });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ restored: true, email: me.email });
    expect((await api.database.collections.users.findOne({ email: me.email }))?.role).toBe('customer');
    expect((await profileOf(newEmail, intruder.token)).status).toBe(401);
    const reset = await mailTo(me.email, 'Your email address is yours again');
    expect(linkIn(reset.text, /(http\S+\/auth\/action\?mode=resetPassword&oobCode=\S+)/)).toBeDefined();
    expect(await activityOf('user.emailRestored')).toEqual(expect.arrayContaining([expect.objectContaining({ target: me.email })]));
  });

  it('needs a recent sign-in, another address than the account’s and a free one', async () => {
    const me = await signUpWithAccessToken(api);
    const other = await signUpWithAccessToken(api);
    const fresh = await signIn(me.email, PASSWORD);
    const ask = (newEmail: string) => server().post('/me/email-change').set('Authorization', `Bearer ${fresh.idToken}`).send({ newEmail });
    expect((await ask(me.email)).body).toEqual({ message: accountText.emailSame });
    const taken = await ask(other.email);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: accountText.emailTaken });
    expect((await ask('not-an-email')).status).toBe(400);
    // The api's access token is no ID token.
    expect((await server().post('/me/email-change').set('Authorization', `Bearer ${me.token}`).send({ newEmail: uniqueEmail() })).status).toBe(401);
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 6 * 60_000);
    try {
      const stale = await ask(uniqueEmail());
      expect(stale.status).toBe(401);
      expect(stale.body).toEqual({ message: accountText.signInAgain });
    } finally {
      later.mockRestore();
    }
  });

  it('refuses a recovery link nobody made', async () => {
    const response = await server().post('/account/email-recovery').send({ token: 'forged.token.here' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: accountText.recoveryLinkBad });
  });
});

describe('GET /me/export', () => {
  it('answers a JSON file of what the shop holds about the caller, orders included, without card data', async () => {
    const me = await signUpWithAccessToken(api, { displayName: 'Sam Export' });
    const other = await signUpWithAccessToken(api);
    const part = await createPart(api, { p_quantity: 5 });
    const paid = await insertOrder(api, part, { email: me.email, paid: true, status: 'paid', transactionId: 'pi_export_1' });
    await insertOrder(api, part, { email: other.email });
    await server().post('/me/addresses').set('Authorization', `Bearer ${me.token}`).send({ label: 'Home', address: { fullName: 'Sam Export', street: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US', region: 'IL', phone: '+1 555 010 0100' } });
    await server().post('/alerts').set('Authorization', `Bearer ${me.token}`).send({ productId: (await createPart(api, { p_quantity: 0 })).id, kind: 'back-in-stock' });

    const response = await server().get('/me/export').set('Authorization', `Bearer ${me.token}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="pc-part-picker-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.body.account).toEqual(expect.objectContaining({ email: me.email, role: 'customer', displayName: 'Sam Export', emailVerified: true }));
    expect(response.body.orders).toEqual([
      expect.objectContaining({
        number: paid.number,
        lines: [expect.objectContaining({ productId: part.id, productName: part.name, quantity: 1, unitPrice: part.price, paid: true })],
        payments: [{ paymentId: 'pi_export_1', amount: part.price }],
      }),
    ]);
    expect(response.body.addresses).toEqual([expect.objectContaining({ label: 'Home', isDefault: true, street: '1 Main Street' })]);
    expect(response.body.alerts).toHaveLength(1);
    expect(response.body.consents).toEqual([expect.objectContaining({ purpose: expect.stringContaining('back in stock') })]);
    expect(JSON.stringify(response.body)).not.toContain(other.email);
    expect(JSON.stringify(response.body)).not.toMatch(/card|4242/i);
    expect((await mailTo(me.email, 'Your data was downloaded')).text).toContain('downloaded');
    expect(await activityOf('user.dataExported')).toEqual(expect.arrayContaining([expect.objectContaining({ actor: me.email })]));
  });

  it('is rate-limited per account (RATE_LIMIT_DATA_EXPORTS)', async () => {
    const me = await signUpWithAccessToken(api);
    for (let i = 0; i < 3; i += 1) expect((await server().get('/me/export').set('Authorization', `Bearer ${me.token}`)).status).toBe(200);
    const limited = await server().get('/me/export').set('Authorization', `Bearer ${me.token}`);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another account is not held back.
    const other = await signUpWithAccessToken(api);
    expect((await server().get('/me/export').set('Authorization', `Bearer ${other.token}`)).status).toBe(200);
  });
});

describe('DELETE /me', () => {
  it('cancels the unpaid orders (stock back), keeps the paid ones erased, keeps reviews as Former customer, and the account can no longer sign in', async () => {
    const me = await signUpWithAccessToken(api, { displayName: 'Closing Customer' });
    const admin = await createAccount(api, 'admin');
    const part = await createPart(api, { p_quantity: 10 });
    const { sub } = await api.accessTokens.verify(me.token);
    const address = { fullName: 'Closing Customer', street: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US', region: 'IL', phone: '+1 555 010 0100' };
    // An unpaid checkout placed through the api (it holds 2 units), and a paid order.
    const placed = await server().post('/checkout').set('Authorization', `Bearer ${me.token}`).set('Idempotency-Key', `close-${sub}`).send({ lines: [{ productId: part.id, quantity: 2 }], address, saveAddress: true });
    expect(placed.status).toBe(201);
    expect((await api.database.collections.parts.findOne({ _id: part._id }))?.p_quantity).toBe(8);
    const paid = await insertOrder(api, part, { email: me.email, name: 'Closing Customer', paid: true, status: 'paid', transactionId: 'pi_kept', address: '1 Main Street, Springfield', phone: '+1 555 010 0100' });
    await server().post('/addReview').set('Authorization', `Bearer ${me.token}`).send({ ratings: '5', review: 'Great shop.' });
    await server().post('/builds').set('Authorization', `Bearer ${me.token}`).send({ name: 'My build', parts: { motherboard: part.id } });

    const fresh = await signIn(me.email, PASSWORD);
    const mismatch = await server().delete('/me').set('Authorization', `Bearer ${fresh.idToken}`).send({ confirmEmail: 'someone@example.com' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ message: accountText.closeConfirmMismatch });

    const closed = await server().delete('/me').set('Authorization', `Bearer ${fresh.idToken}`).send({ confirmEmail: me.email.toUpperCase() });
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ closed: true, cancelledOrders: 1, keptOrders: 1 });

    // The hold is released; the paid order stays, in All Orders, with the marker for the person.
    expect((await api.database.collections.parts.findOne({ _id: part._id }))?.p_quantity).toBe(10);
    const all = await server().get('/order').query({ q: part.name, limit: '50' }).set('Authorization', `Bearer ${admin.token}`);
    expect(all.status).toBe(200);
    const kept = (all.body.items as { _id: string; name: string; email: string; phone: string; address: string; paid: boolean }[]).find((line) => line._id === paid.id);
    expect(kept).toEqual(expect.objectContaining({ name: ERASED_MARKER, email: ERASED_MARKER, phone: ERASED_MARKER, address: ERASED_MARKER, paid: true }));
    const cancelled = await api.database.collections.wholeOrders.findOne({ _id: new ObjectId(placed.body.checkoutId as string) });
    expect(cancelled).toEqual(expect.objectContaining({ email: ERASED_MARKER, name: ERASED_MARKER, phone: ERASED_MARKER, address: ERASED_MARKER }));
    expect(cancelled?.lines.map((line) => line.status)).toEqual(['cancelled']);
    expect(cancelled?.shipTo).toEqual(expect.objectContaining({ fullName: ERASED_MARKER, street: ERASED_MARKER, country: 'US', region: 'IL' }));
    expect(JSON.stringify(cancelled)).not.toContain(me.email);
    // Nothing else names the person.
    expect(await api.database.collections.users.countDocuments({ email: me.email })).toBe(0);
    expect(await api.database.collections.builds.countDocuments({ ownerId: sub })).toBe(0);
    expect(await api.database.collections.reviews.findOne({ review: 'Great shop.' })).toEqual(expect.not.objectContaining({ authorEmail: expect.anything() }));
    expect((await api.database.collections.reviews.findOne({ review: 'Great shop.' }))?.name).toBe(FORMER_CUSTOMER);
    // The checkout's Idempotency-Key went too: the answer kept with it held the address.
    for (const name of ['wholeOrders', 'carts', 'users', 'idempotencyKeys'] as const) {
      expect({ name, left: await api.database.collections[name].countDocuments({ email: me.email }) }).toEqual({ name, left: 0 });
    }
    // Of the emails to the address, only the closing notice may be left, still on its way.
    expect(await api.database.collections.outbox.countDocuments({ to: me.email, subject: { $ne: 'Your account is closed' } })).toBe(0);
    const logged = await api.database.collections.activity.find({}).toArray();
    expect(JSON.stringify(logged)).not.toContain(me.email);
    expect(logged).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'user.closed', target: `account ${sub}` })]));
    // The account is gone: no sign-in, and its tokens are refused.
    await expect(signIn(me.email, PASSWORD)).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
    expect((await profileOf(me.email, me.token)).status).toBe(401);
  });

  it('needs a recent sign-in, the ID token (not the access token), and refuses the last admin', async () => {
    const me = await signUpWithAccessToken(api);
    expect((await server().delete('/me').set('Authorization', `Bearer ${me.token}`).send({ confirmEmail: me.email })).status).toBe(401);
    const fresh = await signIn(me.email, PASSWORD);
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 6 * 60_000);
    try {
      const stale = await server().delete('/me').set('Authorization', `Bearer ${fresh.idToken}`).send({ confirmEmail: me.email });
      expect(stale.status).toBe(401);
      expect(stale.body).toEqual({ message: accountText.signInAgain });
    } finally {
      later.mockRestore();
    }
    expect(await api.database.collections.users.countDocuments({ email: me.email })).toBe(1);

    // The only admin of a shop of its own.
    const lonely = await createTestApi();
    try {
      const boss = await signUpWithAccessToken(lonely);
      await lonely.database.collections.users.updateMany({}, { $set: { role: 'customer' } });
      await lonely.database.collections.users.updateOne({ email: boss.email }, { $set: { role: 'admin' } });
      const bossSignIn = await signIn(boss.email, PASSWORD);
      const refused = await request(lonely.app).delete('/me').set('Authorization', `Bearer ${bossSignIn.idToken}`).send({ confirmEmail: boss.email });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: accountText.closeLastAdmin });
      expect(await lonely.database.collections.users.countDocuments({ email: boss.email })).toBe(1);
    } finally {
      await lonely.close();
    }
  });
});
