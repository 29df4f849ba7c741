// The headers every front end's static server sends. The Content-Security-Policy is built from
// the shell's runtime config (/config.json), so it names exactly the origins the page may load
// code from and talk to: the shell, the live remotes, the api, the identity provider, Stripe.

const STRIPE_JS = 'https://js.stripe.com';
const STRIPE_API = 'https://api.stripe.com';
const STRIPE_HOOKS = 'https://hooks.stripe.com';
const GOOGLE_API_SCRIPTS = 'https://apis.google.com';
const GOOGLE_IDENTITY = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

/** What of the runtime config (service-config.cjs) the policy reads. */
export interface PolicyConfig {
  apiUrl?: string;
  remotes?: Record<string, string>;
  releaseStoreUrl?: string;
  firebase?: { apiKey?: string; authDomain?: string; projectId?: string; useAuthEmulator?: boolean };
  stripePublishableKey?: string;
  stripeSandboxScriptUrl?: string;
}

export interface PolicyOptions {
  /** More places images come from (an S3 bucket's public URL). */
  imageOrigins?: string[];
  /** The nonce of this answer's own inline scripts (React's, revealing the sections a page streams late). */
  scriptNonce?: string;
  /** The sha256 of each inline script of a page kept and served to many (a nonce would be the same for all). */
  scriptHashes?: string[];
}

const originOf = (url: string | undefined): string | undefined => {
  if (url === undefined) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

export function contentSecurityPolicy(config: PolicyConfig, { imageOrigins = [], scriptNonce, scriptHashes = [] }: PolicyOptions = {}): string {
  // The remotes' own servers and the release store that serves their promoted versions.
  const remotes = [...Object.values(config.remotes ?? {}), config.releaseStoreUrl].map(originOf);
  const api = originOf(config.apiUrl);
  // The emulator is reached through the shell's own origin (tooling/auth-emulator/proxy.cjs).
  const realFirebase = Boolean(config.firebase && !config.firebase.useAuthEmulator);
  const firebaseFrames = realFirebase && config.firebase?.authDomain ? [`https://${config.firebase.authDomain}`] : [];
  const sandbox = originOf(config.stripeSandboxScriptUrl);
  const stripe = sandbox
    ? { scripts: [sandbox], connect: [sandbox], frames: [sandbox] }
    : config.stripePublishableKey
      ? { scripts: [STRIPE_JS], connect: [STRIPE_API], frames: [STRIPE_JS, STRIPE_HOOKS] }
      : { scripts: [], connect: [], frames: [] };

  const directives: Record<string, (string | undefined)[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...(scriptNonce ? [`'nonce-${scriptNonce}'`] : []),
      ...scriptHashes.map((hash) => `'sha256-${hash}'`),
      ...remotes,
      ...stripe.scripts,
      ...(realFirebase ? [GOOGLE_API_SCRIPTS] : []),
    ],
    // Manifests and chunks of the remotes, the api, the identity provider.
    'connect-src': ["'self'", api, ...remotes, ...stripe.connect, ...(realFirebase ? GOOGLE_IDENTITY : [])],
    'img-src': ["'self'", 'data:', 'blob:', api, ...remotes, ...imageOrigins.map(originOf)],
    // styled-components writes its rules into <style> elements.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'font-src': ["'self'", 'data:', ...remotes],
    'frame-src': ["'self'", ...stripe.frames, ...firebaseFrames],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources.filter(Boolean))].join(' ')}`)
    .join('; ');
}

/** https: the answer travels over TLS (HSTS goes out only then). */
export function securityHeaders(config: PolicyConfig, { https, imageOrigins }: { https: boolean; imageOrigins?: string[] }): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, { imageOrigins }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Only over https: a browser ignores it on plain http, and localhost must stay reachable so.
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
