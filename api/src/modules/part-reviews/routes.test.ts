import request from 'supertest';
import { partReviewText } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import { createAccount, createPart, createTestApi, insertOrder, signUpWithAccessToken, type TestApi } from '../../../test/helpers';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

type Account = { email: string; token: string };
const as = (call: request.Test, account: Account) => call.set('Authorization', `Bearer ${account.token}`);
const review = (fields: Partial<{ rating: unknown; title: unknown; text: unknown }> = {}) => ({ rating: 5, title: 'Quiet under load', text: 'Barely audible in long renders.', ...fields });

/** A customer with a paid order of `part`, placed in October 2026. */
async function buyerOf(part: Awaited<ReturnType<typeof createPart>>, displayName = 'Priya Raman'): Promise<Account> {
  const buyer = await signUpWithAccessToken(api, { displayName });
  await insertOrder(api, part, { email: buyer.email, paid: true, status: 'paid', transactionId: 'pi_test', createdAt: new Date(Date.UTC(2026, 9, 14)) });
  return buyer;
}

describe('POST /tools/{id}/reviews', () => {
  it('stores a verified buyer’s review under the account’s name, with the month bought, and rates the part', async () => {
    const part = await createPart(api, { p_quantity: 10 });
    const buyer = await buyerOf(part);
    const response = await as(request(api.app).post(`/tools/${part.id}/reviews`).send(review({ title: '  Quiet under load  ' })), buyer);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      productId: part.id,
      name: 'Priya Raman',
      rating: 5,
      title: 'Quiet under load',
      text: 'Barely audible in long renders.',
      purchasedMonth: '2026-10',
      helpful: 0,
      createdAt: expect.any(String),
    });
    const card = await request(api.app).get(`/tools/${part.id}`);
    expect(card.body.rating).toEqual({ average: 5, count: 1 });
  });

  it('refuses a customer whose paid order is of another part: 403 with a sentence, nothing stored', async () => {
    const [part, other] = await Promise.all([createPart(api, { p_quantity: 10 }), createPart(api, { p_quantity: 10 })]);
    const buyer = await buyerOf(other);
    // An unpaid order of this part does not count either.
    await insertOrder(api, part, { email: buyer.email });
    const response = await as(request(api.app).post(`/tools/${part.id}/reviews`).send(review()), buyer);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: partReviewText.notBuyer });
    expect(await api.database.collections.partReviews.countDocuments({ productId: part._id })).toBe(0);
  });

  it('takes one review per part and account (409), and refuses an admin', async () => {
    const part = await createPart(api, { p_quantity: 10 });
    const buyer = await buyerOf(part);
    expect((await as(request(api.app).post(`/tools/${part.id}/reviews`).send(review()), buyer)).status).toBe(201);
    const again = await as(request(api.app).post(`/tools/${part.id}/reviews`).send(review({ rating: 1 })), buyer);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: partReviewText.alreadyReviewed });
    const admin = await createAccount(api, 'admin');
    await insertOrder(api, part, { email: admin.email, paid: true, status: 'paid', transactionId: 'pi_admin' });
    const byAdmin = await as(request(api.app).post(`/tools/${part.id}/reviews`).send(review()), admin);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toEqual({ message: partReviewText.adminRefused });
    expect(await api.database.collections.partReviews.countDocuments({ productId: part._id })).toBe(1);
  });

  it.each([
    ['no stars', { rating: 0 }, partReviewText.ratingRequired],
    ['six stars', { rating: 6 }, partReviewText.ratingRequired],
    ['half a star', { rating: 4.5 }, partReviewText.ratingRequired],
    ['a blank title', { title: '   ' }, partReviewText.titleRequired],
    ['a title of 121 characters', { title: 'x'.repeat(121) }, partReviewText.titleTooLong],
    ['a text of 2001 characters', { text: 'x'.repeat(2001) }, partReviewText.textTooLong],
  ])('refuses %s with a 400 sentence', async (_label, fields, message) => {
    const part = await createPart(api, { p_quantity: 10 });
    const buyer = await buyerOf(part);
    const response = await as(request(api.app).post(`/tools/${part.id}/reviews`).send(review(fields)), buyer);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });

  it('refuses unknown keys and answers 404 for a part that does not exist', async () => {
    const part = await createPart(api, { p_quantity: 10 });
    const buyer = await buyerOf(part);
    const extra = await as(request(api.app).post(`/tools/${part.id}/reviews`).send({ ...review(), helpful: 99 }), buyer);
    expect(extra.status).toBe(400);
    const missing = await as(request(api.app).post(`/tools/${new ObjectId().toHexString()}/reviews`).send(review()), buyer);
    expect(missing.status).toBe(404);
  });
});

