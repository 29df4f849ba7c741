// Puts the Firebase Auth emulator behind the shell's own origin, for development and tests only.
// The Google popup flow needs it twice over: the emulator's popup finds the SDK's helper iframe
// through window.opener.frames, which works only when both share an origin, and the helper
// iframe loads gapi from apis.google.com, which is swapped here for a same-origin stand-in.
// CommonJS, like service-config.cjs: the webpack config requires it, the ES module scripts and
// the Playwright tests import it.
const { readFile } = require('node:fs/promises');
const http = require('node:http');
const path = require('node:path');

const GAPI_STAND_IN_PATH = '/__/auth-emulator/gapi-stand-in.js';
const STAND_IN_FILE = path.join(__dirname, 'gapi-stand-in.js');

// The emulator's surface under the shell's origin. Only the calls the browser SDK makes for the
// shell's pages pass; the rest of it (the admin api: `projects/…` calls, `Authorization: Bearer
// owner`, and /emulator/v1/… with every account and emailed code) would let anyone who reaches
// the shell read accounts and make themselves admin. Tests call the emulator on its own port.
const EMULATOR_PREFIXES = ['/emulator/', '/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/'];
const HELPER_IFRAME_PATH = '/emulator/auth/iframe';
/** GET: the Google popup's page and the SDK's helper iframe. */
const PAGES = new Set(['/emulator/auth/handler', HELPER_IFRAME_PATH]);
/** POST: sign-in, sign-up, the account itself, emailed links, Google, token refresh. */
const CALLS = new Set([
  ...['signInWithPassword', 'signUp', 'lookup', 'sendOobCode', 'resetPassword', 'update', 'createAuthUri', 'signInWithIdp'].map(
    (call) => `/identitytoolkit.googleapis.com/v1/accounts:${call}`,
  ),
  '/securetoken.googleapis.com/v1/token',
]);
/** Fields only the admin api sends (the SDK never does): another account, a verified flag, claims. */
const ADMIN_FIELDS = ['localId', 'emailVerified', 'customAttributes', 'disableUser', 'validSince', 'tenantId', 'targetProjectId'];
const MAX_CALL_BODY_BYTES = 64 * 1024;
const GAPI_SCRIPT_TAG = '<script src="https://apis.google.com/js/api.js"></script>';

/**
 * @param {{ emulatorHost: string }} options  host:port of the emulator, e.g. '127.0.0.1:9099'
 * @returns {(req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>}
 *   true when the request was the proxy's to answer
 */
function createAuthEmulatorProxy({ emulatorHost }) {
  return async (req, res) => {
    // Concatenated like forward(): `new URL('//', base)` throws.
    const { pathname, search } = new URL(`http://localhost${req.url ?? '/'}`);
    if (pathname === GAPI_STAND_IN_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(await readFile(STAND_IN_FILE));
      return true;
    }
    if (!EMULATOR_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
    if (req.method === 'GET' && PAGES.has(pathname) && !req.headers.authorization) {
      forward(req, res, emulatorHost, `${pathname}${search}`, pathname === HELPER_IFRAME_PATH);
      return true;
    }
    if (req.method === 'POST' && CALLS.has(pathname) && !req.headers.authorization) {
      const body = await readBody(req);
      if (body && isBrowserCall(pathname, body)) {
        forward(req, res, emulatorHost, `${pathname}${search}`, false, body);
        return true;
      }
    }
    console.warn(`auth emulator proxy: refused ${req.method} ${pathname}`);
    refuse(req, res);
    return true;
  };
}

/**
 * The body of a call, or null when it is too big to be one the SDK makes.
 * @param {http.IncomingMessage} req
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

/**
 * What the SDK sends: accounts:lookup and :update name the account by its own ID token, never by id or email.
 * @param {string} pathname
 * @param {Buffer} body
 */
function isBrowserCall(pathname, body) {
  if (pathname.startsWith('/securetoken.')) return true;
  let json;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return false;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  if (pathname.endsWith(':lookup')) return typeof json.idToken === 'string' && Object.keys(json).every((key) => key === 'idToken');
  return !ADMIN_FIELDS.some((field) => field in json);
}

/**
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 */
function refuse(req, res) {
  // Drain what was sent, so the connection can be reused.
  req.resume();
  res.writeHead(403, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ error: { code: 403, message: 'The shop does not forward this call to the auth emulator.' } }));
}

/**
 * path: the one that was checked (normalised), so the emulator gets exactly what was allowed.
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {string} emulatorHost
 * @param {string} path
 * @param {boolean} isHelperIframe
 * @param {Buffer | null} [body]
 */
function forward(req, res, emulatorHost, path, isHelperIframe, body) {
  // Concatenated, not resolved: a path like //other.host/… must stay on the emulator.
  const target = new URL(`http://${emulatorHost}${path}`);
  const headers = { ...req.headers, host: emulatorHost };
  const upstream = http.request(target, { method: req.method, headers }, (answer) => {
    if (isHelperIframe) sendHelperIframe(answer, res);
    else {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    }
  });
  upstream.on('error', (error) => {
    if (res.headersSent) res.destroy(error);
    else res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Auth emulator unreachable: ${error.message}`);
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
}

/**
 * @param {http.IncomingMessage} answer
 * @param {http.ServerResponse} res
 */
function sendHelperIframe(answer, res) {
  /** @type {Buffer[]} */
  const chunks = [];
  answer.on('data', (chunk) => chunks.push(chunk));
  answer.on('end', () => {
    const html = Buffer.concat(chunks).toString('utf8');
    // Fail loudly if a firebase-tools update changes the page: a silent miss would only show up
    // as "Error loading gapi.iframe" in the browser.
    if (!html.includes(GAPI_SCRIPT_TAG)) {
      res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`The emulator's ${HELPER_IFRAME_PATH} page no longer loads gapi as ${GAPI_SCRIPT_TAG}; update tooling/auth-emulator/proxy.cjs.`);
      return;
    }
    const body = html.replace(GAPI_SCRIPT_TAG, `<script src="${GAPI_STAND_IN_PATH}"></script>`);
    const { 'content-length': _length, 'transfer-encoding': _encoding, ...headers } = answer.headers;
    res.writeHead(answer.statusCode ?? 502, { ...headers, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
}

module.exports = { createAuthEmulatorProxy };
