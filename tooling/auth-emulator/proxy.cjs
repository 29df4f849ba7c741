// Puts the Firebase Auth emulator behind the shell's own origin, for development and tests only.
// The Google popup flow needs it twice over: the popup finds the SDK's helper iframe through
// window.opener.frames, which works only when both share an origin, and the helper iframe loads
// gapi from apis.google.com, which cannot load offline.
//
// What the shop's origin serves of it, and nothing more:
// - the REST calls the shop's own pages make (sign-in, sign-up, the account itself, the password
//   reset, Google through the stand-in, token refresh), each with only the fields the SDK sends;
// - its own two pages in place of the emulator's (`/emulator/auth/handler`, the Google popup, and
//   `/emulator/auth/iframe`, the SDK's helper), under a strict Content-Security-Policy: the
//   emulator's popup listed every Google account, signed anyone in as any email (verified, so it
//   took over password accounts) and sent the browser to any `redirectUrl`, `javascript:` included;
// - a Google "sign-in" made here (POST /__/auth-emulator/google-sign-in): the fake Google id_token
//   carries a subject only this process can make (an HMAC with the per-start secret the api checks,
//   AUTH_STAND_IN_SECRET) and an email the stand-in never vouches for (email_verified false), so
//   it opens no existing password account and proves no mailbox.
// - limits (createCallLimits): sign-ups per client address, password-reset emails per client address
//   and per email, each a 429 with a JSON sentence past its count (the emulator has no limit; with
//   the real Firebase, its own per-address quotas apply and the shell's server is not in the way).
//   Counted in this process: docs/production.md says why that is enough (the proxy never runs in
//   front of the real Firebase) and what a deployment of the demo with several shells puts in front.
// - what the real Firebase does and the emulator does not (issue 46): a password change needs a
//   sign-in of the last 5 minutes, and ending an account's sessions (a new password, sign out
//   everywhere) revokes its refresh tokens. Each refresh token the emulator hands out is marked
//   with the time its session signed in; a refresh of one from before the account's validSince is
//   answered TOKEN_EXPIRED, as Firebase answers it, and the SDK signs that browser out.
// - names with text-direction controls (U+202A–U+202E, U+2066–U+2069) are refused: a display name
//   becomes a review's public author.
// Answers carry no CORS of the emulator's (the shop's pages call it from their own origin) and no
// X-Powered-By. CommonJS, like contracts/src/service-config.cjs: the webpack config requires it, the ES module
// scripts and the Playwright tests import it.
const { createHmac } = require('node:crypto');
const { readFile } = require('node:fs/promises');
const http = require('node:http');
const path = require('node:path');

const ASSETS_PREFIX = '/__/auth-emulator/';
const PAGES_DIR = path.join(__dirname, 'pages');
/**
 * Files served under ASSETS_PREFIX.
 * @type {Record<string, string>}
 */
const ASSETS = {
  'gapi-stand-in.js': 'text/javascript; charset=utf-8',
  'google-sign-in.js': 'text/javascript; charset=utf-8',
  'google-sign-in.css': 'text/css; charset=utf-8',
  'helper-iframe.js': 'text/javascript; charset=utf-8',
};
const GOOGLE_SIGN_IN_PATH = `${ASSETS_PREFIX}google-sign-in`;
/**
 * The shop's own pages for the popup flow, at the paths the SDK opens.
 * @type {Record<string, { file: string, frameAncestors: string }>}
 */
const PAGES = {
  '/emulator/auth/handler': { file: 'google-sign-in.html', frameAncestors: "'none'" },
  '/emulator/auth/iframe': { file: 'helper-iframe.html', frameAncestors: "'self'" },
};

const EMULATOR_PREFIXES = ['/emulator/', '/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/'];
const IDENTITY = '/identitytoolkit.googleapis.com/v1/accounts:';
const RECAPTCHA_FIELDS = ['captchaResponse', 'clientType', 'recaptchaVersion'];
const ACTION_CODE_FIELDS = ['continueUrl', 'canHandleCodeInApp', 'iOSBundleId', 'androidPackageName', 'androidInstallApp', 'androidMinimumVersionCode', 'dynamicLinkDomain', 'linkDomain'];
/**
 * POST calls the shop's pages make, each with the only fields the SDK sends for them (and a check
 * of the values where one matters). Whatever else the emulator answers (the admin api, another
 * account by id or email, a verified flag, claims, deleting) stays unreachable from the shop.
 * @type {Record<string, { fields: string[], check?: (body: Record<string, unknown>) => boolean }>}
 */
