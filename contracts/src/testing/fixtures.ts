import type { Part } from '../entities';
import { testObjectId } from './ids';

/** A part as the api answers it, different for each n; tests override the fields they rely on. */
export const testPart = (n: number, fields: Partial<Part> = {}): Part => ({
  _id: testObjectId(n),
  name: `Part ${n}`,
  img: '/images/parts/x.svg',
  description: 'A part.',
  category: 'Memory',
  price: 1000 * n,
  p_quantity: 20,
  min_quantity: 1,
  version: 1,
  ...fields,
});

/** The signed-in demo customer, as the auth store keeps a user. */
export const testCustomer = { uid: 'u1', email: 'customer@pcparts.dev', displayName: 'Demo Customer', photoURL: null, emailVerified: true };
