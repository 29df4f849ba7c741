import { z } from 'zod';
import type { SavedAddress } from './entities';
import { validationMessages as m } from './messages';

/** Where the shop ships (ISO 3166-1 alpha-2), in the order the checkout lists them. */
export const SHIPPING_COUNTRIES = [
  ['US', 'United States'],
  ['GB', 'United Kingdom'],
  ['CA', 'Canada'],
  ['IE', 'Ireland'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['LU', 'Luxembourg'],
  ['AT', 'Austria'],
  ['CH', 'Switzerland'],
  ['IT', 'Italy'],
  ['ES', 'Spain'],
  ['PT', 'Portugal'],
  ['DK', 'Denmark'],
  ['SE', 'Sweden'],
  ['NO', 'Norway'],
  ['FI', 'Finland'],
  ['PL', 'Poland'],
  ['CZ', 'Czechia'],
  ['JP', 'Japan'],
  ['SG', 'Singapore'],
  ['IN', 'India'],
  ['BD', 'Bangladesh'],
] as const;
export type CountryCode = (typeof SHIPPING_COUNTRIES)[number][0];
const COUNTRY_CODES = SHIPPING_COUNTRIES.map(([code]) => code) as [CountryCode, ...CountryCode[]];

export function countryName(code: string): string {
  return SHIPPING_COUNTRIES.find(([candidate]) => candidate === code)?.[1] ?? code;
}

/** The address form's texts, ours (the spec's purchase form has one free-text line). */
export const addressText = {
  fullNameRequired: 'full name is required',
  streetRequired: 'street is required',
  streetInvalid: 'Enter the street and the house number, e.g. 12 Harbour Road',
  cityRequired: 'city is required',
  cityInvalid: 'Enter the name of the city',
  postalCodeRequired: 'postal code is required',
  postalCodeInvalid: 'Enter a valid postal code',
  countryRequired: 'Choose the country from the list',
  phoneInvalid: 'Enter a phone number with its country code, e.g. +44 7700 900123',
  saveForNextTime: 'Save for next time',
} as const;

/** At least one letter that is not only punctuation: '12' or '---' is no street or city. */
const hasLetter = (value: string) => /\p{L}/u.test(value);

/**
 * A phone number as people write it: an optional +, digits with spaces, dots, dashes or
 * brackets between them, and 7 to 15 digits in all (the international numbering plan's most).
 */
export function isPhoneNumber(value: string): boolean {
  const text = value.trim();
  if (!/^\+?[0-9(][0-9 ().-]*[0-9]$/.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

const text = (required: string, max: number) => z.string({ error: required }).trim().min(1, required).max(max, `at most ${max} characters`);

/** A shipping address, checked the same way by the checkout form and the api (strict). */
export const shippingAddressSchema = z.strictObject({
  fullName: text(addressText.fullNameRequired, 100),
  street: text(addressText.streetRequired, 200).refine((value) => value.length >= 5 && hasLetter(value), addressText.streetInvalid),
  city: text(addressText.cityRequired, 100).refine(hasLetter, addressText.cityInvalid),
  postalCode: text(addressText.postalCodeRequired, 12).regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$/, addressText.postalCodeInvalid),
  country: z.enum(COUNTRY_CODES, { error: addressText.countryRequired }),
  phone: text(m.phoneRequired, 30).refine(isPhoneNumber, addressText.phoneInvalid),
});
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** The address on one line, as an order (and the spec's `address` field) keeps it. */
export function addressLine(address: Omit<SavedAddress, 'phone'>): string {
  return `${address.fullName}, ${address.street}, ${address.postalCode} ${address.city}, ${countryName(address.country)}`;
}
