// The shell's auth-emulator proxy forwards the sign-in calls the shop's pages make and nothing of
// the emulator's admin surface, serves its own Google stand-in instead of the emulator's pages, and
// lets through only Google sign-ins the stand-in made. A stand-in emulator records what reaches it.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { createAuthEmulatorProxy, DEFAULT_CALL_LIMITS, standInGoogleSubject } from './proxy.cjs';

const IDENTITY = '/identitytoolkit.googleapis.com/v1';

/** An emulator ID token (unsigned) whose sign-in was `secondsAgo` ago. */
const idTokenSignedIn = (/** @type {number} */ secondsAgo) =>
  `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ auth_time: Math.floor(Date.now() / 1000) - secondsAgo })).toString('base64url')}.`;

/**
 * The proxy in front of a server that answers 404 to what it does not take (as the shell's server does).
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>} handle
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
async function serveProxy(handle) {
  const server = http.createServer((req, res) => {
    handle(req, res).then((handled) => handled || res.writeHead(404).end('Not found'), () => res.writeHead(500).end());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return {
    url: `http://localhost:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    close: () => new Promise((resolve) => {
      server.close(() => resolve(undefined));
      server.closeAllConnections();
    }),
  };
}
const SECRET = 'a-per-start-secret-of-the-test-run-0123456789';
/** Emails the stand-in emulator says have a password. */
const PASSWORD_ACCOUNTS = new Set(['admin@pcparts.dev']);

/** requestUri of the SDK's signInWithIdp call after the popup, with these fake Google claims. */
const idpBody = (/** @type {Record<string, unknown>} */ claims, extra = {}) => ({
  requestUri: `http://localhost:3000/emulator/auth/handler?providerId=google.com&id_token=${encodeURIComponent(JSON.stringify(claims))}`,
  sessionId: 'ValueNotUsedByAuthEmulator',
  returnSecureToken: true,
  returnIdpCredential: true,
  ...extra,
});

