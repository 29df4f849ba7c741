import { z } from 'zod';
import type { PartList } from './catalog-query';
import { CATEGORIES, type Profile, type Review, type Part, type PartRating, type SavedAddress } from './entities';
import { partSpecsSchema } from './part-specs-schemas';
import { catalogFacetSchema } from './catalog-facets-schemas';

// What the api answers, checked by the front ends' fetchers. Plain objects (not strict): a field
// the api adds later does not break an older front end. The api's OpenAPI document describes its
// answers with these very schemas.

/** A MongoDB ObjectId as the api writes it: 24 lowercase hex digits. */
export const objectIdStringSchema = z.string().regex(/^[0-9a-f]{24}$/);
/** A time as the api writes it: ISO 8601 in UTC (`2026-11-24T13:35:19.000Z`). */
export const isoDateTimeSchema = z.iso.datetime();
/** Money: integer cents of US dollars (12999 is $129.99). */
export const centsSchema = z.number().int().min(0);
/** A count of things: a whole number, 0 or more. */
export const countSchema = z.number().int().min(0);

export const partRatingSchema = z.object({ average: z.number().min(0).max(5), count: countSchema }) satisfies z.ZodType<PartRating>;

export const partSchema = z.object({
  _id: objectIdStringSchema,
  name: z.string(),
  img: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  price: centsSchema,
  p_quantity: countSchema,
  min_quantity: countSchema,
  version: countSchema,
  specs: partSpecsSchema.optional(),
  rating: partRatingSchema.optional(),
  createdAt: isoDateTimeSchema.optional(),
}) satisfies z.ZodType<Part>;

export const partListSchema = z.object({
  items: z.array(partSchema),
  total: countSchema,
  page: countSchema,
  pages: countSchema,
  facets: z.array(catalogFacetSchema),
}) satisfies z.ZodType<PartList>;

export const reviewSchema = z.object({
  _id: objectIdStringSchema,
  name: z.string(),
  review: z.string(),
  ratings: z.number().int(),
  byAdmin: z.literal(true).optional(),
}) satisfies z.ZodType<Review>;

export const savedAddressSchema = z.object({
  fullName: z.string(),
  street: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  region: z.string().optional(),
  phone: z.string(),
}) satisfies z.ZodType<SavedAddress>;

export const profileSchema = z.object({
  email: z.string(),
  Address: z.string().optional(),
  phone: z.string().optional(),
  profession: z.string().optional(),
  linkin: z.string().optional(),
  shippingAddress: savedAddressSchema.optional(),
  shippingAddressNeedsCheck: z.literal(true).optional(),
}) satisfies z.ZodType<Profile>;

/** A page of a list that grows (`Page` in admin.ts): the items, how many in all, this page and how many pages. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: countSchema, page: countSchema, pages: countSchema });
