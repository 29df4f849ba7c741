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

describe('"Was this helpful?" that cannot be farmed', () => {
  // Its own api: low limits, and addresses read from X-Forwarded-For (a proxy in front).
  let votes: TestApi;
  let part: Awaited<ReturnType<typeof createPart>>;
  let reviewId: string;
  let admin: Account;
  beforeAll(async () => {
    votes = await createTestApi({ TRUST_PROXY: 'true', HELPFUL_VOTES_PER_ACCOUNT: '2', HELPFUL_VOTES_PER_ADDRESS: '4', HELPFUL_BURST_VOTES: '3', HELPFUL_NEW_ACCOUNT_DAYS: '7' });
    part = await createPart(votes, { p_quantity: 10 });
    const author = await signUpWithAccessToken(votes);
    await insertOrder(votes, part, { email: author.email, paid: true, status: 'paid', transactionId: 'pi_test' });
    reviewId = (await as(request(votes.app).post(`/tools/${part.id}/reviews`).send(review()), author)).body._id;
    admin = await createAccount(votes, 'admin');
  });
  afterAll(() => votes.close());

  let address = 0;
  /** A fresh address each call unless one is given. */
  const mark = (account: Account, id = reviewId, from = `203.0.113.${(address += 1)}`) =>
    as(request(votes.app).post(`/tools/${part.id}/reviews/${id}/helpful`).set('X-Forwarded-For', from), account);
  /** An account made `days` ago (its first sign-in), so not new. */
  async function olderAccount(days = 30): Promise<Account> {
    const account = await signUpWithAccessToken(votes);
    const { sub } = await votes.accessTokens.verify(account.token);
    await votes.database.collections.users.updateOne({ _id: new ObjectId(sub) }, { $set: { createdAt: new Date(Date.now() - days * 86_400_000) } });
    return account;
  }
  const publicCount = async () => (await request(votes.app).get(`/tools/${part.id}/reviews`)).body.items.find((item: { _id: string }) => item._id === reviewId).helpful;

  it('takes no vote from an account whose email is not verified', async () => {
    const unverified = await signUpWithAccessToken(votes, { emailVerified: false });
    const response = await mark(unverified);
    expect([response.status, response.body]).toEqual([403, { message: partReviewText.verifyToVote }]);
    expect(await votes.database.collections.partReviewVotes.countDocuments({ reviewId: new ObjectId(reviewId) })).toBe(0);
  });

  it('limits the votes of one account a day, and of one address a day, with a sentence and Retry-After', async () => {
    // Three more reviews of other parts for one account to vote on.
    const others: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const other = await createPart(votes, { p_quantity: 3 });
      const author = await signUpWithAccessToken(votes);
      await insertOrder(votes, other, { email: author.email, paid: true, status: 'paid', transactionId: 'pi_test' });
      const id = (await as(request(votes.app).post(`/tools/${other.id}/reviews`).send(review()), author)).body._id as string;
      others.push(`${other.id}/reviews/${id}`);
    }
    const voter = await olderAccount();
    const vote = (path: string, from: string) => as(request(votes.app).post(`/tools/${path}/helpful`).set('X-Forwarded-For', from), voter);
    expect((await vote(others[0]!, '198.51.100.1')).status).toBe(200);
    expect((await vote(others[1]!, '198.51.100.2')).status).toBe(200);
    const third = await vote(others[2]!, '198.51.100.3');
    expect([third.status, third.body.message]).toEqual([429, partReviewText.votesPerAccount(2)]);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    // One address: four votes a day, whatever the accounts.
    const shared = '198.51.100.77';
    const fromShared = async (path: string) => as(request(votes.app).post(`/tools/${path}/helpful`).set('X-Forwarded-For', shared), await olderAccount());
    for (let n = 0; n < 4; n += 1) expect((await fromShared(others[n % 3]!)).status).toBe(200);
    const fifth = await fromShared(others[0]!);
    expect([fifth.status, fifth.body.message]).toEqual([429, partReviewText.votesPerAddress]);
    // The address is kept only keyed-hashed.
    const stored = await votes.database.collections.partReviewVotes.find({}).toArray();
    expect(stored.every((vote) => vote.addressHash && !vote.addressHash.includes('198.51'))).toBe(true);
  });

  it('holds back a burst of new accounts’ votes on one review until an admin counts or discards them', async () => {
    const before = await publicCount();
    // An established account's vote counts at once.
    expect((await mark(await olderAccount())).body.helpful).toBe(before + 1);
    // New accounts: two count, the third makes a burst and all three are held back.
    const fresh = await Promise.all([1, 2, 3, 4, 5].map(() => signUpWithAccessToken(votes)));
    expect((await mark(fresh[0]!)).body.helpful).toBe(before + 2);
    expect((await mark(fresh[1]!)).body.helpful).toBe(before + 3);
    const burst = await mark(fresh[2]!);
    expect([burst.status, burst.body.helpful]).toEqual([200, before + 1]);
    expect(await publicCount()).toBe(before + 1);
    // The voter sees its vote taken (the button says thanks); later new accounts join the held ones.
    expect((await as(request(votes.app).get(`/tools/${part.id}/reviews/mine`), fresh[2]!)).body.helpfulIds).toEqual([reviewId]);
    expect((await mark(fresh[3]!)).body.helpful).toBe(before + 1);

    // The admin's Reviews page lists the review with its held votes; discarding drops them.
    const held = await as(request(votes.app).get('/part-reviews?heldVotes=true'), admin);
    expect(held.body.items.map((item: { _id: string; heldVotes: number }) => [item._id, item.heldVotes])).toEqual([[reviewId, 4]]);
    expect((await as(request(votes.app).get('/part-reviews?heldVotes=false'), admin)).body.items.some((item: { _id: string }) => item._id === reviewId)).toBe(false);
    const discarded = await as(request(votes.app).post(`/part-reviews/${reviewId}/held-votes`).send({ decision: 'discard' }), admin);
    expect(discarded.body).toMatchObject({ heldVotes: 0, helpful: before + 1 });
    expect((await as(request(votes.app).get('/activity?limit=1'), admin)).body.items[0]).toMatchObject({ action: 'review.votesDiscarded', details: '4 votes' });

    // Another burst, counted this time: the votes count, and are never held again.
    await votes.database.collections.partReviewVotes.deleteMany({ reviewId: new ObjectId(reviewId), newAccount: true });
    const more = await Promise.all([1, 2, 3].map(() => signUpWithAccessToken(votes)));
    for (const account of more) await mark(account);
    expect((await as(request(votes.app).get('/part-reviews?heldVotes=true'), admin)).body.items[0]).toMatchObject({ _id: reviewId, heldVotes: 3 });
    const counted = await as(request(votes.app).post(`/part-reviews/${reviewId}/held-votes`).send({ decision: 'count' }), admin);
    expect(counted.body).toMatchObject({ heldVotes: 0, helpful: before + 4 });
    expect((await mark(fresh[4]!)).body.helpful).toBe(before + 5);
    expect(await publicCount()).toBe(before + 5);
    // Nothing held: nothing to decide, nothing logged.
    const nothing = await as(request(votes.app).post(`/part-reviews/${reviewId}/held-votes`).send({ decision: 'count' }), admin);
    expect(nothing.status).toBe(200);
    expect((await as(request(votes.app).get('/activity?limit=1'), admin)).body.items[0]).toMatchObject({ action: 'review.votesCounted', details: '3 votes' });
  });
});
