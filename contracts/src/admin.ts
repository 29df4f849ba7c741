import { z } from 'zod';
import { freeText } from './text';
import { CATEGORIES, type Category, type Role } from './entities';
import { specsInputSchemas } from './part-specs';
import { countSchema, isoDateTimeSchema, objectIdStringSchema } from './entity-schemas';
import { validationMessages as m } from './messages';
import { parseDollarsToCents } from './money';

/** A page of a list that grows: the heading's count is `total`, not the page's length. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
}

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: countSchema, page: countSchema, pages: countSchema });

/** Rows per page of the admin tables. */
export const ADMIN_PAGE_SIZE = 20;

/** GET /user (admin): one account as the Make Admin table shows it. */
export interface UserSummary {
  email: string;
  role: Role;
  /** ISO time of the first sign-in. */
  createdAt: string;
}

export const userSummarySchema = z.object({
  email: z.string(),
  role: z.enum(['admin', 'customer']),
  createdAt: isoDateTimeSchema,
}) satisfies z.ZodType<UserSummary>;

/** What an admin did, for the Activity page (GET /activity). */
export const ACTIVITY_ACTIONS = [
  'user.promoted',
  'product.added',
  'product.deleted',
  'order.deleted',
  'order.status',
  'order.refunded',
  'review.hidden',
  'review.shown',
  'release.published',
  'release.promoted',
  'release.rolledBack',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export interface ActivityEntry {
  _id: string;
  action: ActivityAction;
  /** Email of the admin who did it. */
  actor: string;
  /** What it was done to, in words: an email, a product name, an order id. */
  target: string;
  /** e.g. the new status of an order. */
  details?: string;
  /** ISO time. */
  at: string;
}

export const activityEntrySchema = z.object({
  _id: objectIdStringSchema,
  action: z.enum(ACTIVITY_ACTIONS),
  actor: z.string(),
  target: z.string(),
  details: z.string().optional(),
  at: isoDateTimeSchema,
}) satisfies z.ZodType<ActivityEntry>;

/**
 * GET /reviews/all (admin): a review as the Reviews page shows it, hidden ones included. The
 * author is absent on the seeded demo reviews, which no account wrote.
 */
export interface ModeratedReview {
  _id: string;
  name: string;
  review: string;
  ratings: number;
  hidden: boolean;
  /** The account that wrote it: its email, and whether it is an admin's. */
  author?: { email: string; admin: boolean };
  /** ISO time. */
  createdAt: string;
}

export const moderatedReviewSchema = z.object({
  _id: objectIdStringSchema,
  name: z.string(),
  review: z.string(),
  ratings: z.number().int(),
  hidden: z.boolean(),
  author: z.object({ email: z.string(), admin: z.boolean() }).optional(),
  createdAt: isoDateTimeSchema,
}) satisfies z.ZodType<ModeratedReview>;

/** PATCH /reviews/{id} (admin): a hidden review is kept but never served to the public. Strict. */
export const reviewVisibilityInputSchema = z.strictObject({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});
export type ReviewVisibilityInput = z.infer<typeof reviewVisibilityInputSchema>;

/** PATCH /order/{id}/status (admin): what an admin may set; 'paid' comes from the payment only. */
export const ADMIN_ORDER_STATUSES = ['shipped', 'delivered', 'cancelled'] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];
export const orderStatusInputSchema = z.strictObject({
  status: z.enum(ADMIN_ORDER_STATUSES, { error: `status must be one of: ${ADMIN_ORDER_STATUSES.join(', ')}` }),
});

const PRODUCT_NAME_MAX = 120;
const DESCRIPTION_MAX = 2000;
const QUANTITY_MAX = 1_000_000;
/** $99,999.99 */
const PRICE_MAX_CENTS = 9_999_999;

const wholeCount = (required: string) =>
  z
    .number({ error: required })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(QUANTITY_MAX, `must be at most ${QUANTITY_MAX}`);

/** Minimum order ≤ quantity, said on the minimum order field (for `.refine(...minimumOrderRule)`). */
export const minimumOrderRule: [
  (part: { min_quantity: number; p_quantity: number }) => boolean,
  { message: string; path: PropertyKey[] },
] = [
  (part) => part.min_quantity <= part.p_quantity,
  { message: 'minimum order must not be above the quantity', path: ['min_quantity'] },
];

const partInputFields = {
  name: freeText(m.productNameRequired, PRODUCT_NAME_MAX),
  p_quantity: wholeCount(m.productQuantityRequired),
  min_quantity: wholeCount(m.minimumOrderRequired),
  price: z
    .number({ error: m.priceRequired })
    .int('price must be whole cents')
    .min(1, 'price must be more than 0')
    .max(PRICE_MAX_CENTS, 'price is too high'),
  description: freeText(m.descriptionRequired, DESCRIPTION_MAX),
  // http(s) only (never javascript: or data:); the api also requires its own uploads' address.
  img: z
    .string({ error: m.imageRequired })
    .min(1, m.imageRequired)
    .max(500, m.imageNotUploaded)
    .pipe(z.url({ protocol: /^https?$/, error: m.imageNotUploaded })),
};

const partInputOf = <C extends Category>(category: C) =>
  z.strictObject({ ...partInputFields, category: z.literal(category), specs: specsInputSchemas[category].optional() });

/**
 * POST /tools (admin): price in integer cents, img a URL answered by POST /uploads. Strict. `specs`
 * is optional (the spec's body has none) and, when given, must be the category's
 * (specsInputSchemas): a socket on a Memory part is refused.
 */
export const partInputSchema = z
  .discriminatedUnion(
    'category',
    [
      partInputOf('Motherboard'),
      partInputOf('Memory'),
      partInputOf('Storage'),
      partInputOf('CPU Cooler'),
      partInputOf('Power Supplies'),
      partInputOf('Video Card'),
    ],
    { error: (issue) => (issue.code === 'invalid_union' ? `category must be one of: ${CATEGORIES.join(', ')}` : undefined) },
  )
  .refine(...minimumOrderRule);
export type PartInput = z.infer<typeof partInputSchema>;

/** Text in a form field as a whole number, or undefined when empty (so "required" is said). */
const countText = (required: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? undefined : /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN) : value,
    wholeCount(required),
  );

/**
 * The Add a Product form's fields: the api's rules with the price typed in dollars. The front end
 * adds its photo field and `minimumOrderRule` (files are a browser thing; this file is server-safe).
 */
export const partFormFields = z.object({
  name: freeText(m.productNameRequired, PRODUCT_NAME_MAX),
  category: z.enum(CATEGORIES, { error: 'choose a category' }),
  p_quantity: countText(m.productQuantityRequired),
  min_quantity: countText(m.minimumOrderRequired),
  price: z
    .string()
    .trim()
    .min(1, m.priceRequired)
    .transform((text, context) => {
      const cents = parseDollarsToCents(text);
      if (cents === null || cents <= 0 || cents > PRICE_MAX_CENTS) {
        context.addIssue({ code: 'custom', message: 'price must be more than 0, with at most two decimals' });
        return z.NEVER;
      }
      return cents;
    }),
  description: freeText(m.descriptionRequired, DESCRIPTION_MAX),
});

/** POST /uploads: at most 5 MB, and what the file's bytes say it is. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const uploadResponseSchema = z.object({ success: z.literal(true), data: z.object({ url: z.url(), thumbUrl: z.url() }) });
