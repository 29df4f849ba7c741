import express from 'express';
import request from 'supertest';
import { errorHandler } from '../errors';
import { createLogger } from '../logger';
import { pinoHttp } from 'pino-http';
import { createAccessTokens } from './access-token';
import { accessClaims, requireAccessToken, requireAdmin } from './middleware';

const tokens = createAccessTokens('k'.repeat(32));
const app = express();
app.use(pinoHttp({ logger: createLogger('silent') }));
app.get('/me', requireAccessToken(tokens), (req, res) => {
  res.json(accessClaims(req));
});
app.get('/admin', requireAccessToken(tokens), requireAdmin, (_req, res) => {
  res.json({ ok: true });
});
app.use(errorHandler);

const as = (role: 'admin' | 'customer') => tokens.sign({ sub: 'id', email: `${role}@example.com`, role });

describe('requireAccessToken / requireAdmin', () => {
  it('passes the claims of a valid token to the route', async () => {
    const response = await request(app).get('/me').set('Authorization', `Bearer ${await as('customer')}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ sub: 'id', email: 'customer@example.com', role: 'customer' });
  });

  it.each([[undefined], ['Bearer'], ['Basic abc'], ['Bearer not-a-jwt']])(
    'answers 401 for Authorization %p',
    async (header) => {
      const call = request(app).get('/me');
      const response = await (header ? call.set('Authorization', header) : call);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: expect.any(String) });
    },
  );

  it('lets admins through and answers 403 to customers', async () => {
    const admin = await request(app).get('/admin').set('Authorization', `Bearer ${await as('admin')}`);
    expect(admin.status).toBe(200);
    const customer = await request(app).get('/admin').set('Authorization', `Bearer ${await as('customer')}`);
    expect(customer.status).toBe(403);
    expect(customer.body).toEqual({ message: 'Admins only' });
  });
});
