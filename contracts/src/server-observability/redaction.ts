// What a span may never hold: a token, a password, an email, an address or a card detail
// (docs/operations.md). Applied to every span as it ends, before any exporter sees it, whatever
// instrumentation set the attribute: the name of an attribute can condemn it, and so can its value.
import type { Attributes, AttributeValue } from '@opentelemetry/api';

/** Attribute names whose values are secrets or personal data, whatever they hold. */
const SECRET_NAME = /authorization|cookie|token|password|passwd|secret|api[._-]?key|e-?mail|address_line|street|postal|card|cvc|iban/i;
/** Addresses of the network are not postal ones: these names stay. */
const NETWORK_ADDRESS = /^(?:net|network|server|client|host|source|destination)\.|\.(?:ip|port|peer)\b/i;

const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** A JWT, a Firebase ID token or the api's access token (three base64url parts). */
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g;
/** Stripe's client secrets and keys. */
const STRIPE_SECRET = /\b(?:pi|seti|sk|rk|whsec)_[A-Za-z0-9_]*secret[A-Za-z0-9_]*|\b(?:sk|rk)_(?:test|live)_[A-Za-z0-9]+|\bwhsec_[A-Za-z0-9]+/g;
/** 13 to 19 digits, maybe grouped by spaces or dashes: a card number. */
const CARD_NUMBER = /\b\d(?:[ -]?\d){12,18}\b/g;
/** `token=…`, `password=…` in a query string or a form. */
const SECRET_PARAM = /([?&;](?:[^=&#]*(?:token|password|secret|code|key|email)[^=&#]*)=)[^&#\s]*/gi;

export const REDACTED = '[redacted]';

/** `text` with every email, token, secret and card number in it replaced. */
export function redactText(text: string): string {
  if (text.length < 6) return text;
  return text
    .replace(SECRET_PARAM, `$1${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(STRIPE_SECRET, REDACTED)
    .replace(EMAIL, REDACTED)
    .replace(CARD_NUMBER, REDACTED);
}

function redactValue(value: AttributeValue): AttributeValue {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? redactText(item) : item)) as AttributeValue;
  return value;
}

/** Whether an attribute of this name is dropped whatever its value. */
export function isSecretAttribute(name: string): boolean {
  return SECRET_NAME.test(name) && !NETWORK_ADDRESS.test(name);
}

/** Redacts `attributes` in place (the SDK's span keeps them in a plain object): secret names dropped, values scrubbed. */
export function redactAttributes(attributes: Attributes): Attributes {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    if (isSecretAttribute(name)) {
      attributes[name] = REDACTED;
      continue;
    }
    const clean = redactValue(value);
    if (clean !== value) attributes[name] = clean;
  }
  return attributes;
}
