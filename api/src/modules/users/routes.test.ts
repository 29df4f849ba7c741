import request from 'supertest';
import {
  createTestApi,
  emulatorClaims,
  markEmailVerified,
  randomSuffix,
  signIn,
  signInWithGoogle,
  signUp,
  type TestApi,
  uniqueEmail,
  unsignedJwt,
} from '../../../test/helpers';

const adminEmail = `boss-${randomSuffix()}@example.com`;
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ ADMIN_EMAILS: adminEmail });
});
afterAll(() => api.close());

function exchange(pathEmail: string, idToken: string | null, body: unknown = { email: pathEmail }) {
  const call = request(api.app).put(`/user/${encodeURIComponent(pathEmail)}`).send(body as object);
  return idToken === null ? call : call.set('Authorization', `Bearer ${idToken}`);
}

describe('PUT /user/:email (token exchange)', () => {
  it('trades an emulator ID token for an access token of a new customer', async () => {
    const session = await signUp();
    const response = await exchange(session.email, session.idToken);
    expect(response.status).toBe(200);
    // expiresIn lets the client renew 5 minutes before the token stops working.
    expect(response.body).toEqual({ token: expect.any(String), expiresIn: 3600 });

    const claims = await api.accessTokens.verify(response.body.token);
    const user = await api.database.collections.users.findOne({ email: session.email });
    expect(user).toMatchObject({ email: session.email, role: 'customer', createdAt: expect.any(Date) });
    expect(claims).toMatchObject({ sub: user!._id.toHexString(), email: session.email, role: 'customer' });

    // The token opens bearer routes.
    const part = await request(api.app)
      .get(`/tools/${'0'.repeat(24)}`)
      .set('Authorization', `Bearer ${response.body.token}`);
    expect(part.status).toBe(404);
  });

  it('matches emails without regard to case and stores them lowercase', async () => {
    const session = await signUp(`Mixed-${randomSuffix()}@Example.com`);
    const response = await exchange(session.email.toUpperCase(), session.idToken, { email: session.email });
    expect(response.status).toBe(200);
    expect(await api.accessTokens.verify(response.body.token)).toMatchObject({
      email: session.email.toLowerCase(),
    });
  });

  it('makes an ADMIN_EMAILS user an admin only once the email is verified, and says why until then', async () => {
    const session = await signUp(adminEmail);
    const unverified = await exchange(session.email, session.idToken);
    expect(unverified.status).toBe(200);
    expect(unverified.body).toEqual({ token: expect.any(String), expiresIn: 3600, notice: 'Verify your email to get admin access.' });
    expect((await api.accessTokens.verify(unverified.body.token)).role).toBe('customer');
    expect(await api.database.collections.users.findOne({ email: adminEmail })).toMatchObject({ role: 'customer' });

    // The same ID token once the link in the email is opened: the provider's word now counts.
    await markEmailVerified(session.uid);
    const verified = await exchange(session.email, session.idToken);
    expect(verified.body).toEqual({ token: expect.any(String), expiresIn: 3600 });
    expect((await api.accessTokens.verify(verified.body.token)).role).toBe('admin');
  });

  it('never grants a role for a Google sign-in through the demo’s stand-in: its email is unverified', async () => {
    const googleAdmin = `google-boss-${randomSuffix()}@example.com`;
    const withGoogle = await createTestApi({ ADMIN_EMAILS: googleAdmin });
    try {
      const session = await signInWithGoogle(googleAdmin);
      const response = await request(withGoogle.app)
        .put(`/user/${encodeURIComponent(googleAdmin)}`)
        .set('Authorization', `Bearer ${session.idToken}`)
        .send({ email: googleAdmin });
      expect(response.status).toBe(200);
      expect(response.body.notice).toBe('Verify your email to get admin access.');
      expect((await withGoogle.accessTokens.verify(response.body.token)).role).toBe('customer');
    } finally {
      await withGoogle.close();
    }
  });

  // The probe of issue 20: a hand-made Google id_token straight to the emulator's signInWithIdp,
  // claiming the admin's email as verified, gives an emulator ID token for the admin's account.
  it('gives no token (admin or any) for a forged Google id_token claiming an account’s email', async () => {
    const password = await signUp(adminEmail.replace('boss-', 'boss-pw-'));
    await markEmailVerified(password.uid);
    const admin = await exchange(password.email, password.idToken);
    await api.database.collections.users.updateOne({ email: password.email }, { $set: { role: 'admin' } });
    expect(admin.status).toBe(200);

    const forged = await signInWithGoogle(password.email, { sub: `${Date.now()}`, email_verified: true });
    expect(forged.uid).toBe(password.uid);
    const response = await exchange(password.email, forged.idToken);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'This Google sign-in was not made by the shop’s Google window. Sign in again from the Login page.' });
    // A new account's email taken by a forged subject: refused as well.
    const fresh = uniqueEmail('forged');
    const other = await signInWithGoogle(fresh, { sub: 'hand-made-123' });
    expect((await exchange(fresh, other.idToken)).status).toBe(401);
    // The password still signs the account in: a Google identity linked by hand blocks only Google sign-ins.
    const again = await signIn(password.email, 'secret123');
    expect((await exchange(password.email, again.idToken)).status).toBe(200);
  });

  it('accepts a Google sign-in the stand-in made, as an unverified customer', async () => {
    const session = await signInWithGoogle();
    const response = await exchange(session.email, session.idToken);
    expect(response.status).toBe(200);
    expect(await api.accessTokens.verify(response.body.token)).toMatchObject({ email: session.email, role: 'customer', uid: session.uid });
  });

  it('keeps a stored role on later sign-ins, creating one user only', async () => {
    const session = await signUp();
    expect((await exchange(session.email, session.idToken)).status).toBe(200);
    await api.database.collections.users.updateOne({ email: session.email }, { $set: { role: 'admin' } });
    const again = await exchange(session.email, session.idToken);
    expect((await api.accessTokens.verify(again.body.token)).role).toBe('admin');
    expect(await api.database.collections.users.countDocuments({ email: session.email })).toBe(1);
  });

  it.each([
    ['a missing token', null],
    ['a garbage token', 'not.a.token'],
    ['an access token instead of an ID token', 'ACCESS'],
  ])('rejects %s with 401', async (_label, token) => {
    const email = uniqueEmail();
    const idToken =
      token === 'ACCESS' ? await api.accessTokens.sign({ sub: 'x', uid: 'x', email, role: 'customer' }) : token;
    const response = await exchange(email, idToken);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: expect.any(String) });
  });

  it('rejects an expired ID token with 401', async () => {
    const session = await signUp();
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = unsignedJwt(
      emulatorClaims(api.config.firebaseProjectId, { uid: session.uid, email: session.email, iat: past, exp: past + 3600, auth_time: past }),
    );
    const response = await exchange(session.email, expired);
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/expired/);
  });

  describe('hand-made unsigned tokens', () => {
    let victim: Awaited<ReturnType<typeof signUp>>;
    let attacker: Awaited<ReturnType<typeof signUp>>;
    beforeAll(async () => {
      [victim, attacker] = await Promise.all([signUp(), signUp()]);
    });

    it.each([
      ["the attacker's uid with the victim's email", () => ({ uid: attacker.uid, email: victim.email })],
      ['a made-up uid with the victim email', () => ({ uid: `forged${randomSuffix()}`, email: victim.email })],
      [
        'no sign-in provider',
        () => ({ uid: victim.uid, email: victim.email, firebase: { identities: {} } }),
      ],
      ['another project as audience', () => ({ uid: victim.uid, email: victim.email, aud: 'other-project' })],
      [
        'another issuer',
        () => ({ uid: victim.uid, email: victim.email, iss: 'https://securetoken.google.com/other-project' }),
      ],
    ])('rejects %s', async (_label, claims) => {
      const forged = unsignedJwt(emulatorClaims(api.config.firebaseProjectId, claims()));
      const response = await exchange(victim.email, forged);
      expect([401, 403]).toContain(response.status);
      expect(await api.database.collections.users.findOne({ email: victim.email })).toBeNull();
    });
  });

  it("answers 403 when the token's email differs from the path or the body", async () => {
    const session = await signUp();
    const other = uniqueEmail('other');
    const wrongPath = await exchange(other, session.idToken, { email: session.email });
    expect(wrongPath.status).toBe(403);
    expect(wrongPath.body).toEqual({ message: 'You can only sign in as yourself' });
    const wrongBody = await exchange(session.email, session.idToken, { email: other });
    expect(wrongBody.status).toBe(403);
  });

  it('validates the body strictly, with the spec messages', async () => {
    const session = await signUp();
    const extra = await exchange(session.email, session.idToken, { email: session.email, role: 'admin' });
    expect(extra.status).toBe(400);
    expect(extra.body.issues).toEqual([expect.objectContaining({ path: '' })]);

    const missing = await exchange(session.email, session.idToken, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: 'email is required',
      issues: [{ path: 'email', message: 'email is required' }],
    });

    const invalid = await exchange(session.email, session.idToken, { email: 'nope' });
    expect(invalid.body.message).toBe('provide a valid email address');
  });
});