describe('GET /tools/{id}/reviews, edit, delete, helpful and moderation', () => {
  let part: Awaited<ReturnType<typeof createPart>>;
  let first: Account;
  let second: Account;
  let firstId: string;
  let secondId: string;
  beforeAll(async () => {
    part = await createPart(api, { p_quantity: 10 });
    [first, second] = await Promise.all([buyerOf(part, 'First Buyer'), buyerOf(part, 'Second Buyer')]);
    firstId = (await as(request(api.app).post(`/tools/${part.id}/reviews`).send(review({ rating: 4, title: 'Good' })), first)).body._id;
    secondId = (await as(request(api.app).post(`/tools/${part.id}/reviews`).send(review({ rating: 1, title: 'Loud' })), second)).body._id;
  });

  it('answers the summary (average to one decimal, count, histogram) and the newest first, paged', async () => {
    const response = await request(api.app).get(`/tools/${part.id}/reviews?limit=1`);
    expect(response.status).toBe(200);
    expect(response.body.summary).toEqual({ average: 2.5, count: 2, histogram: [1, 0, 0, 1, 0] });
    expect(response.body).toMatchObject({ total: 2, page: 1, pages: 2 });
    expect(response.body.items.map((item: { title: string }) => item.title)).toEqual(['Loud']);
    // The author's email never reaches the public.
    expect(JSON.stringify(response.body)).not.toContain(first.email);
  });

  it('counts "helpful" once per account, never the author’s own, and sorts by it', async () => {
    const mark = (account: Account, id: string) => as(request(api.app).post(`/tools/${part.id}/reviews/${id}/helpful`), account);
    const voter = await signUpWithAccessToken(api);
    expect((await mark(voter, firstId)).body.helpful).toBe(1);
    const twice = await mark(voter, firstId);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: partReviewText.alreadyHelpful });
    const own = await mark(first, firstId);
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ message: partReviewText.ownHelpful });
    const helpful = await request(api.app).get(`/tools/${part.id}/reviews?sort=helpful`);
    expect(helpful.body.items.map((item: { title: string }) => item.title)).toEqual(['Good', 'Loud']);
    const mine = await as(request(api.app).get(`/tools/${part.id}/reviews/mine`), voter);
    expect(mine.body).toEqual({ canReview: false, review: null, helpfulIds: [firstId] });
  });

  it('lets the author edit and delete, and another customer neither (403)', async () => {
    const edited = await as(request(api.app).put(`/tools/${part.id}/reviews/${secondId}`).send(review({ rating: 3, title: 'Louder than hoped' })), second);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ rating: 3, title: 'Louder than hoped', updatedAt: expect.any(String) });
    expect((await request(api.app).get(`/tools/${part.id}/reviews`)).body.summary).toEqual({ average: 3.5, count: 2, histogram: [0, 0, 1, 1, 0] });

    const notYours = await as(request(api.app).put(`/tools/${part.id}/reviews/${secondId}`).send(review({ rating: 5 })), first);
    expect(notYours.status).toBe(403);
    expect(notYours.body).toEqual({ message: partReviewText.notYours });
    expect((await as(request(api.app).delete(`/tools/${part.id}/reviews/${secondId}`), first)).status).toBe(403);

    const mine = await as(request(api.app).get(`/tools/${part.id}/reviews/mine`), second);
    expect(mine.body).toMatchObject({ canReview: true, review: { _id: secondId, hidden: false } });
    expect((await as(request(api.app).delete(`/tools/${part.id}/reviews/${secondId}`), second)).status).toBe(200);
    expect((await request(api.app).get(`/tools/${part.id}`)).body.rating).toEqual({ average: 4, count: 1 });
  });

  it('lets an admin hide a review: it leaves the page and the rating, and the moderation list filters', async () => {
    const admin = await createAccount(api, 'admin');
    const hidden = await as(request(api.app).patch(`/part-reviews/${firstId}`).send({ hidden: true }), admin);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ _id: firstId, hidden: true, partName: part.name, authorEmail: first.email });
    const page = await request(api.app).get(`/tools/${part.id}/reviews`);
    expect(page.body.items).toEqual([]);
    expect(page.body.summary).toEqual({ average: 0, count: 0, histogram: [0, 0, 0, 0, 0] });
    expect((await request(api.app).get(`/tools/${part.id}`)).body.rating).toBeUndefined();

    const list = await as(request(api.app).get(`/part-reviews?productId=${part.id}&hidden=true`), admin);
    expect(list.body.items.map((item: { _id: string }) => item._id)).toEqual([firstId]);
    expect((await as(request(api.app).get(`/part-reviews?productId=${part.id}&hidden=false`), admin)).body.total).toBe(0);
    expect((await as(request(api.app).patch(`/part-reviews/${firstId}`).send({ hidden: false }), admin)).body.hidden).toBe(false);
    expect((await request(api.app).get(`/tools/${part.id}`)).body.rating).toEqual({ average: 4, count: 1 });
  });
});

describe('GET /tools sorted and filtered by rating', () => {
  it('puts the best rated first and keeps "4 stars & up" only', async () => {
    const [good, poor] = await Promise.all([createPart(api, { p_quantity: 10 }), createPart(api, { p_quantity: 10 })]);
    const [a, b] = await Promise.all([buyerOf(good), buyerOf(poor)]);
    await as(request(api.app).post(`/tools/${good.id}/reviews`).send(review({ rating: 5 })), a);
    await as(request(api.app).post(`/tools/${poor.id}/reviews`).send(review({ rating: 2 })), b);
    const sorted = await request(api.app).get('/tools?sort=rating&limit=50');
    const ids = sorted.body.items.map((item: { _id: string }) => item._id);
    expect(ids.indexOf(good.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(good.id)).toBeLessThan(ids.indexOf(poor.id));
    const fourUp = await request(api.app).get('/tools?minRating=4&limit=50');
    const fourUpIds = fourUp.body.items.map((item: { _id: string }) => item._id);
    expect(fourUpIds).toContain(good.id);
    expect(fourUpIds).not.toContain(poor.id);
    for (const item of fourUp.body.items) expect(item.rating.average).toBeGreaterThanOrEqual(4);
  });
});
