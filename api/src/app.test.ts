import request from 'supertest';
import { createTestApi, type TestApi } from '../test/helpers';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ CORS_ORIGINS: 'http://localhost:3000,http://localhost:3001' });
});
afterAll(() => api.close());

describe('the app', () => {
  it('answers /healthz', async () => {
    const response = await request(api.app).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers an unknown route with a JSON 404 and no stack', async () => {
    const response = await request(api.app).get('/no/such/route');
    expect(response.status).toBe(404);
    expect(response.type).toBe('application/json');
    expect(response.body).toEqual({ message: 'Not found' });
  });

  it('answers malformed JSON with a JSON 400 and no stack', async () => {
    const response = await request(api.app)
      .put('/user/someone@example.com')
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expect(response.status).toBe(400);
    expect(response.type).toBe('application/json');
    expect(response.body).toEqual({ message: 'The request body is not valid JSON' });
    expect(response.text).not.toMatch(/at \w+ \(|SyntaxError/);
  });

  it('gives CORS headers to configured origins only', async () => {
    const allowed = await request(api.app).get('/tools').set('Origin', 'http://localhost:3001');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3001');

    const other = await request(api.app).get('/tools').set('Origin', 'http://evil.example');
    expect(other.status).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows the Authorization header and the api methods in preflights', async () => {
    const response = await request(api.app)
      .options('/tools/abc')
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'DELETE')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(response.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(response.headers['access-control-allow-methods']).toBe('GET,POST,PUT,PATCH,DELETE');

    // The purchase page sends an Idempotency-Key with POST /order.
    const order = await request(api.app)
      .options('/order')
      .set('Origin', 'http://localhost:3001')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key');
    expect(order.headers['access-control-allow-headers']).toBe('Authorization,Content-Type,Idempotency-Key');

    const refused = await request(api.app)
      .options('/tools/abc')
      .set('Origin', 'http://evil.example')
      .set('Access-Control-Request-Method', 'DELETE');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves images with a year-long immutable cache', async () => {
    const response = await request(api.app).get('/images/parts/16-gb-ddr4-3200-kit-2x8-gb.svg');
    expect(response.status).toBe(200);
    expect(response.type).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing image with the JSON 404', async () => {
    const response = await request(api.app).get('/images/parts/none.svg');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found' });
  });
});
