import { z } from 'zod';
import { hasNoDirectionControls } from './direction-controls';
import { validationMessages as m } from './messages';
import { hasVisibleCharacter, isStorableText, trimText } from './text-rules';

export { hasNoDirectionControls, withoutDirectionControls } from './direction-controls';
export { hasVisibleCharacter, isStorableText, trimText } from './text-rules';

// The one rule for free text, in every form and every api body: what cannot be stored or shown is
// refused, what is blank is "required".

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
