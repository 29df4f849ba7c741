import { accountText, ADDRESS_BOOK_MAX, validationMessages } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { createPart, createTestApi, inboxOf, signUpWithAccessToken, type TestApi } from '../../../test/helpers';

// The address book (issue 46): up to ten saved addresses, one the default, shared by Settings, the
// checkout and the spec's My Profile, whose free-text Address is never lost.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const home = { fullName: 'Sam Lee', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' };
const office = { fullName: 'Sam Lee', street: '1 Market Street', city: 'San Francisco', postalCode: '94103', country: 'US', region: 'CA', phone: '+1 415 555 0100' };

const as = (token: string) => ({
  list: () => request(api.app).get('/me/addresses').set('Authorization', `Bearer ${token}`),
  add: (body: object) => request(api.app).post('/me/addresses').set('Authorization', `Bearer ${token}`).send(body),
  edit: (id: string, body: object) => request(api.app).patch(`/me/addresses/${id}`).set('Authorization', `Bearer ${token}`).send(body),
  remove: (id: string) => request(api.app).delete(`/me/addresses/${id}`).set('Authorization', `Bearer ${token}`),
  profile: (email: string) => request(api.app).get('/user/one').query({ email }).set('Authorization', `Bearer ${token}`),
  putProfile: (email: string, body: object) => request(api.app).put(`/user/${encodeURIComponent(email)}`).set('Authorization', `Bearer ${token}`).send(body),
});

describe('GET/POST/PATCH/DELETE /me/addresses', () => {
  it('keeps up to ten addresses, the first the default; another becomes it when asked, and the profile shows it', async () => {
    const me = await signUpWithAccessToken(api);
    const calls = as(me.token);
    expect((await calls.list()).body).toEqual({ addresses: [], max: ADDRESS_BOOK_MAX });
    const first = await calls.add({ label: 'Home', address: home });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ _id: expect.any(String), label: 'Home', isDefault: true, ...home });
    const second = await calls.add({ label: 'Office', address: office });
    expect(second.body.isDefault).toBe(false);
    expect((await calls.list()).body.addresses.map((entry: { label: string }) => entry.label)).toEqual(['Home', 'Office']);

    const made = await calls.edit(second.body._id, { makeDefault: true });
    expect(made.body).toEqual({ ...second.body, isDefault: true });
    const listed = (await calls.list()).body.addresses;
    expect(listed.map((entry: { label: string; isDefault: boolean }) => [entry.label, entry.isDefault])).toEqual([['Office', true], ['Home', false]]);
    // The spec's My Profile: Address is the default on one line, and the checkout starts from it.
    const profile = (await calls.profile(me.email)).body;
    expect(profile.Address).toBe('Sam Lee, 1 Market Street, San Francisco, CA 94103, United States');
    expect(profile.shippingAddress).toEqual(office);
    // Number: the phone given with the address when the profile has none of its own.
    expect(profile.phone).toBe(office.phone);

    // Deleting the default gives its place to the address left.
    expect((await calls.remove(second.body._id)).body).toEqual({ deleted: true });
    expect((await calls.list()).body.addresses).toEqual([{ ...first.body, isDefault: true }]);
    expect((await calls.profile(me.email)).body.shippingAddress).toEqual(home);

    // Each change emailed the account and landed in Activity.
    await api.outbox.idle();
    expect((await inboxOf(me.email)).filter((message) => message.subject === 'Your saved addresses changed')).toHaveLength(4);
    expect(await api.database.collections.activity.countDocuments({ action: 'user.addressesChanged', actor: me.email })).toBe(4);
  });

  it('edits the label (null removes it) and the whole address; refuses the eleventh, another’s id and bad input', async () => {
    const me = await signUpWithAccessToken(api);
    const other = await signUpWithAccessToken(api);
    const calls = as(me.token);
    const saved = (await calls.add({ label: 'Home', address: home })).body;
    expect((await calls.edit(saved._id, { label: null })).body).toEqual({ _id: saved._id, isDefault: true, ...home });
    expect((await calls.edit(saved._id, { label: '  Flat  ', address: office })).body).toEqual({ _id: saved._id, label: 'Flat', isDefault: true, ...office });
    expect((await calls.edit(saved._id, {})).body).toEqual({ message: accountText.addressNothingToChange, issues: expect.any(Array) });
    expect((await calls.edit(saved._id, { makeDefault: false })).status).toBe(400);
    // Another account's saved address is not found, not forbidden: its existence is nobody's business.
    expect((await as(other.token).edit(saved._id, { label: 'Mine' })).status).toBe(404);
    expect((await as(other.token).remove(saved._id)).status).toBe(404);
    expect((await calls.remove(new ObjectId().toHexString())).body).toEqual({ message: accountText.addressNotFound });
    // Text-direction controls, an unknown field, a US address without its state.
    const bidi = await calls.add({ address: { ...home, fullName: 'Sam \u202ELee' } });
    expect(bidi.status).toBe(400);
    expect(bidi.body.message).toBe(validationMessages.textDirectionControls);
    expect((await calls.add({ label: 'Home\u2066', address: home })).status).toBe(400);
    expect((await calls.add({ address: home, isDefault: true })).status).toBe(400);
    expect((await calls.add({ address: { ...office, region: undefined } })).status).toBe(400);

    for (let count = 1; count < ADDRESS_BOOK_MAX; count += 1) expect((await calls.add({ address: home })).status).toBe(201);
    const full = await calls.add({ address: home });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ message: accountText.addressBookFull });
  });
});

