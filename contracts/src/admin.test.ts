import { minimumOrderRule, partFormFields, partInputSchema } from './admin';

const valid = {
  name: 'Test Cooler',
  category: 'CPU Cooler',
  p_quantity: 10,
  min_quantity: 2,
  price: 4_999,
  description: 'Quiet.',
  img: 'http://localhost:4000/uploads/a.webp',
};
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('POST /tools body', () => {
  it('accepts a product and refuses unknown keys, a minimum above the quantity and fractional cents', () => {
    expect(partInputSchema.safeParse(valid).success).toBe(true);
    expect(partInputSchema.safeParse({ ...valid, rating: 5 }).success).toBe(false);
    expect(messages(partInputSchema.safeParse({ ...valid, min_quantity: 11 }))).toEqual([
      'Minimum order must not be above the quantity',
    ]);
    expect(partInputSchema.safeParse({ ...valid, price: 49.99 }).success).toBe(false);
    expect(partInputSchema.safeParse({ ...valid, price: { $gt: 0 } }).success).toBe(false);
  });

  it('says the spec messages for missing fields', () => {
    // The category picks the schema (its specs are the category's), so it is asked for first.
    expect(messages(partInputSchema.safeParse({}))).toEqual(['category must be one of: Motherboard, Memory, Storage, CPU Cooler, Power Supplies, Video Card']);
    const result = partInputSchema.safeParse({ category: 'Memory' });
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        'product Name is Required',
        'quantity is Required',
        'minimum order is Required',
        'price is Required',
        'product description is Required',
        'Image is Required',
      ]),
    );
  });
});

describe('the Add a Product form fields', () => {
  const form = partFormFields.refine(...minimumOrderRule);
  const typed = { name: 'X', category: 'Memory', p_quantity: '10', min_quantity: '2', price: '49.9', description: 'D' };

  it('turns dollars into cents and counts into numbers', () => {
    expect(form.parse(typed)).toMatchObject({ price: 4_990, p_quantity: 10, min_quantity: 2 });
  });

  it('refuses three decimals, zero, and empty fields with the spec words', () => {
    expect(messages(form.safeParse({ ...typed, price: '1.234' }))).toEqual(['price must be more than 0, with at most two decimals']);
    expect(messages(form.safeParse({ ...typed, price: '0' }))).toEqual(['price must be more than 0, with at most two decimals']);
    expect(messages(form.safeParse({ ...typed, name: '', p_quantity: '', min_quantity: '', price: '', description: '' }))).toEqual([
      'product Name is Required',
      'quantity is Required',
      'minimum order is Required',
      'price is Required',
      'product description is Required',
    ]);
    expect(messages(form.safeParse({ ...typed, p_quantity: '1.5' }))).toEqual(['must be a whole number']);
  });
});
