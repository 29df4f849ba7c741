import { z } from 'zod';
import { ADDRESS_LABEL_MAX, accountText } from './account';
import { shippingAddressSchema } from './address-schemas';
import { ALERT_KINDS } from './alerts';
import { centsSchema, countSchema, isoDateTimeSchema, objectIdStringSchema, savedAddressSchema } from './entity-schemas';
import { validationMessages as m } from './messages';
import { emailSchema, passwordSchema } from './schemas';
import { hasNoDirectionControls, isStorableText, trimText } from './text';

// The account settings' and the address book's bodies and answers (issue 46). Bodies strict,
// answers plain (entity-schemas.ts says why).

/** A saved address's label: optional, one short line; blank means none. */
export const addressLabelSchema = z
  .string()
  .refine(isStorableText, { error: m.textUnreadable, abort: true })
  .refine(hasNoDirectionControls, { error: m.textDirectionControls, abort: true })
  .transform(trimText)
  .pipe(z.string().max(ADDRESS_LABEL_MAX, accountText.labelTooLong));

/** POST /me/addresses. */
export const addressCreateSchema = z.strictObject({
  label: addressLabelSchema.optional(),
  address: shippingAddressSchema,
  /** The first saved address is the default whatever this says. */
  makeDefault: z.boolean().optional(),
});
export type AddressCreateInput = z.input<typeof addressCreateSchema>;

/** PATCH /me/addresses/{id}: a new label (null or blank: none), the whole address, or default-ness. */
export const addressUpdateSchema = z
  .strictObject({
    label: addressLabelSchema.nullable().optional(),
    address: shippingAddressSchema.optional(),
    makeDefault: z.literal(true, { error: 'makeDefault can only be true: make another address the default instead' }).optional(),
  })
  .refine((body) => body.label !== undefined || body.address !== undefined || body.makeDefault !== undefined, accountText.addressNothingToChange);
export type AddressUpdateInput = z.input<typeof addressUpdateSchema>;

/**
 * A saved address as the api answers it. needsCheck: taken from a free-text Address (its street
 * line), its other fields blank until the customer fills them in: the checkout does not offer it as is.
 */
export const addressBookEntrySchema = savedAddressSchema.extend({
  _id: objectIdStringSchema,
  label: z.string().optional(),
  isDefault: z.boolean(),
  needsCheck: z.literal(true).optional(),
});
export type AddressBookEntry = z.infer<typeof addressBookEntrySchema>;

/** GET /me/addresses: at most ADDRESS_BOOK_MAX, the default first (no paging: the list cannot grow past that). */
export const addressBookSchema = z.object({ addresses: z.array(addressBookEntrySchema), max: countSchema });
export type AddressBook = z.infer<typeof addressBookSchema>;

/** DELETE /me/addresses/{id}. */
export const addressDeletedAnswerSchema = z.object({ deleted: z.literal(true) });

/** DELETE /me: the account's email, typed again. */
export const closeAccountBodySchema = z.strictObject({ confirmEmail: emailSchema });
export const closeAccountAnswerSchema = z.object({ closed: z.literal(true), cancelledOrders: countSchema, keptOrders: countSchema });

/** POST /me/email-change: where the link goes. */
export const emailChangeBodySchema = z.strictObject({ newEmail: emailSchema.pipe(z.string().max(254, 'at most 254 characters')) });
export const emailChangeAnswerSchema = z.object({ sent: z.literal(true), newEmail: z.string() });

/** POST /account/email-recovery: the old address's "This was not me" link. */
export const emailRecoveryBodySchema = z.strictObject({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(2000, 'token is too long') });
export const emailRecoveryAnswerSchema = z.object({ restored: z.literal(true), email: z.string() });

/** Settings' forms: what each asks, checked before anything is sent. */
const typedPassword = z.string({ error: 'Type your password' }).min(1, 'Type your password');
export const emailChangeFormSchema = z.object({ newEmail: emailSchema, password: typedPassword });
export type EmailChangeForm = z.infer<typeof emailChangeFormSchema>;
export const passwordChangeFormSchema = z.object({ currentPassword: typedPassword, newPassword: passwordSchema });
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;
/** Closing: the email typed again, and the password for an account that has one (else the Google window asks). */
export const closeAccountFormSchema = z.object({ confirmEmail: emailSchema, password: z.string() });
export type CloseAccountForm = z.infer<typeof closeAccountFormSchema>;
/** The address book's form (Settings, the checkout): a label, the address, and whether it becomes the default. */
export const addressFormSchema = z.object({ label: addressLabelSchema, address: shippingAddressSchema, makeDefault: z.boolean() });

/** POST /me/sign-out-everywhere. */
export const signOutEverywhereAnswerSchema = z.object({ signedOutAt: isoDateTimeSchema });

/** An order in the export: its lines, what was paid and given back (ids and amounts: no card data). */
export const exportedOrderSchema = z.object({
  number: z.string(),
  placedAt: isoDateTimeSchema,
  status: z.string(),
  total: centsSchema,
  /** The one-line address (the spec's single orders) or the structured one (a checkout's). */
  shipTo: z.union([z.string(), savedAddressSchema]),
  phone: z.string(),
  delivery: z.object({ method: z.string(), amount: centsSchema }).optional(),
  lines: z.array(
    z.object({
      productId: objectIdStringSchema,
      productName: z.string(),
      quantity: countSchema,
      unitPrice: centsSchema,
      total: centsSchema,
      status: z.string(),
      paid: z.boolean(),
    }),
  ),
  payments: z.array(z.object({ paymentId: z.string(), amount: centsSchema })),
  refunds: z.array(z.object({ amount: centsSchema, reason: z.string(), at: isoDateTimeSchema })),
});
export type ExportedOrder = z.infer<typeof exportedOrderSchema>;

/** GET /me/export: everything the shop holds about the caller, as one JSON file. */
export const accountExportSchema = z.object({
  exportedAt: isoDateTimeSchema,
  account: z.object({ email: z.string(), role: z.enum(['admin', 'customer']), createdAt: isoDateTimeSchema, displayName: z.string().nullable(), emailVerified: z.boolean() }),
  profile: z.object({ Address: z.string().optional(), phone: z.string().optional(), profession: z.string().optional(), linkin: z.string().optional() }),
  addresses: z.array(addressBookEntrySchema),
  orders: z.array(exportedOrderSchema),
  reviews: z.array(z.object({ name: z.string(), review: z.string(), ratings: z.number(), createdAt: isoDateTimeSchema })),
  partReviews: z.array(
    z.object({ productId: objectIdStringSchema, rating: z.number(), title: z.string(), text: z.string(), helpful: countSchema, createdAt: isoDateTimeSchema }),
  ),
  builds: z.array(z.object({ _id: objectIdStringSchema, name: z.string(), cpu: z.string().nullable(), parts: z.record(z.string(), z.string()), createdAt: isoDateTimeSchema, updatedAt: isoDateTimeSchema })),
  alerts: z.array(
    z.object({ productId: objectIdStringSchema, productName: z.string(), kind: z.enum(ALERT_KINDS), priceBelow: centsSchema.optional(), status: z.string(), createdAt: isoDateTimeSchema }),
  ),
  /** What the account agreed to be emailed about, and how to withdraw it; the shop asks no other consent. */
  consents: z.array(z.object({ purpose: z.string(), givenAt: isoDateTimeSchema, withdraw: z.string() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
