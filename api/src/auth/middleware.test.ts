import express from 'express';
import { pinoHttp } from 'pino-http';
import request from 'supertest';
import { dropTestDatabase, testConfig } from '../../test/helpers';
import { connectDatabase, type Database } from '../db/mongo';
import { errorHandler } from '../errors';
import { createLogger } from '../logger';
import { createUsersRepository } from '../modules/users/repository';
import { createAccessTokens } from './access-token';
import { accessClaims, requireAccessToken, requireAdmin } from './middleware';
import { createRoleAuthority } from './role-authority';

const tokens = createAccessTokens('k'.repeat(32));
let database: Database;
let app: express.Express;
let roles: ReturnType<typeof createRoleAuthority>;

beforeAll(async () => {
  const config = testConfig();
  database = await connectDatabase(config.mongodbUri, config.mongodbDb);
  roles = createRoleAuthority(createUsersRepository(database.collections.users), { ttlMs: 0 });
  app = express();
  app.use(pinoHttp({ logger: createLogger('silent') }));
  app.get('/me', requireAccessToken(tokens, roles), (req, res) => {
    res.json(accessClaims(req));
  });
  app.get('/admin', requireAccessToken(tokens, roles), requireAdmin(roles), (_req, res) => {
    res.json({ ok: true });
  });
  app.use(errorHandler);
  await database.collections.users.insertMany([
    { email: 'admin@example.com', role: 'admin', createdAt: new Date() },
    { email: 'customer@example.com', role: 'customer', createdAt: new Date() },
  ]);
});
afterAll(async () => {
  await dropTestDatabase(database.db, ['users']);
  await database.client.close();
});

/** A valid access token whose role claim may differ from the stored role. */
const tokenOf = (email: string, role: 'admin' | 'customer') => tokens.sign({ sub: 'id', uid: 'uid-1', email, role });
const getAdmin = async (email: string, role: 'admin' | 'customer') =>
  request(app).get('/admin').set('Authorization', `Bearer ${await tokenOf(email, role)}`);

describe('requireAccessToken', () => {
  it('passes the claims of a valid token to the route', async () => {
    const response = await request(app).get('/me').set('Authorization', `Bearer ${await tokenOf('customer@example.com', 'customer')}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ sub: 'id', uid: 'uid-1', email: 'customer@example.com', role: 'customer', issuedAt: expect.any(Number) });
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
});

describe('requireAdmin', () => {
  it('lets stored admins through and answers 403 to stored customers', async () => {
    expect((await getAdmin('admin@example.com', 'admin')).status).toBe(200);
    const customer = await getAdmin('customer@example.com', 'customer');
    expect(customer.status).toBe(403);
    expect(customer.body).toEqual({ message: 'Admins only' });
  });

  it("goes by the stored role, not the token's", async () => {
    expect((await getAdmin('customer@example.com', 'admin')).status).toBe(403);
    expect((await getAdmin('admin@example.com', 'customer')).status).toBe(200);
    expect((await getAdmin('nobody@example.com', 'admin')).status).toBe(403);
  });

  it('answers 401 without a token, before asking for a role', async () => {
    expect((await request(app).get('/admin')).status).toBe(401);
  });
});
