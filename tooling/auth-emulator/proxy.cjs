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

// Every path the browser SDK calls in emulator mode: the popup and iframe pages, the
// identity and token REST APIs.
const EMULATOR_PREFIXES = ['/emulator/', '/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/'];
const HELPER_IFRAME_PATH = '/emulator/auth/iframe';
const GAPI_SCRIPT_TAG = '<script src="https://apis.google.com/js/api.js"></script>';

/**
 * @param {{ emulatorHost: string }} options  host:port of the emulator, e.g. '127.0.0.1:9099'
 * @returns {(req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>}
 *   true when the request was the proxy's to answer
 */
function createAuthEmulatorProxy({ emulatorHost }) {
  return async (req, res) => {
    // Concatenated like forward(): `new URL('//', base)` throws.
    const { pathname } = new URL(`http://localhost${req.url ?? '/'}`);
    if (pathname === GAPI_STAND_IN_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(await readFile(STAND_IN_FILE));
      return true;
    }
    if (!EMULATOR_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
    forward(req, res, emulatorHost, pathname === HELPER_IFRAME_PATH);
    return true;
  };
}

function forward(req, res, emulatorHost, isHelperIframe) {
  // Concatenated, not resolved: a path like //other.host/… must stay on the emulator.
  const target = new URL(`http://${emulatorHost}${req.url}`);
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
  req.pipe(upstream);
}

function sendHelperIframe(answer, res) {
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
