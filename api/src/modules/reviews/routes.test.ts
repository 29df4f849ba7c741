import request from 'supertest';
import { validationMessages } from '@pcpp/contracts/core';
import { seedDemoData } from '../../db/seed';
import { seedReviews } from '../../db/seed-data';
import { createTestApi, signUpWithAccessToken, type TestApi, uniqueEmail } from '../../../test/helpers';

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
