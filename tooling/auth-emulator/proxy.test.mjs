// The shell's auth-emulator proxy forwards the browser SDK's sign-in calls and nothing of the
// emulator's admin surface. A stand-in emulator records what reaches it.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startStaticServer } from '../services/static-server.mjs';
import { createAuthEmulatorProxy } from './proxy.cjs';

const IDENTITY = '/identitytoolkit.googleapis.com/v1';

describe('auth emulator proxy', () => {
  /**
   * Paths the stand-in emulator received.
   * @type {string[]}
   */
  let reached = [];
  /** @type {http.Server} */
  let emulator;
  /** @type {Awaited<ReturnType<typeof startStaticServer>>} */
  let shell;

  before(async () => {
    emulator = http.createServer((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'));
    });
    await new Promise((resolve) => emulator.listen(0, '127.0.0.1', () => resolve(undefined)));
    const emulatorHost = `127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (emulator.address()).port}`;
    shell = await startStaticServer({ root: '/nonexistent', port: 0, spa: true, handle: createAuthEmulatorProxy({ emulatorHost }) });
  });

  after(async () => {
    await shell.close();
    await new Promise((resolve) => emulator.close(resolve));
  });

  /**
   * @param {string} method
   * @param {string} path
   * @param {{ body?: unknown, headers?: Record<string, string> }} [options]
   */
  const call = (method, path, { body, headers = {} } = {}) =>
    fetch(`${shell.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });

  /** @type {[method: string, path: string, body?: unknown][]} */
  const ALLOWED = [
    ['POST', `${IDENTITY}/accounts:signInWithPassword?key=k`, { email: 'a@b.c', password: 'secret1', returnSecureToken: true }],
    ['POST', `${IDENTITY}/accounts:signUp?key=k`, { email: 'a@b.c', password: 'secret1', returnSecureToken: true }],
    ['POST', `${IDENTITY}/accounts:lookup?key=k`, { idToken: 'id-token' }],
    ['POST', `${IDENTITY}/accounts:sendOobCode?key=k`, { requestType: 'PASSWORD_RESET', email: 'a@b.c' }],
    ['POST', `${IDENTITY}/accounts:resetPassword?key=k`, { oobCode: 'code', newPassword: 'secret2' }],
    ['POST', `${IDENTITY}/accounts:update?key=k`, { idToken: 'id-token', displayName: 'Sam', returnSecureToken: true }],
    ['POST', `${IDENTITY}/accounts:update?key=k`, { oobCode: 'code' }],
    ['POST', `${IDENTITY}/accounts:createAuthUri?key=k`, { identifier: 'a@b.c', continueUri: 'http://localhost' }],
    ['POST', `${IDENTITY}/accounts:signInWithIdp?key=k`, { requestUri: 'http://localhost', postBody: 'providerId=google.com' }],
    ['POST', '/securetoken.googleapis.com/v1/token?key=k', 'grant_type=refresh_token&refresh_token=r'],
    ['GET', '/emulator/auth/handler?apiKey=k&providerId=google.com'],
  ];

  for (const [method, path, body] of ALLOWED) {
    test(`forwards ${method} ${path.split('?')[0]}`, async () => {
      reached = [];
      const answer = await call(method, path, { body });
      assert.equal(answer.status, 200);
      assert.deepEqual(reached, [`${method} ${path}`]);
    });
  }

  /** @type {[label: string, method: string, path: string, options?: { body?: unknown, headers?: Record<string, string> }][]} */
  const REFUSED = [
    ['the admin lookup of every account', 'POST', `${IDENTITY}/projects/demo-pcparts/accounts:lookup`, { body: {}, headers: { Authorization: 'Bearer owner' } }],
    ['a browser call carrying the owner credential', 'POST', `${IDENTITY}/accounts:lookup`, { body: { idToken: 'x' }, headers: { Authorization: 'Bearer owner' } }],
    ['any projects/… call', 'POST', `${IDENTITY}/projects/demo-pcparts/accounts:update`, { body: { localId: 'u1', emailVerified: true } }],
    ['a batch download of accounts', 'GET', `${IDENTITY}/projects/demo-pcparts/accounts:batchGet`],
    ['the emailed codes', 'GET', '/emulator/v1/projects/demo-pcparts/oobCodes'],
    ['wiping the accounts', 'DELETE', '/emulator/v1/projects/demo-pcparts/accounts'],
    ['the emulator config', 'GET', '/emulator/v1/projects/demo-pcparts/config'],
    ['a lookup by email', 'POST', `${IDENTITY}/accounts:lookup`, { body: { email: ['admin@pcparts.dev'] } }],
    ['a lookup by id beside a token', 'POST', `${IDENTITY}/accounts:lookup`, { body: { idToken: 'x', localId: ['u1'] } }],
    ['marking an email verified', 'POST', `${IDENTITY}/accounts:update`, { body: { idToken: 'x', emailVerified: true } }],
    ['setting custom claims', 'POST', `${IDENTITY}/accounts:update`, { body: { localId: 'u1', customAttributes: '{"admin":true}' } }],
    ['a call the shell never makes', 'POST', `${IDENTITY}/accounts:delete`, { body: { idToken: 'x' } }],
    ['a body that is not JSON', 'POST', `${IDENTITY}/accounts:lookup`, { body: 'idToken=x' }],
    ['a huge body', 'POST', `${IDENTITY}/accounts:signUp`, { body: { email: 'a'.repeat(100_000) } }],
    ['a page by another method', 'POST', '/emulator/auth/handler', { body: {} }],
    ['a path that walks out of an allowed one', 'POST', `${IDENTITY}/accounts:lookup/../../projects/demo-pcparts/accounts:lookup`, { body: { idToken: 'x' } }],
  ];

  for (const [label, method, path, options] of REFUSED) {
    test(`refuses ${label}`, async () => {
      reached = [];
      const answer = await call(method, path, options);
      assert.ok([400, 403, 404].includes(answer.status), `${answer.status}`);
      assert.deepEqual(reached, []);
    });
  }

  test('leaves the shell its own paths', async () => {
    reached = [];
    const answer = await call('GET', '/config.json');
    assert.notEqual(answer.status, 403);
    assert.deepEqual(reached, []);
  });
});