const CALLS = {
  [`${IDENTITY}signInWithPassword`]: { fields: ['email', 'password', 'returnSecureToken', 'tenantId', ...RECAPTCHA_FIELDS] },
  [`${IDENTITY}signUp`]: { fields: ['email', 'password', 'returnSecureToken', 'tenantId', 'displayName', ...RECAPTCHA_FIELDS] },
  // The account itself, named by its own ID token (reload, the token's account).
  [`${IDENTITY}lookup`]: { fields: ['idToken'], check: (body) => typeof body.idToken === 'string' },
  // Forgot password only: the verification email comes from the shop (POST /user/verification-email).
  [`${IDENTITY}sendOobCode`]: {
    fields: ['requestType', 'email', 'tenantId', ...ACTION_CODE_FIELDS, ...RECAPTCHA_FIELDS],
    check: (body) => body.requestType === 'PASSWORD_RESET',
  },
  [`${IDENTITY}resetPassword`]: { fields: ['oobCode', 'newPassword', 'tenantId'], check: (body) => typeof body.oobCode === 'string' },
  // The profile's name (updateProfile), an emailed code (applyActionCode), or a new password
  // (updatePassword) with the account's own ID token of a recent sign-in: no email or flag.
  [`${IDENTITY}update`]: {
    fields: ['idToken', 'displayName', 'photoUrl', 'deleteAttribute', 'returnSecureToken', 'oobCode', 'tenantId', 'password'],
    check: (body) =>
      (typeof body.idToken === 'string' || typeof body.oobCode === 'string') &&
      (body.password === undefined || (typeof body.password === 'string' && typeof body.idToken === 'string')),
  },
  // Google, through the stand-in only; never linking to the signed-in account (idToken).
  [`${IDENTITY}signInWithIdp`]: {
    fields: ['requestUri', 'postBody', 'sessionId', 'returnSecureToken', 'returnIdpCredential', 'tenantId', 'pendingToken'],
  },
};
const TOKEN_REFRESH = '/securetoken.googleapis.com/v1/token';
/** Calls whose answers carry a new session's refresh token (marked with when it signed in). */
const SESSION_CALLS = new Set(['signInWithPassword', 'signUp', 'signInWithIdp', 'update'].map((name) => `${IDENTITY}${name}`));
/** A password change needs a sign-in at most this old (the real Firebase's CREDENTIAL_TOO_OLD_LOGIN_AGAIN). */
const RECENT_SIGN_IN_SECONDS = 5 * 60;
/** The text-direction controls (contracts/src/direction-controls.ts). */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
const MAX_CALL_BODY_BYTES = 64 * 1024;
/** The emulator's headers a browser must not get from the shop's origin. */
const DROPPED_ANSWER_HEADERS = /^(access-control-|x-powered-by$)/i;

/**
 * How many calls each client address (and, for password resets, each email) may make per window,
 * counted in this process. Documented in docs/ (Operations, "Rate limits"); tests pass smaller ones.
 */
const DEFAULT_CALL_LIMITS = {
  windowMs: 60 * 60 * 1000,
  signUpsPerAddress: 10,
  passwordResetsPerAddress: 10,
  passwordResetsPerEmail: 3,
};
/** Counted keys kept at most; past it the oldest windows are forgotten first (a flood of addresses). */
const MAX_COUNTED_KEYS = 50_000;

/**
 * Fixed-window counts per key, in this process.
 * @param {{ windowMs: number, now?: () => number }} options
 */
