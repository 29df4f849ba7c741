import type { SavedAddress } from './entities';

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
export const COUNTRY_CODES = SHIPPING_COUNTRIES.map(([code]) => code) as [CountryCode, ...CountryCode[]];

export function countryName(code: string): string {
  return SHIPPING_COUNTRIES.find(([candidate]) => candidate === code)?.[1] ?? code;
}

/** The address form's texts, ours (the spec's purchase form has one free-text line). */
export const addressText = {
  fullNameRequired: 'Full name is required',
  streetRequired: 'Street is required',
  streetInvalid: 'Enter the street and the house number, e.g. 12 Harbour Road',
  cityRequired: 'City is required',
  cityInvalid: 'Enter the name of the city',
  postalCodeRequired: 'Postal code is required',
  postalCodeInvalid: 'Enter a valid postal code',
  countryRequired: 'Choose the country from the list',
  regionRequired: 'Choose the state',
  regionInvalid: 'At most 50 characters',
  region: 'State / province',
  /** The postal code does not have the country's form. */
  postalCodeFor: (country: string, example: string) => `Enter a postal code as ${countryName(country)} writes it, e.g. ${example}`,
  phoneInvalid: 'Enter a phone number with its country code, e.g. +44 7700 900123',
  saveForNextTime: 'Save for next time',
} as const;

/** US states and DC (USPS codes): a US address names one, since sales tax is by state. */
export const US_STATES = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'],
  ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'],
  ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'],
  ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'],
  ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'],
  ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'],
  ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const;
export type UsState = (typeof US_STATES)[number][0];
export const US_STATE_CODES = new Set<string>(US_STATES.map(([code]) => code));

/**
 * Each country's postal code as its post office writes it (an example for the error sentence).
 * Letters are matched in either case; spaces where the form has one are optional.
 */
export const POSTAL_CODE_FORMS: Record<CountryCode, { pattern: RegExp; example: string }> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '94103' },
  GB: { pattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i, example: 'SW1A 1AA' },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i, example: 'K1A 0B1' },
  IE: { pattern: /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/i, example: 'D02 X285' },
  AU: { pattern: /^\d{4}$/, example: '2000' },
  NZ: { pattern: /^\d{4}$/, example: '6011' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/i, example: '1012 AB' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  LU: { pattern: /^(L-?)?\d{4}$/i, example: 'L-1111' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  ES: { pattern: /^\d{5}$/, example: '28013' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1100-148' },
  DK: { pattern: /^\d{4}$/, example: '1050' },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: '111 52' },
  NO: { pattern: /^\d{4}$/, example: '0150' },
  FI: { pattern: /^\d{5}$/, example: '00100' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-950' },
  CZ: { pattern: /^\d{3} ?\d{2}$/, example: '110 00' },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: '100-0001' },
  SG: { pattern: /^\d{6}$/, example: '018956' },
  IN: { pattern: /^[1-9]\d{5}$/, example: '110001' },
  BD: { pattern: /^\d{4}$/, example: '1000' },
};


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


/** Where the postal code goes before the city ("10115 Berlin"), as most of continental Europe writes it. */
const POSTAL_CODE_FIRST = new Set<string>(['DE', 'FR', 'NL', 'BE', 'LU', 'AT', 'CH', 'IT', 'ES', 'PT', 'DK', 'SE', 'NO', 'FI', 'PL', 'CZ']);

/**
 * The city, region and postal code as the country's post writes them: "San Francisco, CA 94105"
 * (the US, Canada), "Sydney NSW 2000" (Australia), "10115 Berlin" (continental Europe), and the
 * city before the code elsewhere ("Portsmouth PO1 3AX", "Singapore 018956").
 */
export function cityLine(address: Pick<SavedAddress, 'city' | 'postalCode' | 'country' | 'region'>): string {
  const { city, postalCode } = address;
  const region = address.region?.trim() || undefined;
  if (address.country === 'US' || address.country === 'CA') return `${city}, ${region ? `${region} ` : ''}${postalCode}`;
  if (address.country === 'AU') return `${city}${region ? ` ${region}` : ''} ${postalCode}`;
  if (POSTAL_CODE_FIRST.has(address.country)) return `${postalCode} ${city}${region ? `, ${region}` : ''}`;
  return `${city}${region ? `, ${region}` : ''} ${postalCode}`;
}

/** The address on one line, as an order (and the spec's `address` field) keeps it, written as its country writes it. */
export function addressLine(address: Omit<SavedAddress, 'phone'>): string {
  return `${address.fullName}, ${address.street}, ${cityLine(address)}, ${countryName(address.country)}`;
}
