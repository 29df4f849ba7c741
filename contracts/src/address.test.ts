import { addressLine, addressText, cityLine, isPhoneNumber } from './address';
import { shippingAddressSchema } from './address-schemas';
import { validationMessages } from './messages';

const address = { fullName: 'Sam Lee', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' };
const firstError = (changes: object) => shippingAddressSchema.safeParse({ ...address, ...changes }).error?.issues[0]?.message;

describe('shippingAddressSchema', () => {
  it('takes a real address and writes it on one line', () => {
    expect(shippingAddressSchema.parse(address)).toEqual(address);
    expect(addressLine(address)).toBe('Sam Lee, 12 Harbour Road, Portsmouth PO1 3AX, United Kingdom');
  });

  it('refuses what the old free-text line let through: "12", a phone of letters, a country not on the list', () => {
    expect(firstError({ street: '12' })).toBe(addressText.streetInvalid);
    expect(firstError({ phone: 'abc' })).toBe(addressText.phoneInvalid);
    expect(firstError({ phone: '' })).toBe('phone number is required');
    expect(firstError({ country: 'XX' })).toBe(addressText.countryRequired);
    expect(firstError({ city: '---' })).toBe(addressText.cityInvalid);
    expect(firstError({ postalCode: '!' })).toBe(addressText.postalCodeInvalid);
    expect(firstError({ fullName: '  ' })).toBe(addressText.fullNameRequired);
    expect(shippingAddressSchema.safeParse({ ...address, extra: 1 }).success).toBe(false);
  });

  it('checks the postal code against the chosen country, with a sentence naming its form', () => {
    // The walkthrough's finding: a London street and a UK postcode, the country left on United States.
    expect(firstError({ country: 'US', region: 'CA', postalCode: 'SW1A 1AA' })).toBe(addressText.postalCodeFor('US', '94103'));
    expect(addressText.postalCodeFor('US', '94103')).toBe('Enter a postal code as United States writes it, e.g. 94103');
    expect(firstError({ country: 'CA', postalCode: '94103' })).toBe(addressText.postalCodeFor('CA', 'K1A 0B1'));
    expect(firstError({ country: 'DE', postalCode: '1234' })).toBe(addressText.postalCodeFor('DE', '10115'));
    expect(firstError({ country: 'GB', postalCode: '12345' })).toBe(addressText.postalCodeFor('GB', 'SW1A 1AA'));
    for (const [country, postalCode] of [['US', '94103-1234'], ['GB', 'sw1a1aa'], ['CA', 'K1A 0B1'], ['NL', '1012 AB'], ['PT', '1100-148'], ['IE', 'D02 X285'], ['JP', '100-0001']] as const) {
      expect({ country, ok: shippingAddressSchema.safeParse({ ...address, country, postalCode, region: 'CA' }).success }).toEqual({ country, ok: true });
    }
  });

  it('asks a US address for its state (sales tax is by state), and names it on the address line', () => {
    const us = { ...address, street: '1 Market Street', city: 'San Francisco', postalCode: '94103', country: 'US' };
    expect(firstError(us)).toBe(addressText.regionRequired);
    expect(firstError({ ...us, region: 'XX' })).toBe(addressText.regionRequired);
    expect(shippingAddressSchema.parse({ ...us, region: 'CA' }).region).toBe('CA');
    expect(addressLine({ ...us, region: 'CA' })).toBe('Sam Lee, 1 Market Street, San Francisco, CA 94103, United States');
    expect(shippingAddressSchema.safeParse(address).success).toBe(true);
  });
});

it('refuses text-direction controls in the name, street, city and state (they make an address read otherwise)', () => {
  for (const field of ['fullName', 'street', 'city'] as const) {
    expect(firstError({ [field]: `${address[field]}\u202E` })).toBe(validationMessages.textDirectionControls);
  }
  expect(firstError({ country: 'US', postalCode: '94103', region: 'C\u2066A' })).toBe(validationMessages.textDirectionControls);
  expect(firstError({ street: '12 Harbour\u0000 Road' })).toBe(validationMessages.textUnreadable);
});

describe('cityLine', () => {
  it.each([
    [{ city: 'San Francisco', region: 'CA', postalCode: '94105', country: 'US' }, 'San Francisco, CA 94105'],
    [{ city: 'Ottawa', region: 'ON', postalCode: 'K1A 0B1', country: 'CA' }, 'Ottawa, ON K1A 0B1'],
    [{ city: 'Sydney', region: 'NSW', postalCode: '2000', country: 'AU' }, 'Sydney NSW 2000'],
    [{ city: 'Berlin', postalCode: '10115', country: 'DE' }, '10115 Berlin'],
    [{ city: 'Amsterdam', postalCode: '1012 AB', country: 'NL' }, '1012 AB Amsterdam'],
    [{ city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB' }, 'Portsmouth PO1 3AX'],
    [{ city: 'Singapore', postalCode: '018956', country: 'SG' }, 'Singapore 018956'],
    [{ city: 'Tokyo', postalCode: '100-0001', country: 'JP' }, 'Tokyo 100-0001'],
  ])('writes %j as the country does: %s', (address, line) => {
    expect(cityLine(address)).toBe(line);
  });
});

describe('isPhoneNumber', () => {
  it.each([
    ['+44 7700 900123', true],
    ['(555) 010-0199', true],
    ['+1.555.010.0199', true],
    ['555 0100', true],
    ['12345', false],
    ['abc', false],
    ['+44 7700 9001234567890', false],
    ['555-0100-', false],
  ])('%s: %s', (phone, ok) => {
    expect(isPhoneNumber(phone)).toBe(ok);
  });
});
