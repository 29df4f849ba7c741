import request from 'supertest';
import { seedDemoData } from '../../db/seed';
import { seedReviews } from '../../db/seed-data';
import { createTestApi, type TestApi } from '../../../test/helpers';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  await seedDemoData(api.database.collections);
});
afterAll(() => api.close());

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
