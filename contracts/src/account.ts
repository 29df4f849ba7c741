// Account settings (issue 46): the words of the Settings page, the address book and the api's
// sentences about them, kept once for the form and the api. No zod here (account-schemas.ts).

/** Saved addresses an account keeps at most. */
export const ADDRESS_BOOK_MAX = 10;
/** A saved address's label ("Home", "Office"), at most this long. */
export const ADDRESS_LABEL_MAX = 40;
/** A sign-in at most this old may close the account or change its email (the ID token's auth_time). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;
/** How long the old address's "This was not me" link works. */
export const EMAIL_RECOVERY_DAYS = 7;

/** What replaces a closed account's name, email, phone and address on the orders kept for the accounts. */
export const ERASED_MARKER = 'Erased on request';
/** The author a closed account's reviews show. */
export const FORMER_CUSTOMER = 'Former customer';

/** The Settings page's path (mf-dashboard). */
export const SETTINGS_PATH = '/dashboard/settings';

/** The api's sentences (4xx messages) and the page's, one place for both. */
export const accountText = {
  settingsTitle: 'Settings',
  settingsIntro: 'Your sign-in, your saved addresses, your data and your account.',

  // Email
  emailTitle: 'Email address',
  emailCurrent: (email: string) => `You sign in with ${email}.`,
  newEmailLabel: 'New email address',
  passwordLabel: 'Your password',
  changeEmail: 'Send the link',
  emailLinkSent: (email: string) =>
    `We sent a link to ${email}. Your email changes once you open it; until then you sign in with your current one.`,
  emailSame: 'This is already your email address.',
  emailTaken: 'Another account uses this email address.',
  emailNotPassword: 'This account signs in with Google, so its email is Google’s: change it there.',
  /** The email-change link was opened: this browser signs in again, with the new address. */
  emailChangedTitle: 'Your email is changed',
  emailChangedSignIn: (email: string) => `Your email is now ${email}. Sign in with it.`,
  emailChangeFailed: 'Your email could not be changed with this link.',
  undoTitle: 'Keep your old email',
  undoWhat: 'The email of your account was changed, or is about to be. If you did not ask for this, give your account this address back: every session ends, and we email you a link to choose a new password.',
  undoButton: 'This was not me: keep my email',
  undone: (email: string) => `Your account has ${email} again. Every session was ended; check that inbox for the link to choose a new password.`,

  // Password
  passwordTitle: 'Password',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  changePassword: 'Change password',
  passwordChanged: 'Your password is changed. Every other browser and device signed in to your account is signed out.',
  passwordNotPassword: 'This account signs in with Google: it has no password here.',
  wrongPassword: 'That is not your current password.',

  // Sessions
  sessionsTitle: 'Sign out everywhere',
  sessionsWhat: [
    'every browser and device signed in to your account, this one included, at its next step;',
    'the sign-ins kept by “remember me” in those browsers;',
    'open pages there: they go to the login page.',
  ],
  sessionsKept: 'Your orders, cart, addresses and settings stay as they are.',
  signOutEverywhere: 'Sign out everywhere',
  signedOutEverywhere: 'You are signed out everywhere. Sign in again to go on.',

  // Export
  exportTitle: 'Download my data',
  exportWhat: 'A JSON file of what the shop holds about you: your profile and addresses, your orders with their lines and payments (no card data), your reviews, builds and alerts, and your consents.',
  exportButton: 'Download my data',
  exportDone: 'Your data is downloaded.',

  // Closing
  closeTitle: 'Close my account',
  closeWhat: [
    'unpaid orders are cancelled and the parts they hold go back on sale;',
    'paid orders are kept for the accounts, as tax law requires, with your name, email, phone and address erased;',
    'your profile, saved addresses, builds, alerts and cart are deleted;',
    `your reviews stay, signed “${FORMER_CUSTOMER}”;`,
    'you can no longer sign in, and this cannot be undone.',
  ],
  closeConfirmEmailLabel: 'Type your email address to confirm',
  closeButton: 'Close my account',
  closeConfirmMismatch: 'Type the email address of this account exactly as it is shown.',
  closeLastAdmin: 'You are the shop’s last admin: make another account an admin before you close yours.',
  accountClosed: 'Your account is closed. Thank you for shopping with us.',

  // The api's refusals
  signInAgain: 'For your safety this needs a recent sign-in: enter your password again and retry.',
  sessionEnded: 'You were signed out on this device (signed out everywhere, or the password changed). Sign in again.',
  recoveryLinkBad: 'This link is not valid or has expired. Sign in, or reset your password from the login page.',

  // The address book
  addressesTitle: 'Saved addresses',
  addressesIntro: `Up to ${ADDRESS_BOOK_MAX} addresses. The checkout offers them and starts from the default one.`,
  addressesEmpty: 'No saved address yet.',
  addAddress: 'Add an address',
  saveAddress: 'Save address',
  labelLabel: 'Label (optional)',
  labelPlaceholder: 'Home, Office…',
  labelTooLong: `At most ${ADDRESS_LABEL_MAX} characters`,
  defaultBadge: 'Default',
  makeDefault: 'Make default',
  editAddress: 'Edit',
  deleteAddress: 'Delete',
  deleteAddressConfirm: (what: string) => `Delete the saved address ${what}?`,
  addressSaved: 'The address is saved.',
  addressDeleted: 'The address is deleted.',
  defaultChanged: 'The default address is changed.',
  addressBookFull: `You have ${ADDRESS_BOOK_MAX} saved addresses: delete one before adding another.`,
  addressNotFound: 'No saved address of yours has this id.',
  addressNothingToChange: 'Send label, address or makeDefault: there is nothing to change.',
  /** A free-text Address the spec's profile saved, taken into the book as a street line. */
  checkThisAddress: 'Check this address: it was saved as one line of text. Fill in the rest and save it.',
  checkBadge: 'Check this address',
  /** The checkout. */
  chooseAddress: 'Ship to',
  newAddressOption: 'A new address',
} as const;
