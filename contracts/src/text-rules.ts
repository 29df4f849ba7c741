// What free text may hold, and an email or web address, as plain functions: the schemas (text.ts,
// schemas.ts) are built on them, and the pages that check or show text without zod (the catalog's
// search in its URL, a profile's LinkedIn link) use them alone.

/** NUL and the other control characters (tab and line breaks aside), and halves of a surrogate pair. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNREADABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;
/** Characters that show nothing on their own: spaces, format characters (zero-width space, joiners, BOM), marks, fillers. */
const SHOWS_NOTHING = '\\p{White_Space}\\p{Cc}\\p{Cf}\\p{Mn}\\p{Me}\\u115F\\u1160\\u2800\\u3164\\uFFA0';
const VISIBLE = new RegExp(`[^${SHOWS_NOTHING}]`, 'u');
const EDGES = /^[\p{White_Space}\p{Cf}]+|[\p{White_Space}\p{Cf}]+$/gu;

/** False for text with a NUL, another control character or an unpaired surrogate. */
export const isStorableText = (text: string): boolean => !UNREADABLE.test(text);

/** True when at least one character of the text shows (a zero-width space alone does not). */
export const hasVisibleCharacter = (text: string): boolean => VISIBLE.test(text);

/** Without the spaces and invisible format characters at either end. */
export const trimText = (text: string): string => text.replace(EDGES, '');

/**
 * Accepts everything the spec's pattern accepts (lowercase letters or digits, @, letters,
 * a dot, 2-3 letters) and real-world addresses it would refuse: dots, plus and hyphens
 * before the @, subdomains, longer endings, capitals.
 */
const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,24}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** A full web address, as a LinkedIn profile must be. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}
