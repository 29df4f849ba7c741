import request from 'supertest';
import { validationMessages } from '@pcpp/contracts/core';
import { createTestApi, randomSuffix, signUpWithAccessToken, type TestApi } from '../../../test/helpers';

const adminEmail = `chief-${randomSuffix()}@example.com`;
let api: TestApi;
let admin: { email: string; token: string; idToken: string };
beforeAll(async () => {
  api = await createTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUpWithAccessToken(api, { email: adminEmail, emailVerified: true });
});
afterAll(() => api.close());

const accessTokenFor = (email?: string) => signUpWithAccessToken(api, { email });

const profile = {
  Address: '12 Harbour Road, Portsmouth',
  phone: '+44 7700 900123',
  profession: 'Systems engineer',
  linkin: 'https://www.linkedin.com/in/sam-lee',
};

function updateProfile(email: string, token: string | null, body: object) {
  const call = request(api.app).put(`/user/${encodeURIComponent(email)}`).send(body);
  return token ? call.set('Authorization', `Bearer ${token}`) : call;
}

describe('PUT /user/:email (profile update)', () => {
  it('saves the caller\'s own profile and GET /user/one reads it back', async () => {
    const me = await accessTokenFor();
    const saved = await updateProfile(me.email, me.token, profile);
    expect(saved.status).toBe(200);
    // The spec's free-text Address is the default saved address, a street line to check: the form opens with it.
    const asSaved = {
      email: me.email,
      ...profile,
      shippingAddress: { fullName: '', street: profile.Address, city: '', postalCode: '', country: '', phone: profile.phone },
      shippingAddressNeedsCheck: true,
    };
    expect(saved.body).toEqual(asSaved);

    const read = await request(api.app).get('/user/one').query({ email: me.email }).set('Authorization', `Bearer ${me.token}`);
    expect(read.status).toBe(200);
    // Only profile fields: no role, id or dates.
    expect(read.body).toEqual(asSaved);
  });

  it('needs the api access token: none or a Firebase ID token is 401', async () => {
    const me = await accessTokenFor();
    expect((await updateProfile(me.email, null, profile)).status).toBe(401);
    expect((await updateProfile(me.email, me.idToken, profile)).status).toBe(401);
  });

  it('requires all four fields and a LinkedIn URL, saying which', async () => {
    const me = await accessTokenFor();
    const missing = await updateProfile(me.email, me.token, { ...profile, linkin: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(validationMessages.linkedinRequired);

    const notUrl = await updateProfile(me.email, me.token, { ...profile, linkin: 'sam-lee' });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.message).toBe(validationMessages.linkedinInvalid);

    const noAddress = await updateProfile(me.email, me.token, { phone: '1', profession: 'x', linkin: profile.linkin });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.message).toBe(validationMessages.profileAddressRequired);

    const extra = await updateProfile(me.email, me.token, { ...profile, role: 'admin' });
    expect(extra.status).toBe(400);
    expect((await api.database.collections.users.findOne({ email: me.email }))?.role).toBe('customer');
  });

  it('stores the values trimmed, refuses blank ones and links that are not web addresses', async () => {
    const me = await accessTokenFor();
    const padded = await updateProfile(me.email, me.token, { ...profile, profession: '  Systems engineer  ' });
    expect(padded.status).toBe(200);
    expect(padded.body.profession).toBe('Systems engineer');

    const blank = await updateProfile(me.email, me.token, { ...profile, profession: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(validationMessages.professionRequired);

    for (const linkin of ['javascript:alert(1)', 'ftp://files.example.com/me', 'https://localhost']) {
      const bad = await updateProfile(me.email, me.token, { ...profile, linkin });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(validationMessages.linkedinInvalid);
    }
    const stored = await api.database.collections.users.findOne({ email: me.email });
    expect(stored).toMatchObject({ profession: 'Systems engineer', linkin: profile.linkin });
  });

  it("refuses to change someone else's profile, even for an admin", async () => {
    const victim = await accessTokenFor();
    expect((await updateProfile(victim.email, admin.token, profile)).status).toBe(403);
    const stored = await api.database.collections.users.findOne({ email: victim.email });
    expect(stored?.Address).toBeUndefined();
  });
});

describe('GET /user/one', () => {
  it("lets a customer read only their own profile; an admin reads anyone's", async () => {
    const [alice, bob] = await Promise.all([accessTokenFor(), accessTokenFor()]);
    const peek = await request(api.app).get('/user/one').query({ email: bob.email }).set('Authorization', `Bearer ${alice.token}`);
    expect(peek.status).toBe(403);
    const byAdmin = await request(api.app).get('/user/one').query({ email: bob.email }).set('Authorization', `Bearer ${admin.token}`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toEqual({ email: bob.email });
  });

  it('answers 400 without an email and 401 without a token', async () => {
    const me = await accessTokenFor();
    const noEmail = await request(api.app).get('/user/one').set('Authorization', `Bearer ${me.token}`);
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe('email is required');
    expect((await request(api.app).get('/user/one').query({ email: me.email })).status).toBe(401);
  });
});

describe('GET /admin/:email', () => {
  it('answers {admin} for the caller', async () => {
    const customer = await accessTokenFor();
    const self = await request(api.app).get(`/admin/${customer.email}`).set('Authorization', `Bearer ${customer.token}`);
    expect(self.body).toEqual({ admin: false });
    const adminSelf = await request(api.app).get(`/admin/${admin.email}`).set('Authorization', `Bearer ${admin.token}`);
    expect(adminSelf.body).toEqual({ admin: true });
  });

  it('lets admins ask about anyone, and gives others 403', async () => {
    const customer = await accessTokenFor();
    const byAdmin = await request(api.app).get(`/admin/${customer.email}`).set('Authorization', `Bearer ${admin.token}`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toEqual({ admin: false });
    const byCustomer = await request(api.app).get(`/admin/${admin.email}`).set('Authorization', `Bearer ${customer.token}`);
    expect(byCustomer.status).toBe(403);
    expect((await request(api.app).get(`/admin/${customer.email}`)).status).toBe(401);
  });

  it('reads the stored role, so a promotion shows before the token is renewed', async () => {
    const customer = await accessTokenFor();
    await api.database.collections.users.updateOne({ email: customer.email }, { $set: { role: 'admin' } });
    const response = await request(api.app).get(`/admin/${customer.email}`).set('Authorization', `Bearer ${customer.token}`);
    expect(response.body).toEqual({ admin: true });
  });
});
