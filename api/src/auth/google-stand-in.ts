import { createHmac } from 'node:crypto';

/**
 * The Google subject the demo's Google stand-in (the shell's auth-emulator proxy,
 * tooling/auth-emulator/proxy.cjs, which computes the same) gives an email: an HMAC with the
 * per-start secret AUTH_STAND_IN_SECRET. The emulator takes any fake Google id_token, so under it
 * the api accepts a Google identity only with this subject: one the stand-in made.
 */
export function standInGoogleSubject(secret: string, email: string): string {
  return `stand-in-${createHmac('sha256', secret).update(`google.com\n${email.trim().toLowerCase()}`).digest('base64url')}`;
}
