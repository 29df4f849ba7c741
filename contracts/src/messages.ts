/**
 * Every user-facing text the spec fixes, character for character.
 * Forms, toasts and the api all read from here.
 */
export const validationMessages = {
  emailRequired: 'email is required',
  emailInvalid: 'provide a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'must be 6 characters or longer',
  nameRequired: 'name is required',
  quantityRequired: 'quantity is required',
  quantityMin: (min: number) => `Minimum order quantity at least ${min}`,
  quantityMax: (max: number) => `Maximum order quantity ${max}`,
  addressRequired: 'address is required',
  phoneRequired: 'phone number is required',
  ratingsRequired: 'ratings is required',
  reviewRequired: 'review is required',
  productNameRequired: 'product Name is Required',
  productQuantityRequired: 'quantity is Required',
  minimumOrderRequired: 'minimum order is Required',
  priceRequired: 'price is Required',
  descriptionRequired: 'product description is Required',
  imageRequired: 'Image is Required',
  // The spec leaves the profile form to the browser's "required"; these are ours.
  profileAddressRequired: 'address is required',
  profilePhoneRequired: 'phone number is required',
  professionRequired: 'profession is required',
  linkedinRequired: 'linkedin profile is required',
  linkedinInvalid: 'provide a full LinkedIn URL, like https://www.linkedin.com/in/your-name',
} as const;

export const toastMessages = {
  orderPlaced: 'your order is placed.',
  orderDeleted: 'Your Order is deleted.',
  productDeleted: (name: string) => `Product: ${name} is deleted.`,
  madeAdmin: 'Successfully made an admin',
  makeAdminFailed: 'Failed to Make an admin',
  productAdded: 'product added successfully',
  productAddFailed: 'Failed to add the product',
  reviewGiven: 'your review successfully given',
  paymentCompleted: 'Congrats! Your payment is completed.',
  profileUpdated: 'update Your Profile Information',
} as const;

export const brand = {
  first: 'PC PART',
  second: 'PICKER',
  full: 'PC PART PICKER',
} as const;

/** Shown by the shell when a remote cannot be loaded or crashes. */
export const remoteFallbackText = {
  title: 'This part of the shop is unavailable right now',
  body: 'The rest of the shop still works. Try again in a moment.',
  retry: 'Retry',
} as const;

/**
 * Forgot password and the emailed action links. The spec names the resetPassword mode but not
 * its texts; these are ours. `resetSent` is the same whether or not an account uses the email.
 */
export const emailLinkText = {
  resetSent: 'If an account uses this email, we have sent a link to reset its password. Check your inbox.',
  resetSendFailed: 'The link could not be sent. Please try again.',
  passwordChanged: 'Your password has been changed. Log in with the new one.',
  passwordChangeFailed: 'The password could not be changed. Please try again.',
  emailVerified: 'Your email address is verified. Thank you!',
  linkFailed: 'This link could not be opened. Please try again.',
  incompleteLink: 'This link is incomplete. Open it again from the email, or ask for a new one.',
  unknownMode: 'This link is not one the shop can open. Open it again from the email.',
} as const;

/** Sentences the api sends that the shell shows as they are. */
export const apiNotices = {
  /** The token exchange, to an ADMIN_EMAILS address whose email is not verified yet (it stays a customer). */
  verifyEmailForAdmin: 'Verify your email to get admin access.',
  /** A 429: the client's `Retry-After`, in a sentence. */
  tooManyRequests: (seconds: number) =>
    `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;
