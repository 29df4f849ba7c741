import type { PartSpecs } from './part-specs';

/** The six part categories of the spec, in the order the home page shows them. */
export const CATEGORIES = [
  'Motherboard',
  'Memory',
  'Storage',
  'CPU Cooler',
  'Power Supplies',
  'Video Card',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** A part for sale. The server path says "tools". Money is integer cents. */
export interface Part {
  _id: string;
  name: string;
  /** Absolute URL, or a path on the api host (resolve with resolveImageUrl). */
  img: string;
  description: string;
  category: Category;
  /** Unit price in integer cents. */
  price: number;
  /** Stock available. */
  p_quantity: number;
  /** Minimum order quantity. */
  min_quantity: number;
  /**
   * How many times an admin has edited it (0: never). An edit names the version it started from
   * and is refused if the part has moved on (PATCH /tools/{id}); orders do not change it.
   */
  version: number;
  /** Structured specs of the part's category (part-specs.ts); absent: 'specs unknown, not checked'. */
  specs?: PartSpecs;
  /** Its customers' reviews (issue 33): absent until the first shown review. */
  rating?: PartRating;
  createdAt?: string;
}

/** A part's rating as cards and the catalog show it: the average to one decimal and the count. */
export interface PartRating {
  average: number;
  count: number;
}

export type Role = 'admin' | 'customer';

export interface User {
  _id: string;
  email: string;
  role: Role;
}

/** A structured shipping address (address.ts checks it). */
export interface SavedAddress {
  fullName: string;
  street: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, one of SHIPPING_COUNTRIES. */
  country: string;
  /** A US state's code (required there); a province elsewhere, optional. */
  region?: string;
  phone: string;
}

/** Profile fields as the spec's server names them, and the address saved at checkout. */
export interface Profile {
  email: string;
  Address?: string;
  phone?: string;
  profession?: string;
  linkin?: string;
  shippingAddress?: SavedAddress;
  /**
   * The default address came from the spec's free-text Address (its street line, the rest blank):
   * the form opens with it filled and asks to check it.
   */
  shippingAddressNeedsCheck?: true;
}

export interface Review {
  _id: string;
  name: string;
  review: string;
  /** Whole number from 0 to 5. */
  ratings: number;
  /** Present (true) only when the author's account is an admin's: the card says so. */
  byAdmin?: true;
}

/** The one error shape every api response uses. */
export interface ApiErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}