function createWindowCounts({ windowMs, now = Date.now }) {
  /** @type {Map<string, { hits: number, resetAt: number }>} */
  const counts = new Map();
  return {
    /**
     * Counts a call of `key` unless it is past `limit`: 0 when it may go on, else the seconds until it may.
     * @param {string} key
     * @param {number} limit
     */
    take(key, limit) {
      const at = now();
      let count = counts.get(key);
      if (!count || count.resetAt <= at) {
        counts.delete(key);
        if (counts.size >= MAX_COUNTED_KEYS) counts.delete(/** @type {string} */ (counts.keys().next().value));
        count = { hits: 0, resetAt: at + windowMs };
        counts.set(key, count);
      }
      if (count.hits >= limit) return Math.max(1, Math.ceil((count.resetAt - at) / 1000));
      count.hits += 1;
      return 0;
    },
  };
}

/**
 * The limits of the calls that make accounts and send emails, per client address and per email.
 * @param {Partial<typeof DEFAULT_CALL_LIMITS> & { now?: () => number }} [options]
 */
function createCallLimits(options = {}) {
  const limits = { ...DEFAULT_CALL_LIMITS, ...options };
  const counts = createWindowCounts({ windowMs: limits.windowMs, now: options.now });
  /**
   * 0 when this call may go on, else the seconds to wait.
   * @param {string} pathname
   * @param {Record<string, unknown>} body
   * @param {string} address
   */
  return (pathname, body, address) => {
    if (pathname === `${IDENTITY}signUp`) return counts.take(`sign-up\n${address}`, limits.signUpsPerAddress);
    if (pathname === `${IDENTITY}sendOobCode`) {
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      // The address first: a caller past it does not use up the email's count for its owner.
      return counts.take(`reset\n${address}`, limits.passwordResetsPerAddress) || counts.take(`reset-email\n${email}`, limits.passwordResetsPerEmail);
    }
    return 0;
  };
}

/** @param {number} seconds */
const waitText = (seconds) => (seconds < 120 ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : `${Math.ceil(seconds / 60)} minutes`);
/** The sentence of a limited call (the SDK reads `error.message`'s code, the shop shows its own sentence for it). */
const TOO_MANY = {
  signUp: (/** @type {number} */ seconds) => `Too many accounts were made from this address. Please try again in ${waitText(seconds)}.`,
  reset: (/** @type {number} */ seconds) => `Too many password reset emails were asked for. Please try again in ${waitText(seconds)}.`,
};

const PAGE_POLICY = (/** @type {string} */ frameAncestors) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');

/**
 * The Google subject the stand-in gives an email: an HMAC with the per-start secret, so the api
 * (api/src/auth/google-stand-in.ts, which makes the same value) knows the stand-in made it.
 * @param {string} secret
 * @param {string} email
 */
function standInGoogleSubject(secret, email) {
  return `stand-in-${createHmac('sha256', secret).update(`google.com\n${email.trim().toLowerCase()}`).digest('base64url')}`;
}

const EMAIL = /^[^\s@"<>]+@[^\s@"<>]+\.[A-Za-z]{2,}$/;

/**
 * @param {{ emulatorHost: string, standInSecret?: string, limits?: Parameters<typeof createCallLimits>[0] }} options
 *   emulatorHost: host:port of the emulator, e.g. '127.0.0.1:9099'. standInSecret: the per-start
 *   secret the api also has (AUTH_STAND_IN_SECRET); without it Google sign-in is refused. limits:
 *   other counts than DEFAULT_CALL_LIMITS (tests).
 * @returns {(req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>}
 *   true when the request was the proxy's to answer
 */
