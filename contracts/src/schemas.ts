import { z } from 'zod';
import { validationMessages as m } from './messages';
import { freeText } from './text';
import { shippingAddressSchema } from './address-schemas';
import { isHttpUrl, isValidEmail } from './text-rules';

export { isHttpUrl, isValidEmail };

export const emailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .refine(isValidEmail, m.emailInvalid);

export const passwordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  // Before the length: six spaces are long enough but still no password.
  .refine((password) => password.trim().length > 0, m.passwordBlank)
  .min(6, m.passwordTooShort);

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = loginSchema.extend({
  name: freeText(m.nameRequired, 100),
});
export type SignupInput = z.infer<typeof signupSchema>;

/** Forgot password: the email alone, checked exactly as Login checks it. */
export const passwordResetRequestSchema = loginSchema.pick({ email: true });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** The new password set from a reset link: the same rule as Sign Up's. */
export const newPasswordSchema = loginSchema.pick({ password: true });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

export const reviewInputSchema = z.object({
  ratings: z
    .string({ error: m.ratingsRequired })
    .min(1, m.ratingsRequired)
    .regex(/^[0-5]$/, 'ratings must be a whole number from 0 to 5')
    .transform(Number),
  review: freeText(m.reviewRequired, 1000, 'review must be 1000 characters or fewer'),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

const requiredText = (message: string, max = 200) => freeText(message, max);


/** Body of PUT /user/{email} with an access token: the spec's field names, all required. */
export const profileUpdateSchema = z.strictObject({
  Address: requiredText(m.profileAddressRequired),
  phone: requiredText(m.profilePhoneRequired, 40),
  profession: requiredText(m.professionRequired, 100),
  linkin: requiredText(m.linkedinRequired, 300).refine(isHttpUrl, m.linkedinInvalid),
  /** The one address book: with it, Address is its line and the checkout uses it. */
  shippingAddress: shippingAddressSchema.optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
