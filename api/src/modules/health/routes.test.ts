import { checkAnswersOf } from '../../../test/answer-check';
import { MongoClient } from 'mongodb';
import request from 'supertest';
import { createApp } from '../../app';
import { collectionsOf } from '../../db/mongo';
import { createLogger } from '../../logger';
import { createTestApi, type TestApi } from '../../../test/helpers';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('/readyz', () => {
  it('is 200 while the database answers', async () => {
    const response = await request(api.app).get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready' });
  });

  it('is 503 with a message when the database is unreachable', async () => {
    // Port 9 (discard) on loopback: nothing listens, connections are refused.
    const client = new MongoClient('mongodb://127.0.0.1:9/?serverSelectionTimeoutMS=500');
    const db = client.db('unreachable');
    const app = checkAnswersOf(createApp({
      ...api,
      logger: createLogger('silent'),
      database: { client, db, collections: collectionsOf(db) },
    }));
    const response = await request(app).get('/readyz');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ message: 'The database is unreachable' });
    await client.close();
  });
});
