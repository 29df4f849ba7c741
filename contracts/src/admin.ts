import { z } from 'zod';
import { freeText } from './text';
import { CATEGORIES, type Category, type Role } from './entities';
import { specsInputSchemas } from './part-specs-schemas';
import { isoDateTimeSchema, objectIdStringSchema } from './entity-schemas';
import { validationMessages as m } from './messages';
import { carrierSchema, shopNoteSchema, trackingNumberSchema } from './orders-schemas';
import { parseDollarsToCents } from './money';

/** A page of a list that grows: the heading's count is `total`, not the page's length. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
}

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

/** What an admin did, for the Activity page (GET /activity). The part before the dot is its kind. */
export const ACTIVITY_ACTIONS = [
  'user.promoted',
  'user.demoted',
  // A customer's own account (issue 46): actor and target are the account's email, but for a
  // closed account, which the log names by its id only.
  'user.addressesChanged',
  'user.emailChangeRequested',
  'user.emailChanged',
  'user.emailRestored',
  'user.passwordChanged',
  'user.signedOutEverywhere',
  'user.dataExported',
  'user.closed',
  'product.added',
  'product.edited',
  'product.deleted',
  'product.imported',
  'order.deleted',
  'order.status',
  'order.refunded',
  'order.return',
  'review.hidden',
  'review.shown',
  'review.votesCounted',
  'review.votesDiscarded',
  'release.published',
  'release.promoted',
  'release.rolledBack',
  'release.rolloutStarted',
  'release.rolloutRaised',
  'release.rolloutAdvanced',
  'release.rolloutCompleted',
  'release.rolloutAborted',
  'release.rolledBackAutomatically',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What an action was done to: the Activity page filters by it. */
export const ACTIVITY_KINDS = ['product', 'order', 'user', 'review', 'release'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const activityKindOf = (action: ActivityAction): ActivityKind => action.slice(0, action.indexOf('.')) as ActivityKind;

/** The actions of one kind (for a filter on the stored action). */
export const activityActionsOf = (kind: ActivityKind): ActivityAction[] => ACTIVITY_ACTIONS.filter((action) => activityKindOf(action) === kind);

/** One field an edit changed, as people read it: `price: $129.99 → $119.99`. */
export interface ActivityChange {
  field: string;
  from: string;
  to: string;
}

export interface ActivityEntry {
  _id: string;
  action: ActivityAction;
  /** Email of the admin who did it. */
  actor: string;
  /** What it was done to, as people know it: a product's name, an order's number, an email. */
  target: string;
  /** e.g. the new status of an order, with its carrier and tracking number. */
  details?: string;
  /** What an edit changed. */
  changes?: ActivityChange[];
  /**
   * The thing itself, to link to: a part's or review's id, an order's id, an account's email, a
   * remote's name; `exists` is false once it is gone (a deleted part). Absent when unknown (entries
   * older than the link).
   */
  subject?: { kind: ActivityKind; id: string; exists: boolean };
  /** A product edit that can be put back (POST /tools/{id}/put-back): the part is there and it was not put back yet. */
  canPutBack?: boolean;
  /** When an admin put this edit back, and who. */
  putBack?: { by: string; at: string };
  /** ISO time. */
  at: string;
}

export const activityEntrySchema = z.object({
  _id: objectIdStringSchema,
  action: z.enum(ACTIVITY_ACTIONS),
  actor: z.string(),
  target: z.string(),
  details: z.string().optional(),
  changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })).optional(),
  subject: z.object({ kind: z.enum(ACTIVITY_KINDS), id: z.string(), exists: z.boolean() }).optional(),
  canPutBack: z.boolean().optional(),
  putBack: z.object({ by: z.string(), at: isoDateTimeSchema }).optional(),
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
const statusChoices = `status must be one of: ${ADMIN_ORDER_STATUSES.join(', ')}`;

/**
 * Strict, by status: shipped needs the carrier and the tracking number, cancelled the reason the
 * customer is told; delivered takes nothing else.
 */
export const orderStatusInputSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({ status: z.literal('shipped'), carrier: carrierSchema, trackingNumber: trackingNumberSchema }),
    z.strictObject({ status: z.literal('delivered') }),
    z.strictObject({ status: z.literal('cancelled'), reason: shopNoteSchema }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' || issue.code === 'invalid_type' ? statusChoices : undefined) },
);
export type OrderStatusInput = z.output<typeof orderStatusInputSchema>;

/** DELETE /order/{id} (admin): the spec's call takes no body; a reason, when given, is told to the customer. */
export const adminOrderCancelInputSchema = z.strictObject({ reason: shopNoteSchema.optional() });

/** GET /order (admin): newest or oldest first. */
export const ORDER_LIST_SORTS = ['newest', 'oldest'] as const;
export type OrderListSort = (typeof ORDER_LIST_SORTS)[number];

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

const MINIMUM_ABOVE_STOCK = 'Minimum order must not be above the quantity';

/** Minimum order ≤ quantity, said on the minimum order field (for `.refine(...minimumOrderRule)`). */
export const minimumOrderRule: [
  (part: { min_quantity: number; p_quantity: number }) => boolean,
  { message: string; path: PropertyKey[] },
] = [
  (part) => part.min_quantity <= part.p_quantity,
  { message: MINIMUM_ABOVE_STOCK, path: ['min_quantity'] },
];

/** The Edit form's rule: the same, except that a part may be sold out (stock 0) whatever its minimum. */
export const minimumOrderEditRule: typeof minimumOrderRule = [
  (part) => part.p_quantity === 0 || part.min_quantity <= part.p_quantity,
  { message: MINIMUM_ABOVE_STOCK, path: ['min_quantity'] },
];

/**
 * The shop's own part pictures, served by the api under /images/parts (the seeded catalog's, as
 * GET /tools.csv writes them): a part may keep or take one as it may an upload.
 */
export const SHOP_PICTURE_PATH_PATTERN = /^\/images\/parts\/[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/;

const categorySchema = z.enum(CATEGORIES, { error: `category must be one of: ${CATEGORIES.join(', ')}` });

/** The fields of a part an admin writes (POST /tools, PATCH /tools/{id}), besides its category and specs. */
export const partInputFields = {
  name: freeText(m.productNameRequired, PRODUCT_NAME_MAX),
  p_quantity: wholeCount(m.productQuantityRequired),
  min_quantity: wholeCount(m.minimumOrderRequired),
  price: z
    .number({ error: m.priceRequired })
    .int('price must be whole cents')
    .min(1, 'price must be more than 0')
    .max(PRICE_MAX_CENTS, 'price is too high'),
  description: freeText(m.descriptionRequired, DESCRIPTION_MAX),
  // http(s) only (never javascript: or data:), or one of the shop's own pictures (the seeded
  // catalog's, served by the api); the api also requires its own uploads' address.
  img: z
    .string({ error: m.imageRequired })
    .min(1, m.imageRequired)
    .max(500, m.imageNotUploaded)
    .pipe(z.union([z.string().regex(SHOP_PICTURE_PATH_PATTERN), z.url({ protocol: /^https?$/ })], { error: m.imageNotUploaded })),
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

/** Stock as a count that may be 0 (sold out), as an edit may set it. */
const stockCount = (what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} must be 0 or more`)
    .max(QUANTITY_MAX, `${what} must be at most ${QUANTITY_MAX}`);

/** Our sentences about editing a part (the spec has none). */
export const partEditMessages = {
  versionRequired: 'version is required: send the version of the part you loaded',
  nothingToChange: 'Nothing to change: send at least one field besides version',
  /** 409: another admin saved the part since this one loaded it. */
  changedMeanwhile: 'This product was changed by someone else since you opened it. Reload it to see the current values, then make your change again.',
  /** 409: orders took more stock meanwhile than the edit takes away. */
  stockBelowZero: (available: number) =>
    `Orders took stock while you edited: only ${available} left now, fewer than your change takes away. Reload it and try again.`,
} as const;

/** The version of a part as the admin loaded it (an edit is refused once another saved it). */
export const partVersionSchema = z
  .number({ error: partEditMessages.versionRequired })
  .int(partEditMessages.versionRequired)
  .min(0, partEditMessages.versionRequired);

/** A stock change as `{from, to}`: the figure loaded and the one wanted (the api adds the difference). */
export const stockChangeSchema = z.strictObject(
  { from: stockCount('p_quantity.from'), to: stockCount('p_quantity.to') },
  { error: (issue) => (issue.code === 'invalid_type' ? 'p_quantity must be {from, to}: the stock you loaded and the stock you want' : undefined) },
);

/**
 * PATCH /tools/{id} (admin): only the fields sent change, if the part is still at `version` (the
 * one loaded). The stock is a change from the figure loaded to the new one (`{from, to}`): the api
 * adds the difference in one atomic step, so units ordered meanwhile are not lost. Strict.
 */
export const partPatchSchema = z
  .strictObject({
    version: partVersionSchema,
    name: partInputFields.name.optional(),
    category: categorySchema.optional(),
    price: partInputFields.price.optional(),
    min_quantity: partInputFields.min_quantity.optional(),
    description: partInputFields.description.optional(),
    img: partInputFields.img.optional(),
    p_quantity: stockChangeSchema.optional(),
    // Checked by the api against the part's category after the edit (specsInputSchemas), which
    // the body need not name: a socket on a Memory part is a 400 there.
    specs: z
      .record(z.string(), z.unknown(), { error: 'specs must be an object of the category’s specs, or null' })
      .nullable()
      .optional()
      .meta({
        description:
          'The part’s specs as POST /tools takes them for its category (after the edit), or null to remove them. A category change ' +
          'without specs removes the old ones (they were another category’s).',
      }),
  })
  .refine((patch) => Object.keys(patch).some((key) => key !== 'version'), { message: partEditMessages.nothingToChange })
  .refine((patch) => patch.min_quantity === undefined || patch.p_quantity === undefined || patch.min_quantity <= patch.p_quantity.to || patch.p_quantity.to === 0, {
    message: MINIMUM_ABOVE_STOCK,
    path: ['min_quantity'],
  });
export type PartPatch = z.output<typeof partPatchSchema>;

/** How the Activity page and the edit form name a part's fields. */
export const PART_FIELD_LABELS = {
  name: 'name',
  category: 'category',
  price: 'price',
  p_quantity: 'stock',
  min_quantity: 'minimum order',
  description: 'description',
  img: 'photo',
  specs: 'specs',
} as const;

/** Text in a form field as a number for `schema`, or undefined when empty (so "required" is said). */
const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? undefined : /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN) : value,
    schema,
  );

/** Text in a form field as a whole number, or undefined when empty (so "required" is said). */
const countText = (required: string) => numberText(wholeCount(required));

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

/** The Edit form's fields: the Add form's, with a stock that may be 0 (sold out). */
export const partEditFormFields = partFormFields.extend({
  p_quantity: numberText(
    z
      .number({ error: m.productQuantityRequired })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(QUANTITY_MAX, `must be at most ${QUANTITY_MAX}`),
  ),
});

/** POST /uploads: at most 5 MB, and what the file's bytes say it is. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const uploadResponseSchema = z.object({ success: z.literal(true), data: z.object({ url: z.url(), thumbUrl: z.url() }) });