describe('auth emulator proxy', () => {
  /**
   * Paths the stand-in emulator received (createAuthUri, which the proxy asks itself, apart).
   * @type {string[]}
   */
  let reached = [];
  /** @type {http.Server} */
  let emulator;
  /** @type {Awaited<ReturnType<typeof serveProxy>>} */
  let shell;
  let emulatorHost = '';

  before(async () => {
    emulator = http.createServer((req, res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        // What the emulator itself answers: permissive CORS and Express's header.
        const headers = { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': 'http://evil.test', 'Access-Control-Allow-Credentials': 'true', 'X-Powered-By': 'Express' };
        if (req.url?.startsWith(`${IDENTITY}/accounts:createAuthUri`)) {
          const { identifier } = JSON.parse(Buffer.concat(chunks).toString());
          const methods = PASSWORD_ACCOUNTS.has(identifier) ? ['password'] : [];
          res.writeHead(200, headers).end(JSON.stringify({ registered: methods.length > 0, signinMethods: methods, allProviders: methods }));
          return;
        }
        reached.push(`${req.method} ${req.url}`);
        res.writeHead(200, headers).end('{"ok":true}');
      });
    });
    await new Promise((resolve) => emulator.listen(0, '127.0.0.1', () => resolve(undefined)));
    emulatorHost = `127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (emulator.address()).port}`;
    shell = await serveProxy(createAuthEmulatorProxy({ emulatorHost, standInSecret: SECRET }));
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

  const standInClaims = (/** @type {string} */ email) => ({ sub: standInGoogleSubject(SECRET, email), iss: '', aud: '', exp: 0, iat: 0, email, email_verified: false });

  /** @type {[method: string, path: string, body?: unknown][]} */
  const ALLOWED = [
    ['POST', `${IDENTITY}/accounts:signInWithPassword?key=k`, { email: 'a@b.c', password: 'secret1', returnSecureToken: true, clientType: 'CLIENT_TYPE_WEB' }],
    ['POST', `${IDENTITY}/accounts:signUp?key=k`, { email: 'a@b.c', password: 'secret1', returnSecureToken: true, clientType: 'CLIENT_TYPE_WEB' }],
    ['POST', `${IDENTITY}/accounts:lookup?key=k`, { idToken: 'id-token' }],
    ['POST', `${IDENTITY}/accounts:sendOobCode?key=k`, { requestType: 'PASSWORD_RESET', email: 'a@b.c', continueUrl: 'http://localhost:3000/login', clientType: 'CLIENT_TYPE_WEB' }],
    ['POST', `${IDENTITY}/accounts:resetPassword?key=k`, { oobCode: 'code', newPassword: 'secret2' }],
    ['POST', `${IDENTITY}/accounts:resetPassword?key=k`, { oobCode: 'code' }],
    ['POST', `${IDENTITY}/accounts:update?key=k`, { idToken: 'id-token', displayName: 'Sam', returnSecureToken: true }],
    ['POST', `${IDENTITY}/accounts:update?key=k`, { oobCode: 'code' }],
    // Settings' new password: the account's own ID token of a sign-in made a moment ago.
    ['POST', `${IDENTITY}/accounts:update?key=k`, { idToken: idTokenSignedIn(10), password: 'brand-new', returnSecureToken: true }],
    ['POST', `${IDENTITY}/accounts:signInWithIdp?key=k`, idpBody(standInClaims('grace@example.com'))],
    ['POST', '/securetoken.googleapis.com/v1/token?key=k', 'grant_type=refresh_token&refresh_token=r'],
  ];

  for (const [method, path, body] of ALLOWED) {
    test(`forwards ${method} ${path.split('?')[0]}${/** @type {{ requestType?: string } | undefined} */ (body)?.requestType ? ` (${/** @type {{ requestType: string }} */ (body).requestType})` : ''}`, async () => {
      reached = [];
      const answer = await call(method, path, { body, headers: { Origin: 'http://evil.test' } });
      assert.equal(answer.status, 200);
      assert.deepEqual(reached, [`${method} ${path}`]);
      // The shop's CORS (none: its pages call their own origin), and no X-Powered-By.
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
      assert.equal(answer.headers.get('access-control-allow-credentials'), null);
      assert.equal(answer.headers.get('x-powered-by'), null);
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    });
  }

  const forgedAdmin = { sub: '1234567890', email: 'admin@pcparts.dev', email_verified: true };
  /** @type {[label: string, method: string, path: string, options?: { body?: unknown, headers?: Record<string, string> }][]} */
  const REFUSED = [
    ['the admin lookup of every account', 'POST', `${IDENTITY}/projects/demo-pcparts/accounts:lookup`, { body: {}, headers: { Authorization: 'Bearer owner' } }],
    ['a browser call carrying the owner credential', 'POST', `${IDENTITY}/accounts:lookup`, { body: { idToken: 'x' }, headers: { Authorization: 'Bearer owner' } }],
    ['any projects/… call', 'POST', `${IDENTITY}/projects/demo-pcparts/accounts:update`, { body: { localId: 'u1', emailVerified: true } }],
    ['a batch download of accounts', 'GET', `${IDENTITY}/projects/demo-pcparts/accounts:batchGet`],
    ['the emailed codes', 'GET', '/emulator/v1/projects/demo-pcparts/oobCodes'],
    ['wiping the accounts', 'DELETE', '/emulator/v1/projects/demo-pcparts/accounts'],
    ['the emulator config', 'GET', '/emulator/v1/projects/demo-pcparts/config'],
    ['the emulator’s action links', 'GET', '/emulator/action?mode=verifyEmail&oobCode=x&apiKey=k'],
    ['a lookup by email', 'POST', `${IDENTITY}/accounts:lookup`, { body: { email: ['admin@pcparts.dev'] } }],
    ['a lookup by id beside a token', 'POST', `${IDENTITY}/accounts:lookup`, { body: { idToken: 'x', localId: ['u1'] } }],
    ['marking an email verified', 'POST', `${IDENTITY}/accounts:update`, { body: { idToken: 'x', emailVerified: true } }],
    ['a password change with a token that is none', 'POST', `${IDENTITY}/accounts:update`, { body: { idToken: 'x', password: 'new-one' } }],
    ['a password change without a recent sign-in (as the real Firebase)', 'POST', `${IDENTITY}/accounts:update`, { body: { idToken: idTokenSignedIn(6 * 60), password: 'new-one' } }],
    ['a password change by emailed code (not the reset page’s call)', 'POST', `${IDENTITY}/accounts:update`, { body: { oobCode: 'x', password: 'new-one' } }],
    ['a display name that shows in another order than it says', 'POST', `${IDENTITY}/accounts:update`, { body: { idToken: 'x', displayName: 'Eve \u202Enimda' } }],
    ['a sign-up with such a name', 'POST', `${IDENTITY}/accounts:signUp`, { body: { email: 'a@b.c', password: 'secret1', displayName: 'Eve \u2067x', returnSecureToken: true } }],
    ['an email change', 'POST', `${IDENTITY}/accounts:update`, { body: { idToken: 'x', email: 'admin@pcparts.dev' } }],
    ['setting custom claims', 'POST', `${IDENTITY}/accounts:update`, { body: { localId: 'u1', customAttributes: '{"admin":true}' } }],
    ['a verification email through the emulator (the shop sends its own)', 'POST', `${IDENTITY}/accounts:sendOobCode`, { body: { requestType: 'VERIFY_EMAIL', idToken: 'x' } }],
    ['a sign-in link email', 'POST', `${IDENTITY}/accounts:sendOobCode`, { body: { requestType: 'EMAIL_SIGNIN', email: 'a@b.c' } }],
    ['a sign-up with a field the SDK never sends', 'POST', `${IDENTITY}/accounts:signUp`, { body: { email: 'a@b.c', password: 'secret1', emailVerified: true } }],
    ['the sign-in methods of an email', 'POST', `${IDENTITY}/accounts:createAuthUri`, { body: { identifier: 'a@b.c', continueUri: 'http://localhost' } }],
    ['a call the shell never makes', 'POST', `${IDENTITY}/accounts:delete`, { body: { idToken: 'x' } }],
    ['a body that is not JSON', 'POST', `${IDENTITY}/accounts:lookup`, { body: 'idToken=x' }],
    ['a huge body', 'POST', `${IDENTITY}/accounts:signUp`, { body: { email: 'a'.repeat(100_000) } }],
    ['a page by another method', 'POST', '/emulator/auth/handler', { body: {} }],
    ['a path that walks out of an allowed one', 'POST', `${IDENTITY}/accounts:lookup/../../projects/demo-pcparts/accounts:lookup`, { body: { idToken: 'x' } }],
    ['a hand-made Google id_token for the admin (the probe of issue 20)', 'POST', `${IDENTITY}/accounts:signInWithIdp?key=k`, { body: idpBody(forgedAdmin) }],
    ['the same in postBody', 'POST', `${IDENTITY}/accounts:signInWithIdp?key=k`, { body: { requestUri: 'http://localhost', postBody: `id_token=${encodeURIComponent(JSON.stringify(forgedAdmin))}&providerId=google.com` } }],
    ['a stand-in subject that vouches for the email', 'POST', `${IDENTITY}/accounts:signInWithIdp?key=k`, { body: idpBody({ ...standInClaims('admin@pcparts.dev'), email_verified: true }) }],
    ['a stand-in subject of another email', 'POST', `${IDENTITY}/accounts:signInWithIdp?key=k`, { body: idpBody({ ...standInClaims('grace@example.com'), email: 'admin@pcparts.dev' }) }],
    ['a subject made with another secret', 'POST', `${IDENTITY}/accounts:signInWithIdp?key=k`, { body: idpBody({ ...standInClaims('x@example.com'), sub: standInGoogleSubject('another-secret', 'x@example.com') }) }],
    ['linking Google to the signed-in account', 'POST', `${IDENTITY}/accounts:signInWithIdp?key=k`, { body: idpBody(standInClaims('grace@example.com'), { idToken: 'x' }) }],
    ['another provider', 'POST', `${IDENTITY}/accounts:signInWithIdp?key=k`, { body: { ...idpBody(standInClaims('g@example.com')), requestUri: idpBody(standInClaims('g@example.com')).requestUri.replace('google.com', 'facebook.com') } }],
  ];

  for (const [label, method, path, options] of REFUSED) {
    test(`refuses ${label}`, async () => {
      reached = [];
      const answer = await call(method, path, options);
      assert.ok([400, 403, 404].includes(answer.status), `${answer.status}`);
      assert.deepEqual(reached, []);
    });
  }

  test('a proxy without the per-start secret refuses every Google sign-in', async () => {
    const bare = await serveProxy(createAuthEmulatorProxy({ emulatorHost: `127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (emulator.address()).port}` }));
    try {
      reached = [];
      const answer = await fetch(`${bare.url}${IDENTITY}/accounts:signInWithIdp?key=k`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(idpBody(standInClaims('grace@example.com'))),
      });
      assert.equal(answer.status, 403);
      assert.deepEqual(reached, []);
    } finally {
      await bare.close();
    }
  });

  test('serves its own Google page, not the emulator’s: strict policy, no account list, no redirect', async () => {
    reached = [];
    const handler = `/emulator/auth/handler?apiKey=k&appName=a&authType=signInViaRedirect&providerId=google.com&eventId=1&redirectUrl=${encodeURIComponent('javascript:alert(document.domain)')}`;
    const answer = await call('GET', handler);
    assert.equal(answer.status, 200);
    assert.deepEqual(reached, []);
    const policy = answer.headers.get('content-security-policy') ?? '';
    assert.match(policy, /script-src 'self'(;|$)/);
    assert.match(policy, /default-src 'none'/);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/);
    const html = await answer.text();
    assert.doesNotMatch(html, /<script>|javascript:|redirectUrl|js-reuse-account/);
    const script = await (await call('GET', '/__/auth-emulator/google-sign-in.js')).text();
    // It never reads a redirect target, nor navigates anywhere.
    assert.doesNotMatch(script, /get\('redirectUrl'\)|location(\.href)?\s*=[^=]|location\.(assign|replace)/);

    const iframe = await call('GET', '/emulator/auth/iframe?apiKey=k&appName=a');
    assert.equal(iframe.status, 200);
    assert.match(iframe.headers.get('content-security-policy') ?? '', /frame-ancestors 'self'/);
    assert.doesNotMatch(await iframe.text(), /apis\.google\.com|<script>/);
    assert.deepEqual(reached, []);
  });

  const signInAs = (/** @type {unknown} */ body, /** @type {string | null} */ origin = shell.url) =>
    call('POST', '/__/auth-emulator/google-sign-in', { body, headers: origin ? { Origin: origin } : {} });

  test('the stand-in makes an unverified Google identity for a new email, with its subject', async () => {
    const answer = await signInAs({ email: ' Grace@Example.com ', displayName: 'Grace' });
    assert.equal(answer.status, 200);
    const claims = JSON.parse((await answer.json()).idToken);
    assert.deepEqual(claims, { ...standInClaims('grace@example.com'), name: 'Grace' });
  });

  test('the stand-in refuses an email that has a password, another origin, and bad input', async () => {
    const password = await signInAs({ email: 'admin@pcparts.dev', displayName: 'Not the admin' });
    assert.equal(password.status, 409);
    assert.match((await password.json()).message, /log in with your password/);
    assert.equal((await signInAs({ email: 'x@example.com' }, 'http://evil.test')).status, 400);
    assert.equal((await signInAs({ email: 'x@example.com' }, null)).status, 400);
    assert.equal((await signInAs({ email: 'not an email' })).status, 400);
    assert.equal((await signInAs({ email: ['x@example.com'] })).status, 400);
    assert.equal((await signInAs({ email: 'eve@example.com', displayName: 'Eve \u202Enimda' })).status, 400);
  });

  test('the stand-in’s subject is the one the api computes (same secret, same email)', () => {
    // The same vector is checked in api/src/auth/google-stand-in.test.ts.
    assert.equal(standInGoogleSubject('x'.repeat(32), 'Sam@Example.com'), 'stand-in-1UQkQOIERtVbHPXIYJ70wb1fsDM19QxtXoNN4kInt3w');
  });

  /**
   * POSTs `body` to the emulator's `call` through `proxy`.
   * @param {{ url: string }} proxy
   * @param {string} name
   * @param {unknown} body
   */
  const post = (proxy, name, body) =>
    fetch(`${proxy.url}${IDENTITY}/accounts:${name}?key=k`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const signUp = (/** @type {number} */ n) => ({ email: `farm${n}@example.com`, password: 'secret1', returnSecureToken: true });
  const reset = (/** @type {string} */ email) => ({ requestType: 'PASSWORD_RESET', email });

  test('a burst of 30 sign-ups or password resets from one address: only the documented counts reach the emulator', async () => {
    const proxy = await serveProxy(createAuthEmulatorProxy({ emulatorHost, standInSecret: SECRET }));
    try {
      for (const [name, body, allowed] of /** @type {const} */ ([
        ['signUp', signUp, DEFAULT_CALL_LIMITS.signUpsPerAddress],
        ['sendOobCode', (/** @type {number} */ n) => reset(`reset${n}@example.com`), DEFAULT_CALL_LIMITS.passwordResetsPerAddress],
      ])) {
        reached = [];
        const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => post(proxy, name, body(n))));
        assert.equal(reached.length, allowed, name);
        assert.equal(answers.filter((answer) => answer.status === 200).length, allowed, name);
        const refused = answers.filter((answer) => answer.status === 429);
        assert.equal(refused.length, 30 - allowed, name);
        const json = await refused[0].json();
        assert.match(json.message, name === 'signUp' ? /^Too many accounts were made from this address\. Please try again in \d+ minutes\.$/ : /^Too many password reset emails were asked for\./);
        // The Firebase SDK reads the code (auth/too-many-requests), for which the shop shows its own sentence.
        assert.match(json.error.message, /^TOO_MANY_ATTEMPTS_TRY_LATER : /);
        assert.match(refused[0].headers.get('retry-after') ?? '', /^\d+$/);
      }
    } finally {
      await proxy.close();
    }
  });

  test('password resets are counted per email as well, and every count starts again after its window', async () => {
    let now = 1_000_000;
    const limits = { windowMs: 60_000, signUpsPerAddress: 2, passwordResetsPerAddress: 4, passwordResetsPerEmail: 2, now: () => now };
    const proxy = await serveProxy(createAuthEmulatorProxy({ emulatorHost, standInSecret: SECRET, limits }));
    try {
      const statuses = async (/** @type {string} */ name, /** @type {unknown[]} */ bodies) => {
        const result = [];
        for (const body of bodies) result.push((await post(proxy, name, body)).status);
        return result;
      };
      // One email, asked for again and again (its owner's inbox flooded), in any case: two.
      assert.deepEqual(await statuses('sendOobCode', [reset('sam@example.com'), reset(' SAM@example.com'), reset('sam@example.com')]), [200, 200, 429]);
      // Other emails from the same address until the address's count (4, the refused one counted) is used up.
      assert.deepEqual(await statuses('sendOobCode', [reset('kim@example.com'), reset('lee@example.com')]), [200, 429]);
      assert.deepEqual(await statuses('signUp', [signUp(1), signUp(2), signUp(3)]), [200, 200, 429]);
      // Other calls are not counted.
      assert.equal((await post(proxy, 'signInWithPassword', { email: 'a@b.c', password: 'secret1', returnSecureToken: true })).status, 200);
      const refused = await post(proxy, 'signUp', signUp(4));
      assert.equal(refused.headers.get('retry-after'), '60');
      assert.equal((await refused.json()).message, 'Too many accounts were made from this address. Please try again in 60 seconds.');
      now += 60_000;
      assert.deepEqual(await statuses('signUp', [signUp(5)]), [200]);
      assert.deepEqual(await statuses('sendOobCode', [reset('sam@example.com')]), [200]);
    } finally {
      await proxy.close();
    }
  });

  test('leaves the shell its own paths', async () => {
    reached = [];
    const answer = await call('GET', '/config.json');
    assert.notEqual(answer.status, 403);
    assert.deepEqual(reached, []);
  });
});

