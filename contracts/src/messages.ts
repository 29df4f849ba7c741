import { quantityMessages } from './quantity-messages';

/**
 * Every user-facing text the spec fixes, character for character.
 * Forms, toasts and the api all read from here.
 */
export const validationMessages = {
  emailRequired: 'email is required',
  emailInvalid: 'provide a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'must be 6 characters or longer',
  // Ours, beyond the spec: a password of spaces alone is no password.
  passwordBlank: 'Password cannot be only spaces',
  nameRequired: 'name is required',
  quantityRequired: 'quantity is required',
  ...quantityMessages,
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
  professionRequired: 'Profession is required',
  linkedinRequired: 'LinkedIn profile is required',
  linkedinInvalid: 'Provide a full LinkedIn URL, like https://www.linkedin.com/in/your-name',
  // Ours: free text with a NUL, another control character or half an emoji (an unpaired surrogate).
  textUnreadable: 'Remove the control characters or broken symbols: this text cannot be saved with them',
  textDirectionControls: 'Remove the text-direction controls (such as right-to-left override): they make text show differently from what it says',
  // Ours: a product's image is one uploaded to the shop (POST /uploads), never a script or data URL.
  imageNotUploaded: 'Image must be a picture uploaded to the shop',
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

/** Our texts about reviews (the spec has none for these). */
export const reviewText = {
  /** POST /addReview from an admin account: reviews come from customers (spec: admins cannot open Add review). */
  adminRefused: 'Admin accounts cannot post reviews: reviews come from customers.',
  /** The mark on a review whose author's account is an admin's. */
  byAdmin: 'Shop admin',
} as const;

/**
 * Shown to admins while the api runs on the in-memory demo database (issue 11), in a merchant's
 * words: what happens to their changes, not how to configure the server (docs/environment.md).
 */
export const demoDatabaseBanner = {
  text: 'Changes are not kept after a restart in this demo.',
  dismiss: 'Dismiss',
} as const;

/** Why the login page was opened, shown on it (router state `reason`). */
export const loginReasons = {
  toOrder: (partName: string) => `Log in to order ${partName}`,
  toSaveBuild: 'Log in to save your build',
  /** The cart's Check out, pressed signed out: the cart stays in the browser and merges at sign-in. */
  toCheckOut: 'Sign in or create an account to check out: your cart is kept.',
} as const;

export const brand = {
  first: 'PC PART',
  second: 'PICKER',
  full: 'PC PART PICKER',
} as const;

/** Shown by the shell when a remote cannot be loaded or crashes. */
export const remoteFallbackText = {
  title: 'This part of the shop is unavailable right now',
  body: 'Something went wrong on our side. The rest of the shop still works, so try again in a moment.',
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
  /** After verifying: the way back to a cart waiting in this browser (or the checkout the sign-up interrupted). */
  backToCheckout: 'Back to checkout',
  continueWhereYouWere: 'Continue where you were',
  continueShopping: 'Continue shopping',
  linkFailed: 'This link could not be opened. Please try again.',
  incompleteLink: 'This link is incomplete. Open it again from the email, or ask for a new one.',
  unknownMode: 'This link is not one the shop can open. Open it again from the email.',
} as const;

/** Sign-in and sign-up beyond the spec's texts: ours. */
export const signInText = {
  /** One sentence for a wrong password and an unknown email, so it never tells who has an account. */
  wrongCredentials: 'The email or the password is not right.',
  /** The toast after sign-up. */
  welcome: (name: string, email: string) =>
    `Welcome, ${name}! We sent a verification email to ${email}. Check your inbox and open the link in it.`,
  verifyBanner: (email: string) => `Verify your email address: open the link we sent to ${email}.`,
  verificationSent: (email: string) => `We sent the verification email again to ${email}.`,
  verificationSendFailed: 'The email could not be sent. Please try again.',
  /** Demo mode (`npm start`): no email leaves the machine; MailDev's inbox catches the shop's. */
  verifyInDemoInbox: 'Demo mode: the shop’s emails, this link included, arrive in the demo mail inbox at',
  /** The identity provider's code could not be loaded or configured. */
  signInUnavailable: 'Signing in is not available right now. Reload the page and try again.',
} as const;

/** Sentences the api sends that the shell shows as they are. */
export const apiNotices = {
  /** The token exchange, to an ADMIN_EMAILS address whose email is not verified yet (it stays a customer). */
  verifyEmailForAdmin: 'Verify your email to get admin access.',
  /** A 429: the client's `Retry-After`, in a sentence. */
  tooManyRequests: (seconds: number) =>
    `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

/**
 * The admin console's sentences beyond the spec's (ours): what each irreversible action will do,
 * asked in the confirm dialog, and what it did, in a toast. Order numbers as customers see them.
 */
export const adminText = {
  /** Mark shipped: the dialog (which asks for the carrier and the tracking number) and the toast. */
  shipTitle: (number: string) => `Ship order ${number}?`,
  shipBody: (number: string, email: string) =>
    `Order ${number} for ${email} will be marked shipped, and ${email} will get an email with the carrier and the tracking number. This cannot be undone.`,
  shipped: (number: string) => `Order ${number} is shipped; the customer has been emailed.`,
  /** Mark delivered. */
  deliverTitle: (number: string) => `Mark order ${number} delivered?`,
  deliverBody: (number: string, email: string) =>
    `Order ${number} for ${email} will be marked delivered, and ${email} will get an email saying so. This cannot be undone.`,
  delivered: (number: string) => `Order ${number} is marked delivered; the customer has been emailed.`,
  /** The spec's Delete in All Orders, done (its dialog's words: allOrdersTableText, orderGroupText.adminDeleteWhat). */
  cancelled: (number: string) => `Order ${number} is cancelled; the customer has been emailed.`,
  /** Make Admin and its undo. */
  promoteTitle: (email: string) => `Make ${email} an admin?`,
  promoteBody: 'They will be able to manage users, orders and products at once. You can make them a customer again later.',
  demoteTitle: (email: string) => `Make ${email} a customer again?`,
  demoteBody: 'They lose the admin pages and every admin action at once, on their very next request.',
  demoted: (email: string) => `${email} is a customer again.`,
  /** DELETE /user/admin/{email} refusals (409). */
  demoteSelf: 'You cannot take back your own admin role: ask another admin.',
  demoteLastAdmin: (email: string) => `${email} is the last admin: make someone else an admin first.`,
  demoteConfigured: (email: string) =>
    `${email} is an admin by the server's configuration (ADMIN_EMAILS): take it off that list to make it a customer.`,
  /** 'All Users: {count}' stays the spec's heading; a search says how many of them match. */
  showingUsers: (shown: number, count: number) => `Showing ${shown} of ${count}`,
  /** Edit a product. */
  productSaved: (name: string) => `${name} is saved.`,
  nothingChanged: 'Nothing to save: no field differs from the product as loaded.',
  /** One order's page (issue 31): its actions, their dialogs and their fields. */
  orderTitle: (number: string) => `Order ${number}`,
  backToOrders: 'All orders',
  shipParts: 'Ship parts',
  shipPartsTitle: (number: string) => `Ship parts of order ${number}`,
  shipPartsBody: (email: string) =>
    `One parcel: its carrier, its tracking number and how many units of each part are in it. ${email} gets an email with the tracking link.`,
  unitsToShip: (part: string, left: number) => `${part}: units in this parcel (${left} left to ship)`,
  markDelivered: 'Mark delivered',
  deliverParcelTitle: (trackingNumber: string) => `Mark parcel ${trackingNumber} delivered?`,
  deliverParcelBody: (email: string) => `Its parts count as delivered, so their return window starts. ${email} gets an email saying so.`,
  refund: 'Refund',
  refundTitle: (number: string) => `Refund parts of order ${number}`,
  refundBody: 'The customer’s card gets back what was paid for the units you choose; units not shipped yet will not ship.',
  unitsToRefund: (part: string, left: number) => `${part}: units to refund (${left} left)`,
  restock: 'Put the parts back in stock',
  reasonLabel: 'Reason (the customer reads it)',
  chooseUnits: 'Choose at least one unit.',
  atMostUnits: (left: number) => `At most ${left}.`,
  approveReturn: 'Approve',
  refuseReturn: 'Refuse',
  markReceived: 'Mark received',
  approveReturnTitle: 'Approve this return?',
  refuseReturnTitle: 'Refuse this return?',
  decisionBody: (approve: boolean, email: string) =>
    approve ? `${email} is told to send the parts back; you refund them when they arrive.` : `${email} is told the return is not accepted, with your note.`,
  returnNoteLabel: 'Note for the customer',
  refuseNeedsNote: 'Tell the customer why',
  receiveReturnTitle: 'Mark the return received?',
  /** The refund a receipt makes, said before the click (the api's refundDue: each line's share of what it cost). */
  receiveRefundDue: (amount: string) => `Marking it received refunds ${amount} to the customer’s card.`,
  receiveReturnBody: (amount: string | undefined) =>
    `The parts are back: the customer is refunded ${amount ?? 'what they paid'} for them and they go back to stock.`,
} as const;