function createAuthEmulatorProxy({ emulatorHost, standInSecret, limits }) {
  const limited = createCallLimits(limits);
  return async (req, res) => {
    // Concatenated like forward(): `new URL('//', base)` throws.
    const { pathname, search } = new URL(`http://localhost${req.url ?? '/'}`);
    if (pathname.startsWith(ASSETS_PREFIX)) {
      if (pathname === GOOGLE_SIGN_IN_PATH && req.method === 'POST') {
        await makeGoogleSignIn(req, res, { emulatorHost, standInSecret });
        return true;
      }
      const name = pathname.slice(ASSETS_PREFIX.length);
      if (req.method !== 'GET' || !Object.hasOwn(ASSETS, name)) return refuse(req, res, 404);
      res.writeHead(200, { 'Content-Type': ASSETS[name], 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
      res.end(await readFile(path.join(PAGES_DIR, name)));
      return true;
    }
    if (!EMULATOR_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
    if (req.method === 'GET' && Object.hasOwn(PAGES, pathname)) {
      const page = PAGES[pathname];
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': PAGE_POLICY(page.frameAncestors),
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(await readFile(path.join(PAGES_DIR, page.file)));
      return true;
    }
    if (req.method === 'POST' && !req.headers.authorization && (Object.hasOwn(CALLS, pathname) || pathname === TOKEN_REFRESH)) {
      const body = await readBody(req);
      if (body && isShopCall(pathname, body, standInSecret)) {
        const json = jsonObject(body) ?? {};
        const wait = limited(pathname, json, req.socket.remoteAddress ?? 'unknown');
        if (wait > 0) return tooMany(res, wait, pathname.endsWith(':signUp') ? TOO_MANY.signUp(wait) : TOO_MANY.reset(wait));
        if (typeof json.displayName === 'string' && DIRECTION_CONTROLS.test(json.displayName)) {
          return firebaseError(res, 400, 'INVALID_DISPLAY_NAME : Remove the text-direction controls from the name.');
        }
        if (pathname === `${IDENTITY}update` && typeof json.password === 'string' && !signedInRecently(json.idToken)) {
          return firebaseError(res, 400, 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
        }
        if (pathname === TOKEN_REFRESH) {
          const session = refreshSession(body);
          if (session && (await sessionEnded(emulatorHost, session))) return firebaseError(res, 400, 'TOKEN_EXPIRED');
          forward(req, res, emulatorHost, `${pathname}${search}`, body, (answer) => markSession(answer, session?.signedInAt ?? Date.now()));
          return true;
        }
        forward(req, res, emulatorHost, `${pathname}${search}`, body, SESSION_CALLS.has(pathname) ? (answer) => markSession(answer, Date.now()) : undefined);
        return true;
      }
    }
    console.warn(`auth emulator proxy: refused ${req.method} ${pathname}`);
    return refuse(req, res, 403);
  };
}

/**
 * True for an emulator ID token (unsigned: the emulator checks it itself) whose sign-in is at most
 * RECENT_SIGN_IN_SECONDS old.
 * @param {unknown} idToken
 */
function signedInRecently(idToken) {
  if (typeof idToken !== 'string') return false;
  try {
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof claims.auth_time === 'number' && Date.now() / 1000 - claims.auth_time <= RECENT_SIGN_IN_SECONDS;
  } catch {
    return false;
  }
}

/**
 * The session a refresh call names: its account and project, and when it signed in (absent on
 * tokens the proxy did not mark, from before it did: those are not held to the check).
 * @param {Buffer} body
 * @returns {{ localId: string, projectId: string, signedInAt: number | undefined } | null}
 */
function refreshSession(body) {
  const token = new URLSearchParams(body.toString('utf8')).get('refresh_token') ?? '';
  try {
    const record = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    if (typeof record.localId !== 'string' || typeof record.projectId !== 'string') return null;
    return { localId: record.localId, projectId: record.projectId, signedInAt: typeof record.signedInAt === 'number' ? record.signedInAt : undefined };
  } catch {
    return null;
  }
}

/**
 * Whether the session signed in before the account's sessions were ended (its validSince, in
 * seconds, as Firebase compares them), asked of the emulator's admin lookup.
 * @param {string} emulatorHost
 * @param {{ localId: string, projectId: string, signedInAt: number | undefined }} session
 */
async function sessionEnded(emulatorHost, session) {
  if (session.signedInAt === undefined) return false;
  try {
    const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(session.projectId)}/accounts:lookup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: [session.localId] }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return false;
    const { users = [] } = /** @type {{ users?: { validSince?: string }[] }} */ (await response.json());
    const validSince = Number(users[0]?.validSince);
    return Number.isFinite(validSince) && Math.floor(session.signedInAt / 1000) < validSince;
  } catch {
    // The emulator answers the refresh itself (an account that is gone, say).
    return false;
  }
}

/**
 * The answer with its refresh token (refreshToken, or the token endpoint's refresh_token) marked
 * with when its session signed in. The emulator's refresh tokens are base64 JSON it reads back
 * without minding an extra field.
 * @param {Buffer} answer
 * @param {number} signedInAt
 */
function markSession(answer, signedInAt) {
  const json = jsonObject(answer);
  if (!json) return answer;
  for (const key of ['refreshToken', 'refresh_token']) {
    const token = json[key];
    if (typeof token !== 'string') continue;
    try {
      const record = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      json[key] = Buffer.from(JSON.stringify({ ...record, signedInAt }), 'utf8').toString('base64');
    } catch {
      // Not one of the emulator's: left as it is.
    }
  }
  return Buffer.from(JSON.stringify(json), 'utf8');
}

/**
 * An error in the shape the Firebase SDK reads (`error.message` is its code).
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {string} message
 * @returns {true}
 */
function firebaseError(res, status, message) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(JSON.stringify({ error: { code: status, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } }));
  return true;
}

/**
 * The body of a call, or null when it is too big to be one the SDK makes.
 * @param {http.IncomingMessage} req
 * @returns {Promise<Buffer | null>}
 */
async function readBody(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_CALL_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** @param {Buffer} body @returns {Record<string, unknown> | null} */
function jsonObject(body) {
  try {
    const json = JSON.parse(body.toString('utf8'));
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? json : null;
  } catch {
    return null;
  }
}

/**
 * A call the shop's pages make, with the fields the SDK sends and nothing else.
 * @param {string} pathname
 * @param {Buffer} body
 * @param {string | undefined} standInSecret
 */
function isShopCall(pathname, body, standInSecret) {
  if (pathname === TOKEN_REFRESH) {
    const form = new URLSearchParams(body.toString('utf8'));
    return form.get('grant_type') === 'refresh_token' && [...form.keys()].every((key) => key === 'grant_type' || key === 'refresh_token');
  }
  const json = jsonObject(body);
  const rule = CALLS[pathname];
  if (!json || !Object.keys(json).every((key) => rule.fields.includes(key))) return false;
  if (rule.check && !rule.check(json)) return false;
  if (pathname.endsWith(':signInWithIdp')) return isStandInGoogleSignIn(json, standInSecret);
  return true;
}

/**
 * A Google sign-in the stand-in made: the fake id_token (in requestUri's query or fragment, or
 * postBody) has the stand-in's subject for its email and does not vouch for the email.
 * @param {Record<string, unknown>} json
 * @param {string | undefined} standInSecret
 */
function isStandInGoogleSignIn(json, standInSecret) {
  if (!standInSecret || typeof json.requestUri !== 'string') return false;
  let params;
  try {
    const uri = new URL(json.requestUri);
    params = new URLSearchParams(uri.search);
    for (const [key, value] of new URLSearchParams(uri.hash.slice(1))) params.set(key, value);
    if (typeof json.postBody === 'string') for (const [key, value] of new URLSearchParams(json.postBody)) params.set(key, value);
  } catch {
    return false;
  }
  if (params.get('providerId') !== 'google.com' || params.has('access_token') || params.has('SAMLResponse')) return false;
  let claims;
  try {
    claims = JSON.parse(params.get('id_token') ?? '');
  } catch {
    return false;
  }
  return (
    typeof claims === 'object' &&
    claims !== null &&
    typeof claims.email === 'string' &&
    claims.email_verified === false &&
    claims.sub === standInGoogleSubject(standInSecret, claims.email)
  );
}

/**
 * POST /__/auth-emulator/google-sign-in `{email, displayName}` from the stand-in page: the fake
 * Google id_token for that email, unless an account with a password already uses it.
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {{ emulatorHost: string, standInSecret?: string }} options
 */
async function makeGoogleSignIn(req, res, { emulatorHost, standInSecret }) {
  /** @param {number} status @param {{ message: string } | { idToken: string }} body */
  const answer = (status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    res.end(JSON.stringify(body));
  };
  const origin = `http://${req.headers.host}`;
  const fromPage = req.headers.origin === origin || req.headers.origin === origin.replace('http:', 'https:');
  const body = await readBody(req);
  const json = body && fromPage ? jsonObject(body) : null;
  if (!standInSecret) return answer(503, { message: 'Google sign-in is not set up on this server (AUTH_STAND_IN_SECRET is unset).' });
  if (!json || typeof json.email !== 'string' || (json.displayName !== undefined && typeof json.displayName !== 'string')) {
    return answer(400, { message: 'Type an email address.' });
  }
  const email = json.email.trim().toLowerCase();
  const displayName = typeof json.displayName === 'string' ? json.displayName.trim().slice(0, 100) : '';
  if (email.length > 254 || !EMAIL.test(email)) return answer(400, { message: 'Type a whole email address, like sam@example.com.' });
  if (DIRECTION_CONTROLS.test(displayName)) return answer(400, { message: 'Remove the text-direction controls from the name.' });
  let methods;
  try {
    methods = await signInMethodsOf(emulatorHost, email);
  } catch {
    return answer(502, { message: 'The sign-in service cannot be reached. Try again shortly.' });
  }
  if (methods.some((method) => method !== 'google.com')) {
    return answer(409, { message: 'An account with this email signs in with its password. Close this window and log in with your password.' });
  }
  const claims = { sub: standInGoogleSubject(standInSecret, email), iss: '', aud: '', exp: 0, iat: 0, email, email_verified: false, ...(displayName ? { name: displayName } : {}) };
  return answer(200, { idToken: JSON.stringify(claims) });
}

/**
 * How an email signs in now (the emulator's createAuthUri): e.g. ['password'], [] for no account.
 * @param {string} emulatorHost
 * @param {string} email
 * @returns {Promise<string[]>}
 */
async function signInMethodsOf(emulatorHost, email) {
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:createAuthUri?key=stand-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: email, continueUri: 'http://localhost/' }),
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`createAuthUri answered ${response.status}`);
  const { signinMethods = [], allProviders = [] } = /** @type {{ signinMethods?: string[], allProviders?: string[] }} */ (await response.json());
  return [...new Set([...signinMethods, ...allProviders])];
}

