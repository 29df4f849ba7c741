import { addressLine, addressText, isPhoneNumber, shippingAddressSchema } from './address';

const address = { fullName: 'Sam Lee', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' };
const firstError = (changes: object) => shippingAddressSchema.safeParse({ ...address, ...changes }).error?.issues[0]?.message;

describe('shippingAddressSchema', () => {
  it('takes a real address and writes it on one line', () => {
    expect(shippingAddressSchema.parse(address)).toEqual(address);
    expect(addressLine(address)).toBe('Sam Lee, 12 Harbour Road, PO1 3AX Portsmouth, United Kingdom');
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