// What the real Firebase does and the emulator does not: a session the account ended (a new
// password, sign out everywhere) cannot renew its ID token. A stand-in emulator hands out refresh
// tokens as the emulator makes them (base64 JSON) and answers the admin lookup with validSince.
describe('sessions an account ended', () => {
  /** @type {http.Server} */
  let emulator;
  /** @type {Awaited<ReturnType<typeof serveProxy>>} */
  let shell;
  /** The account's validSince (epoch seconds), as the admin lookup answers it. */
  let validSince = 0;
  /** Refresh calls that reached the emulator. */
  let refreshes = 0;
  const record = { _AuthEmulatorRefreshToken: 'DO NOT MODIFY', localId: 'u1', provider: 'password', extraClaims: {}, projectId: 'demo-pcparts' };
  const encode = (/** @type {object} */ value) => Buffer.from(JSON.stringify(value)).toString('base64');
  const decode = (/** @type {string} */ token) => JSON.parse(Buffer.from(token, 'base64').toString('utf8'));

  before(async () => {
    emulator = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('Content-Type', 'application/json');
        if (req.url?.startsWith(`${IDENTITY}/projects/demo-pcparts/accounts:lookup`) && req.headers.authorization === 'Bearer owner') {
          res.end(JSON.stringify({ users: [{ localId: 'u1', validSince: String(validSince) }] }));
        } else if (req.url?.startsWith('/securetoken.googleapis.com/v1/token')) {
          refreshes += 1;
          res.end(JSON.stringify({ id_token: 'id', access_token: 'id', refresh_token: encode(record), expires_in: '3600', token_type: 'Bearer', user_id: 'u1' }));
        } else {
          res.end(JSON.stringify({ idToken: 'id', refreshToken: encode(record), expiresIn: '3600', localId: 'u1' }));
        }
      });
    });
    await new Promise((resolve) => emulator.listen(0, '127.0.0.1', () => resolve(undefined)));
    shell = await serveProxy(createAuthEmulatorProxy({ emulatorHost: `127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (emulator.address()).port}`, standInSecret: SECRET }));
  });
  after(async () => {
    await shell.close();
    await new Promise((resolve) => emulator.close(resolve));
  });

  const signIn = async () =>
    (await (await fetch(`${shell.url}${IDENTITY}/accounts:signInWithPassword?key=k`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'a@b.c', password: 'secret1', returnSecureToken: true }) })).json())
      .refreshToken;
  const refresh = (/** @type {string} */ token) =>
    fetch(`${shell.url}/securetoken.googleapis.com/v1/token?key=k`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(token)}` });

  test('marks each session with when it signed in, kept across its refreshes', async () => {
    const before = Date.now();
    const token = await signIn();
    const { signedInAt, ...rest } = decode(token);
    assert.ok(signedInAt >= before && signedInAt <= Date.now());
    assert.deepEqual(rest, record);
    const renewed = await refresh(token);
    assert.equal(renewed.status, 200);
    assert.equal(decode((await renewed.json()).refresh_token).signedInAt, signedInAt);
  });

  test('answers TOKEN_EXPIRED to a session from before the account’s validSince, as Firebase does', async () => {
    validSince = 0;
    const older = await signIn();
    validSince = Math.floor(Date.now() / 1000) + 1;
    refreshes = 0;
    const refused = await refresh(older);
    assert.equal(refused.status, 400);
    assert.equal((await refused.json()).error.message, 'TOKEN_EXPIRED');
    assert.equal(refreshes, 0);
    // A session that signs in after it renews as before; a token the proxy never marked is not held to it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    assert.equal((await refresh(await signIn())).status, 200);
    assert.equal((await refresh(encode(record))).status, 200);
  });
});
