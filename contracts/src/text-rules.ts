// What free text may hold, as plain functions: the schemas of text.ts are built on them, and the
// pages that check text without zod (the catalog's search in its URL) use them alone.

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
