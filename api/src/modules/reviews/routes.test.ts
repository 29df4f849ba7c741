import request from 'supertest';
import { reviewText, validationMessages } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import { seedDemoData } from '../../db/seed';
import { seedReviews } from '../../db/seed-data';
import { createAccount, createTestApi, signUpWithAccessToken, type TestApi, uniqueEmail } from '../../../test/helpers';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  await seedDemoData(api.database.collections);
});
afterAll(() => api.close());

function postReview(token: string | null, body: object) {
  const call = request(api.app).post('/addReview').send(body);
  return token ? call.set('Authorization', `Bearer ${token}`) : call;
}

describe('GET /reviews', () => {
  it('lists every review, newest last, without a token', async () => {
    await api.database.collections.reviews.insertOne({
      name: 'Newest',
      review: 'Just arrived',
      ratings: 5,
      createdAt: new Date(),
    });
    const response = await request(api.app).get('/reviews');
    expect(response.status).toBe(200);
    expect(response.headers.etag).toBeDefined();
    expect(response.body).toHaveLength(seedReviews.length + 1);
    expect(response.body.at(-1)).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Newest',
      review: 'Just arrived',
      ratings: 5,
    });
    expect(response.body[0].name).toBe(seedReviews[0]!.name);
  });
});

describe('POST /addReview', () => {
  let reviewer: Awaited<ReturnType<typeof signUpWithAccessToken>>;
  beforeAll(async () => {
    reviewer = await signUpWithAccessToken(api, { displayName: 'Priya Raman' });
  });

  it('stores the review under the account, ratings as a whole number, the text trimmed', async () => {
    const response = await postReview(reviewer.token, { ratings: '4', review: '  Quiet cooler, fast delivery.  ' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Priya Raman',
      review: 'Quiet cooler, fast delivery.',
      ratings: 4,
    });
    const stored = await api.database.collections.reviews.findOne({ review: 'Quiet cooler, fast delivery.' });
    expect(stored).toMatchObject({ ratings: 4, authorEmail: reviewer.email, createdAt: expect.any(Date) });
    expect(typeof stored?.ratings).toBe('number');
  });

  it('comes last in GET /reviews, which the home page reads', async () => {
    const text = `Newest review ${uniqueEmail()}`;
    expect((await postReview(reviewer.token, { ratings: '5', review: text })).status).toBe(201);
    const list = await request(api.app).get('/reviews');
    expect(list.body.at(-1)).toMatchObject({ name: 'Priya Raman', review: text, ratings: 5 });
    // The author's email stays on the server.
    expect(Object.keys(list.body.at(-1)).sort()).toEqual(['_id', 'name', 'ratings', 'review']);
  });

  it("keeps the author's account id with the review", async () => {
    const response = await postReview(reviewer.token, { ratings: '5', review: 'Kept with my account id.' });
    expect(response.status).toBe(201);
    const account = await api.database.collections.users.findOne({ email: reviewer.email });
    const stored = await api.database.collections.reviews.findOne({ _id: ObjectId.createFromHexString(response.body._id) });
    expect(stored?.authorId).toEqual(account?._id);
    expect(stored?.authorEmail).toBe(reviewer.email);
  });

  it('refuses an admin account with a 403 and a sentence, whatever the display name, and stores nothing', async () => {
    const admin = await createAccount(api, 'admin');
    const before = await api.database.collections.reviews.countDocuments({});
    const response = await postReview(admin.token, { name: 'Demo Admin', ratings: '5', review: 'All prices drop 90% today' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: reviewText.adminRefused });
    expect(await api.database.collections.reviews.countDocuments({})).toBe(before);
  });

  it("ignores a name in the body: the stored name is the account's", async () => {
    const response = await postReview(reviewer.token, { name: 'Someone Famous', ratings: '3', review: 'Fine.' });
    expect(response.status).toBe(201);
    expect(response.body.name).toBe('Priya Raman');
    expect(await api.database.collections.reviews.countDocuments({ name: 'Someone Famous' })).toBe(0);
  });

  it('names an account without a display name by the part of its email before the @', async () => {
    const plain = await signUpWithAccessToken(api, { email: `sam.lee-${Date.now()}@example.com` });
    const response = await postReview(plain.token, { ratings: '2', review: 'Box was dented.' });
    expect(response.status).toBe(201);
    expect(response.body.name).toBe(plain.email.split('@')[0]);
  });

  it('needs the api access token: none, garbage or a Firebase ID token is 401', async () => {
    const body = { ratings: '5', review: 'Great' };
    const before = await api.database.collections.reviews.countDocuments({});
    expect((await postReview(null, body)).status).toBe(401);
    expect((await postReview('not.a.token', body)).status).toBe(401);
    expect((await postReview(reviewer.idToken, body)).status).toBe(401);
    expect(await api.database.collections.reviews.countDocuments({})).toBe(before);
  });

  it.each(['6', '-1', 'abc', '2.5', ' 3'])('refuses ratings %j with 400', async (ratings) => {
    const response = await postReview(reviewer.token, { ratings, review: 'Okay' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('ratings must be a whole number from 0 to 5');
  });

  it('says the spec messages for missing input', async () => {
    const noRatings = await postReview(reviewer.token, { review: 'Okay' });
    expect(noRatings.status).toBe(400);
    expect(noRatings.body.message).toBe(validationMessages.ratingsRequired);

    const emptyRatings = await postReview(reviewer.token, { ratings: '', review: 'Okay' });
    expect(emptyRatings.body.message).toBe(validationMessages.ratingsRequired);

    const blank = await postReview(reviewer.token, { ratings: '3', review: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(validationMessages.reviewRequired);

    const nothing = await request(api.app).post('/addReview').set('Authorization', `Bearer ${reviewer.token}`);
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(validationMessages.ratingsRequired);
  });

  it('limits the text to 1000 characters after trimming, and refuses unknown fields', async () => {
    expect((await postReview(reviewer.token, { ratings: '1', review: ` ${'a'.repeat(1000)} ` })).status).toBe(201);
    const long = await postReview(reviewer.token, { ratings: '1', review: 'a'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('review must be 1000 characters or fewer');

    const extra = await postReview(reviewer.token, { ratings: '1', review: 'ok', authorEmail: 'x@example.com' });
    expect(extra.status).toBe(400);
    const object = await postReview(reviewer.token, { ratings: { $gt: '' }, review: 'ok' });
    expect(object.status).toBe(400);
  });

  it('refuses an account that is gone from the identity provider', async () => {
    const leaving = await signUpWithAccessToken(api);
    await fetch(
      `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:delete?key=fake-api-key`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken: leaving.idToken }) },
    );
    const response = await postReview(leaving.token, { ratings: '5', review: 'Ghost review' });
    expect(response.status).toBe(401);
    expect(await api.database.collections.reviews.countDocuments({ review: 'Ghost review' })).toBe(0);
  });
});

describe('what the public is served', () => {
  /** A review straight into the database, `minutesAgo` old. */
  async function insertReview(fields: { name: string; minutesAgo: number; hidden?: boolean; authorEmail?: string }) {
    const { minutesAgo, ...rest } = fields;
    const { insertedId } = await api.database.collections.reviews.insertOne({
      review: `Review by ${fields.name}`,
      ratings: 4,
      createdAt: new Date(Date.now() - minutesAgo * 60_000 + 3_600_000),
      ...rest,
    });
    return insertedId.toHexString();
  }

  let hiddenId: string;
  beforeAll(async () => {
    // An hour ahead of the other tests' reviews, so these are the newest.
    for (const [index, name] of ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh'].entries()) {
      await insertReview({ name, minutesAgo: 10 - index });
    }
    hiddenId = await insertReview({ name: 'Spammer', minutesAgo: 1, hidden: true });
  });

  const names = (list: { name: string }[]) => list.map((review) => review.name);

  it('GET /reviews leaves hidden reviews out of the plain array', async () => {
    const response = await request(api.app).get('/reviews');
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    expect(names(response.body)).not.toContain('Spammer');
    expect(names(response.body).slice(-2)).toEqual(['Sixth', 'Seventh']);
  });

  it('GET /reviews?sort=newest&limit=6 answers the six newest shown reviews, newest first, as a page', async () => {
    const response = await request(api.app).get('/reviews?sort=newest&limit=6');
    expect(response.status).toBe(200);
    const total = (await request(api.app).get('/reviews')).body.length;
    expect(response.body).toMatchObject({ page: 1, total, pages: Math.ceil(total / 6) });
    expect(names(response.body.items)).toEqual(['Seventh', 'Sixth', 'Fifth', 'Fourth', 'Third', 'Second']);
    expect(Object.keys(response.body.items[0]).sort()).toEqual(['_id', 'name', 'ratings', 'review']);
    const second = await request(api.app).get('/reviews?sort=newest&limit=6&page=2');
    expect(names(second.body.items)[0]).toBe('First');
  });

  it.each([
    ['?sort=oldest', 'sort must be newest'],
    ['?limit=0', 'limit must be a whole number from 1 to 50'],
    ['?limit=51', 'limit must be a whole number from 1 to 50'],
    ['?limit=six', 'limit must be a whole number from 1 to 50'],
    ['?hidden=true', 'Unknown query parameter "hidden": use sort, page, limit'],
    ['?sort[$ne]=x', 'Unknown query parameter "sort[$ne]": use sort, page, limit'],
  ])('GET /reviews%s is a 400', async (query, message) => {
    const response = await request(api.app).get(`/reviews${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('marks a review whose author is an admin account, so it cannot pass for a customer', async () => {
    const admin = await createAccount(api, 'admin');
    // Written before the api refused admins (or by a customer promoted since).
    await insertReview({ name: 'Demo Admin', minutesAgo: 0, authorEmail: admin.email });
    const latest = (await request(api.app).get('/reviews?sort=newest&limit=1')).body.items[0];
    expect(latest).toMatchObject({ name: 'Demo Admin', byAdmin: true });
    const plain = (await request(api.app).get('/reviews')).body.at(-1);
    expect(plain).toMatchObject({ name: 'Demo Admin', byAdmin: true });
    await api.database.collections.reviews.deleteOne({ name: 'Demo Admin' });
  });

  it('serves the lists through the createdAt_id index', async () => {
    const indexes = await api.database.collections.reviews.indexes();
    expect(indexes).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'createdAt_id', key: { createdAt: 1, _id: 1 } })]));
  });

  describe('moderation', () => {
    let admin: { email: string; token: string };
    beforeAll(async () => {
      admin = await createAccount(api, 'admin');
    });
    const patch = (id: string, body: unknown, token = admin.token) =>
      request(api.app).patch(`/reviews/${id}`).set('Authorization', `Bearer ${token}`).send(body as object);
    const activity = () => api.database.collections.activity.find({}).sort({ at: 1, _id: 1 }).toArray();

    it('hides a review at once from both public lists, records it once, and shows it again', async () => {
      const id = await insertReview({ name: 'Eighth', minutesAgo: 0.5 });
      expect(names((await request(api.app).get('/reviews?sort=newest&limit=6')).body.items)[0]).toBe('Eighth');

      const hide = await patch(id, { hidden: true });
      expect(hide.status).toBe(200);
      expect(hide.body).toEqual({
        _id: id,
        name: 'Eighth',
        review: 'Review by Eighth',
        ratings: 4,
        hidden: true,
        createdAt: expect.any(String),
      });
      expect(names((await request(api.app).get('/reviews?sort=newest&limit=6')).body.items)).not.toContain('Eighth');
      expect(names((await request(api.app).get('/reviews')).body)).not.toContain('Eighth');
      // Hiding a hidden review changes nothing and records nothing.
      expect((await patch(id, { hidden: true })).body.hidden).toBe(true);

      const show = await patch(id, { hidden: false });
      expect(show.status).toBe(200);
      expect(show.body.hidden).toBe(false);
      expect(names((await request(api.app).get('/reviews?sort=newest&limit=6')).body.items)[0]).toBe('Eighth');

      expect((await activity()).map(({ action, actor, target }) => ({ action, actor, target }))).toEqual([
        { action: 'review.hidden', actor: admin.email, target: 'Eighth: “Review by Eighth”' },
        { action: 'review.shown', actor: admin.email, target: 'Eighth: “Review by Eighth”' },
      ]);
      await api.database.collections.reviews.deleteOne({ name: 'Eighth' });
      await api.database.collections.activity.deleteMany({});
    });

    it('answers 404 for an unknown review and 400 for a malformed id, changing nothing', async () => {
      const unknown = await patch(new ObjectId().toHexString(), { hidden: true });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'Review not found' });
      const malformed = await patch('not-an-id', { hidden: true });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('Invalid review id');
      expect(await activity()).toEqual([]);
    });

    it.each([
      [{}, 'hidden must be true or false'],
      [{ hidden: 'true' }, 'hidden must be true or false'],
      [{ hidden: { $ne: false } }, 'hidden must be true or false'],
      [{ hidden: true, name: 'Renamed' }, undefined],
      [[true], undefined],
    ])('refuses the body %j with a 400', async (body, message) => {
      const id = await insertReview({ name: 'Untouched', minutesAgo: 30 });
      const response = await patch(id, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(message ?? expect.any(String));
      expect(await api.database.collections.reviews.findOne({ _id: ObjectId.createFromHexString(id) })).toMatchObject({
        name: 'Untouched',
      });
      expect((await api.database.collections.reviews.findOne({ _id: ObjectId.createFromHexString(id) }))?.hidden).toBeUndefined();
      await api.database.collections.reviews.deleteMany({ name: 'Untouched' });
    });

    it('refuses a query parameter on PATCH', async () => {
      const response = await request(api.app)
        .patch(`/reviews/${hiddenId}?hidden=false`)
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ hidden: true });
      expect(response.status).toBe(400);
    });

    it('GET /reviews/all lists every review for admins, hidden ones and authors included, newest first', async () => {
      const customer = await signUpWithAccessToken(api, { displayName: 'Listed Customer' });
      expect((await postReview(customer.token, { ratings: '3', review: 'Listed for the admin.' })).status).toBe(201);
      const response = await request(api.app).get('/reviews/all?limit=50').set('Authorization', `Bearer ${admin.token}`);
      expect(response.status).toBe(200);
      const items = response.body.items as { name: string; hidden: boolean; author?: unknown }[];
      expect(response.body.total).toBe(await api.database.collections.reviews.countDocuments({}));
      expect(items.find((item) => item.name === 'Spammer')).toMatchObject({ hidden: true });
      expect(items.find((item) => item.name === 'Listed Customer')).toEqual({
        _id: expect.any(String),
        name: 'Listed Customer',
        review: 'Listed for the admin.',
        ratings: 3,
        hidden: false,
        author: { email: customer.email, admin: false },
        createdAt: expect.any(String),
      });
      // Seeded reviews have no account behind them.
      expect(items.find((item) => item.name === seedReviews[0]!.name)).not.toHaveProperty('author');
      const names = items.map((item) => item.name);
      expect(names.indexOf('Spammer')).toBeLessThan(names.indexOf('First'));
    });

    it.each([
      ['?hidden=true', 'Unknown query parameter "hidden": use page, limit'],
      ['?page=0', 'page must be a whole number from 1 to 1000000'],
    ])('GET /reviews/all%s is a 400', async (query, message) => {
      const response = await request(api.app).get(`/reviews/all${query}`).set('Authorization', `Bearer ${admin.token}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    });
  });
});