describe('the spec’s free-text Address', () => {
  it('becomes the first saved address at the first read, a street line to check: My Profile’s form opens with it', async () => {
    const me = await signUpWithAccessToken(api);
    // Saved as the spec's profile saves it: one line of text, nothing structured.
    await api.database.collections.users.updateOne({ email: me.email }, { $set: { Address: '7 Old Lane, Bath BA1 1AA', phone: '+44 7700 900999', profession: 'Baker', linkin: 'https://www.linkedin.com/in/x' } });
    const profile = (await as(me.token).profile(me.email)).body;
    expect(profile).toEqual({
      email: me.email,
      Address: '7 Old Lane, Bath BA1 1AA',
      phone: '+44 7700 900999',
      profession: 'Baker',
      linkin: 'https://www.linkedin.com/in/x',
      shippingAddress: { fullName: '', street: '7 Old Lane, Bath BA1 1AA', city: '', postalCode: '', country: '', phone: '+44 7700 900999' },
      shippingAddressNeedsCheck: true,
    });
    // Stored at that first read: the same id on every read after.
    const [entry] = (await as(me.token).list()).body.addresses;
    expect(entry).toEqual(expect.objectContaining({ needsCheck: true, isDefault: true, street: '7 Old Lane, Bath BA1 1AA' }));
    expect((await as(me.token).list()).body.addresses[0]._id).toBe(entry._id);
    // Checked: filled in and saved, it is an address like the others.
    expect((await as(me.token).edit(entry._id, { address: home })).body).toEqual({ _id: entry._id, isDefault: true, ...home });
  });

  it('PUT /user/{email} with a free-text Address still works: unchanged when it is the one shown, else the default to check', async () => {
    const me = await signUpWithAccessToken(api);
    const calls = as(me.token);
    await calls.add({ label: 'Home', address: home });
    const shown = (await calls.profile(me.email)).body.Address;
    const same = await calls.putProfile(me.email, { Address: shown, phone: '+44 7700 900123', profession: 'Engineer', linkin: 'https://www.linkedin.com/in/sam' });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(expect.objectContaining({ Address: shown, shippingAddress: home, profession: 'Engineer' }));
    expect((await calls.list()).body.addresses).toHaveLength(1);

    const typed = await calls.putProfile(me.email, { Address: 'c/o Harbour Office, Pier 3', phone: '+44 7700 900123', profession: 'Engineer', linkin: 'https://www.linkedin.com/in/sam' });
    expect(typed.body).toEqual(expect.objectContaining({ Address: 'c/o Harbour Office, Pier 3', shippingAddressNeedsCheck: true }));
    const book = (await calls.list()).body.addresses;
    expect(book.map((entry: { label?: string; isDefault: boolean; needsCheck?: true }) => [entry.label ?? null, entry.isDefault, entry.needsCheck ?? false])).toEqual([
      [null, true, true],
      ['Home', false, false],
    ]);
  });
});

describe('the checkout’s "save this address"', () => {
  it('keeps the address in the book as the default, once', async () => {
    const me = await signUpWithAccessToken(api);
    const part = await createPart(api, { p_quantity: 10 });
    const place = (key: string, saveAddress: boolean) =>
      request(api.app)
        .post('/checkout')
        .set('Authorization', `Bearer ${me.token}`)
        .set('Idempotency-Key', key)
        .send({ lines: [{ productId: part.id, quantity: 1 }], address: office, saveAddress });
    await as(me.token).add({ label: 'Home', address: home });
    expect((await place(`a-${me.uid}`, true)).status).toBe(201);
    expect((await place(`b-${me.uid}`, true)).status).toBe(201);
    const book = (await as(me.token).list()).body.addresses;
    expect(book.map((entry: { street: string; isDefault: boolean }) => [entry.street, entry.isDefault])).toEqual([
      [office.street, true],
      [home.street, false],
    ]);
  });
});

describe('names shown publicly', () => {
  it('a display name with a direction override becomes a review author without it', async () => {
    const eve = await signUpWithAccessToken(api, { displayName: 'Eve \u202Enimda' });
    const posted = await request(api.app).post('/addReview').set('Authorization', `Bearer ${eve.token}`).send({ ratings: '5', review: 'Trust me.' });
    expect(posted.status).toBe(201);
    expect(posted.body.name).toBe('Eve nimda');
    // One stored before the rule is made safe where it is shown.
    await api.database.collections.reviews.insertOne({ name: 'Mallory \u2067x', review: 'Old one.', ratings: 4, createdAt: new Date() });
    const names = (await request(api.app).get('/reviews')).body.map((review: { name: string }) => review.name);
    expect(names).toEqual(expect.arrayContaining(['Eve nimda', 'Mallory x']));
    expect(names.join('')).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it('a build’s name is refused with one, and one stored before shows without it', async () => {
    const me = await signUpWithAccessToken(api);
    const part = await createPart(api, { p_quantity: 1 });
    const refused = await request(api.app).post('/builds').set('Authorization', `Bearer ${me.token}`).send({ name: 'Safe \u202Eevil', parts: { motherboard: part.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(validationMessages.textDirectionControls);
    const now = new Date();
    const { insertedId } = await api.database.collections.builds.insertOne({ ownerId: 'x', ownerEmail: me.email, name: 'Old \u202Ebuild', cpu: null, parts: { motherboard: part._id }, createdAt: now, updatedAt: now });
    expect((await request(api.app).get(`/builds/${insertedId.toHexString()}`)).body.name).toBe('Old build');
  });
});