/**
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {number} status
 * @returns {true}
 */
function refuse(req, res, status) {
  // Drain what was sent, so the connection can be reused.
  req.resume();
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ error: { code: status, message: 'The shop does not forward this call to the auth emulator.' } }));
  return true;
}

/**
 * A 429 with Retry-After and the sentence, in the shape the Firebase SDK reads (auth/too-many-requests).
 * @param {http.ServerResponse} res
 * @param {number} seconds
 * @param {string} message
 * @returns {true}
 */
function tooMany(res, seconds, message) {
  res.writeHead(429, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': String(seconds), 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(JSON.stringify({ message, error: { code: 429, message: `TOO_MANY_ATTEMPTS_TRY_LATER : ${message}` } }));
  return true;
}

/**
 * path: the one that was checked (normalised), so the emulator gets exactly what was allowed.
 * rewrite: what the answer's body becomes (a successful JSON answer, read whole; others pass as they are).
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {string} emulatorHost
 * @param {string} path
 * @param {Buffer} body
 * @param {((answer: Buffer) => Buffer) | undefined} [rewrite]
 */
function forward(req, res, emulatorHost, path, body, rewrite) {
  // Concatenated, not resolved: a path like //other.host/… must stay on the emulator.
  const target = new URL(`http://${emulatorHost}${path}`);
  // The shop's own call: the emulator needs no Origin (it would only echo it back as CORS).
  // No compression either, so an answer to rewrite is plain JSON.
  const { origin: _origin, 'transfer-encoding': _chunked, 'accept-encoding': _encodings, ...headers } = req.headers;
  const upstream = http.request(target, { method: req.method, headers: { ...headers, host: emulatorHost, 'content-length': String(body.length) } }, (answer) => {
    const kept = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !DROPPED_ANSWER_HEADERS.test(name)));
    const status = answer.statusCode ?? 502;
    if (rewrite && status === 200) {
      /** @type {Buffer[]} */
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        const rewritten = rewrite(Buffer.concat(chunks));
        const { 'content-length': _length, 'transfer-encoding': _chunked, ...rest } = kept;
        res.writeHead(status, { ...rest, 'Content-Length': String(rewritten.length), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
        res.end(rewritten);
      });
      answer.on('error', (error) => res.destroy(error));
      return;
    }
    res.writeHead(status, { ...kept, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (res.headersSent) res.destroy(error);
    else res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Auth emulator unreachable: ${error.message}`);
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.end(body);
}

module.exports = { createAuthEmulatorProxy, standInGoogleSubject, DEFAULT_CALL_LIMITS };
