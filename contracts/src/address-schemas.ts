import { z } from 'zod';
import { addressText, COUNTRY_CODES, isPhoneNumber, POSTAL_CODE_FORMS, US_STATE_CODES } from './address';
import { validationMessages as m } from './messages';
import { hasNoDirectionControls } from './direction-controls';
import { isStorableText } from './text-rules';

// The shipping address's schema, apart from its texts, countries and lines (address.ts): the pages
// that show an address do not load zod.

/** At least one letter that is not only punctuation: '12' or '---' is no street or city. */
const hasLetter = (value: string) => /\p{L}/u.test(value);

/** A line of the address as a person types it: no control characters or direction controls (text.ts's rule), trimmed. */
const text = (required: string, max: number) =>
  z
    .string({ error: required })
    .refine(isStorableText, { error: m.textUnreadable, abort: true })
    .refine(hasNoDirectionControls, { error: m.textDirectionControls, abort: true })
    .trim()
    .min(1, required)
    .max(max, `at most ${max} characters`);

/** A shipping address, checked the same way by the checkout form and the api (strict). */
export const shippingAddressSchema = z.strictObject({
  fullName: text(addressText.fullNameRequired, 100),
  street: text(addressText.streetRequired, 200).refine((value) => value.length >= 5 && hasLetter(value), addressText.streetInvalid),
  city: text(addressText.cityRequired, 100).refine(hasLetter, addressText.cityInvalid),
  postalCode: text(addressText.postalCodeRequired, 12).regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$/, addressText.postalCodeInvalid),
  country: z.enum(COUNTRY_CODES, { error: addressText.countryRequired }),
  /** A US state's code (required there: sales tax is by state); a province or county elsewhere, optional. */
  region: z
    .string()
    .refine(isStorableText, { error: m.textUnreadable, abort: true })
    .refine(hasNoDirectionControls, { error: m.textDirectionControls, abort: true })
    .trim()
    .max(50, addressText.regionInvalid)
    .optional(),
  phone: text(m.phoneRequired, 30).refine(isPhoneNumber, addressText.phoneInvalid),
}).superRefine((address, ctx) => {
  const form = POSTAL_CODE_FORMS[address.country];
  if (form && !form.pattern.test(address.postalCode)) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: addressText.postalCodeFor(address.country, form.example) });
  }
  if (address.country === 'US' && !US_STATE_CODES.has((address.region ?? '').toUpperCase())) {
    ctx.addIssue({ code: 'custom', path: ['region'], message: addressText.regionRequired });
  }
});
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
