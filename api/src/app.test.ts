import request from 'supertest';
import { createAccount, createTestApi, type TestApi } from '../test/helpers';

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
    // traceparent and tracestate: a page's api calls join the page's trace.
    expect(order.headers['access-control-allow-headers']).toBe('Authorization,Content-Type,Idempotency-Key,traceparent,tracestate');

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

  it('answers malformed percent-encoding in a path with a JSON 400, signed in or not', async () => {
    for (const path of ['/admin/%ZZ', '/tools/%E0%A4%A', '/myorder/%']) {
      const response = await request(api.app).get(path);
      expect(response.status).toBe(400);
      expect(response.type).toBe('application/json');
      expect(response.body).toEqual({ message: 'The address is not valid: it has malformed percent-encoding' });
    }
  });

  it('answers a body that does not match its Content-Encoding with a JSON 400', async () => {
    for (const [method, path, encoding] of [
      ['post', '/order', 'gzip'],
      ['put', '/user/someone@example.com', 'gzip'],
      ['get', '/healthz', 'deflate'],
      ['post', '/webhooks/stripe', 'gzip'],
    ] as const) {
      const response = await request(api.app)[method](path)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send('{"not": "compressed"}');
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(response.body).toEqual({ message: 'The request body does not match its Content-Encoding' });
    }
  });

  it('names only a few of thousands of unknown keys (within the body limit), in a small answer', async () => {
    const [customer, admin] = await Promise.all([createAccount(api, 'customer'), createAccount(api, 'admin')]);
    const extra = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`unknown_field_${i}`, i]));
    for (const [path, body] of [
      ['/addReview', { ratings: '5', review: 'Great', ...extra }],
      ['/create-payment-intent', { orderId: '0'.repeat(24), ...extra }],
      ['/user/admin/someone@example.com', extra],
    ] as const) {
      const method = path.startsWith('/user') ? 'put' : 'post';
      const response = await request(api.app)[method](path)
        .set('Authorization', `Bearer ${(path.startsWith('/user') ? admin : customer).token}`)
        .send(body);
      expect(response.status).toBe(400);
      expect(response.text.length).toBeLessThan(1000);
      expect(response.body.message).toMatch(/"unknown_field_0", "unknown_field_1", "unknown_field_2" and 2997 more|^Unrecognized keys: "unknown_field_0", .*…$/);
    }
  });

  it('sends security headers; images may be shown by the front ends on other origins', async () => {
    const response = await request(api.app).get('/tools');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const image = await request(api.app).get('/images/categories/memory.svg');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('sends the same security headers on every answer: errors, refusals, images and the docs included', async () => {
    const answers = [
      await request(api.app).get('/tools'),
      await request(api.app).get('/no-such-route'),
      await request(api.app).get('/tools/not-an-id'),
      await request(api.app).post('/addReview').set('Content-Type', 'application/json').send('{"broken'),
      await request(api.app).get('/myorder'),
      await request(api.app).get('/images/parts/a520m-micro-atx-motherboard.svg'),
      await request(api.app).get('/images/categories/no-such-image.svg'),
      await request(api.app).get('/healthz'),
    ];
    for (const answer of answers) {
      const seen = { url: answer.request.url.replace(/^http:\/\/[^/]+/, ''), status: answer.status };
      expect({ ...seen, nosniff: answer.headers['x-content-type-options'] }).toEqual({ ...seen, nosniff: 'nosniff' });
      expect({ ...seen, csp: answer.headers['content-security-policy'] }).toEqual({ ...seen, csp: expect.stringMatching(/frame-ancestors 'none'/) });
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 400, 400, 401, 200, 404, 200]);
  });

  it('sends Strict-Transport-Security only over TLS: never over plain http, and X-Forwarded-Proto counts only behind a trusted proxy', async () => {
    const plain = await request(api.app).get('/healthz');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await request(api.app).get('/healthz').set('X-Forwarded-Proto', 'https');
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApi({ TRUST_PROXY: 'true' });
    try {
      const behindTls = await request(proxied.app).get('/healthz').set('X-Forwarded-Proto', 'https');
      expect(behindTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const behindPlain = await request(proxied.app).get('/healthz').set('X-Forwarded-Proto', 'http');
      expect(behindPlain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('marks answers to signed-in calls private and never stored, and leaves public ones cacheable', async () => {
    const customer = await createAccount(api, 'customer');
    const signedIn = await request(api.app).get(`/myorder?email=${customer.email}`).set('Authorization', `Bearer ${customer.token}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const refused = await request(api.app).get('/myorder').set('Authorization', 'Bearer forged');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    const publicList = await request(api.app).get('/tools');
    expect(publicList.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    expect(publicList.headers.etag).toBeDefined();
  });
});
