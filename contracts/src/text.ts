import { z } from 'zod';
import { hasNoDirectionControls } from './direction-controls';
import { validationMessages as m } from './messages';

export { hasNoDirectionControls, withoutDirectionControls } from './direction-controls';

// The one rule for free text, in every form and every api body: what cannot be stored or shown is
// refused, what is blank is "required".

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
 * Free text: refused with a NUL, a control character or half an emoji (unpaired surrogate),
 * trimmed, and `required` (the spec's sentence) when nothing visible is left; at most `max`
 * characters.
 */
export function freeText(required: string, max: number, tooLong = `at most ${max} characters`) {
  return z
    .string({ error: required })
    .refine(isStorableText, { error: m.textUnreadable, abort: true })
    .refine(hasNoDirectionControls, { error: m.textDirectionControls, abort: true })
    .transform(trimText)
    .pipe(z.string().refine(hasVisibleCharacter, required).max(max, tooLong));
}

/** Text that may be empty (a search): refused when unstorable, trimmed; at most `max` characters. */
export function optionalText(max: number, tooLong = `at most ${max} characters`) {
  return z
    .string()
    .refine(isStorableText, { error: m.textUnreadable, abort: true })
    .refine(hasNoDirectionControls, { error: m.textDirectionControls, abort: true })
    .transform(trimText)
    .pipe(z.string().max(max, tooLong));
}
