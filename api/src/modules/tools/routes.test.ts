import { seedTools } from '../../db/seed-data';
import { seedDemoData } from '../../db/seed';
import request from 'supertest';
import { createTestApi, type TestApi } from '../../../test/helpers';

let api: TestApi;
let bearer: string;
beforeAll(async () => {
  api = await createTestApi();
  await seedDemoData(api.database.collections);
  bearer = `Bearer ${await api.accessTokens.sign({ sub: 'a'.repeat(24), email: 'c@example.com', role: 'customer' })}`;
});
afterAll(() => api.close());

describe('GET /tools', () => {
  it('lists every part, newest last, with hex ids', async () => {
    await api.database.collections.tools.insertOne({
      ...seedTools[0]!,
      name: 'Brand new part',
      createdAt: new Date(),
    });
    const response = await request(api.app).get('/tools');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(seedTools.length + 1);
    expect(response.body.at(-1).name).toBe('Brand new part');
    expect(response.body.slice(0, -1).map((tool: { name: string }) => tool.name)).toEqual(
      seedTools.map((tool) => tool.name),
    );
    expect(response.body[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: seedTools[0]!.name,
      img: seedTools[0]!.img,
      description: seedTools[0]!.description,
      category: seedTools[0]!.category,
      price: seedTools[0]!.price,
      p_quantity: seedTools[0]!.p_quantity,
      min_quantity: seedTools[0]!.min_quantity,
      createdAt: expect.any(String),
    });
  });

  it('sends an ETag and answers a matching If-None-Match with 304', async () => {
    const first = await request(api.app).get('/tools');
    expect(first.headers.etag).toMatch(/^W\//);
    const second = await request(api.app).get('/tools').set('If-None-Match', first.headers.etag!);
    expect(second.status).toBe(304);
  });
});

describe('GET /tools/:id', () => {
  it('needs an access token', async () => {
    const response = await request(api.app).get(`/tools/${'a'.repeat(24)}`);
    expect(response.status).toBe(401);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('rejects a malformed id', async () => {
    const response = await request(api.app).get('/tools/not-an-id').set('Authorization', bearer);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Invalid tool id',
      issues: [{ path: 'id', message: 'Invalid tool id' }],
    });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await request(api.app).get(`/tools/${'0'.repeat(24)}`).set('Authorization', bearer);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Tool not found' });
  });

  it('returns the part', async () => {
    const list = await request(api.app).get('/tools');
    const wanted = list.body[3];
    const response = await request(api.app).get(`/tools/${wanted._id}`).set('Authorization', bearer);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(wanted);
  });
});
