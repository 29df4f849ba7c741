import { z } from 'zod';
import type { PartList } from './catalog-query';
import { CATEGORIES, type Profile, type Review, type Part } from './entities';

// What the api answers, checked by the front ends' fetchers. Plain objects (not strict): a field
// the api adds later does not break an older front end.

export const partSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  price: z.number().int(),
  p_quantity: z.number().int(),
  min_quantity: z.number().int(),
  createdAt: z.string().optional(),
}) satisfies z.ZodType<Part>;

export const partListSchema = z.object({
  items: z.array(partSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
}) satisfies z.ZodType<PartList>;

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  review: z.string(),
  ratings: z.number().int(),
  byAdmin: z.literal(true).optional(),
}) satisfies z.ZodType<Review>;

export const profileSchema = z.object({
  email: z.string(),
  Address: z.string().optional(),
  phone: z.string().optional(),
  profession: z.string().optional(),
  linkin: z.string().optional(),
}) satisfies z.ZodType<Profile>;
