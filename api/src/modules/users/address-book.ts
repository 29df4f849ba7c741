import {
  ADDRESS_BOOK_MAX,
  type AddressBook,
  type AddressBookEntry,
  accountText,
  addressLine,
  type SavedAddress,
  SETTINGS_PATH,
  type ShippingAddress,
} from '@pcpp/contracts/core';
import { ObjectId, type WithId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import { ConflictError, NotFoundError } from '../../errors';
import type { ActivityRecorder } from '../activity/service';
import type { Outbox } from '../mail/outbox';
import { accountNoticeEmail } from '../mail/templates';
import type { StoredAddress, UserDocument } from './documents';
import type { UsersRepository } from './repository';

/** The street line a free-text Address keeps at most (the structured form's street allows this). */
const STREET_MAX = 200;
/** Writes that lost to another write of the same book are tried again this many times. */
const WRITE_ATTEMPTS = 5;

interface Book {
  addresses: StoredAddress[];
  defaultAddressId: ObjectId | undefined;
}

/** The address fields of a saved address, field by field (a stored one also has its id, label and dates). */
export function addressOf(stored: Omit<StoredAddress, '_id' | 'createdAt'>): SavedAddress {
  return {
    fullName: stored.fullName,
    street: stored.street,
    city: stored.city,
    postalCode: stored.postalCode,
    country: stored.country,
    ...(stored.region ? { region: stored.region } : {}),
    phone: stored.phone,
  };
}

export function toAddressBookEntry(stored: StoredAddress, defaultId: ObjectId | undefined): AddressBookEntry {
  return {
    _id: stored._id.toHexString(),
    ...(stored.label ? { label: stored.label } : {}),
    isDefault: defaultId !== undefined && stored._id.equals(defaultId),
    ...(stored.needsCheck ? { needsCheck: true as const } : {}),
    ...addressOf(stored),
  };
}

/** The book as its answer lists it: the default first, then the others oldest first. */
export function bookAnswer(book: Book): AddressBook {
  const entries = book.addresses.map((stored) => toAddressBookEntry(stored, book.defaultAddressId));
  return { addresses: [...entries.filter((entry) => entry.isDefault), ...entries.filter((entry) => !entry.isDefault)], max: ADDRESS_BOOK_MAX };
}

/**
 * What an account's book holds before its first write: the address it saved at checkout or in
 * its profile (shippingAddress), or else the spec's free-text Address as a street line to check,
 * so nothing the customer typed is lost.
 */
export function bookOf(user: WithId<UserDocument>): Book {
  if (user.addresses) return { addresses: user.addresses, defaultAddressId: user.defaultAddressId };
  const createdAt = user.createdAt;
  if (user.shippingAddress) {
    const first: StoredAddress = { _id: new ObjectId(), ...addressOf(user.shippingAddress), createdAt };
    return { addresses: [first], defaultAddressId: first._id };
  }
  const text = user.Address?.trim();
  if (text) {
    const first = freeTextAddress(text, user.phone, createdAt);
    return { addresses: [first], defaultAddressId: first._id };
  }
  return { addresses: [], defaultAddressId: undefined };
}

/** The spec's one line of text as a saved address to check: the line as its street. */
function freeTextAddress(text: string, phone: string | undefined, createdAt: Date): StoredAddress {
  return { _id: new ObjectId(), fullName: '', street: text.slice(0, STREET_MAX), city: '', postalCode: '', country: '', phone: phone ?? '', needsCheck: true, createdAt };
}

export const defaultOf = (book: Book): StoredAddress | undefined =>
  book.defaultAddressId ? book.addresses.find((stored) => stored._id.equals(book.defaultAddressId!)) : undefined;

/** The default as the profile's fields show it: a checked one is the checkout's address, and Address its line. */
function mirrorOf(book: Book, freeText?: string): { shippingAddress: SavedAddress | undefined; Address: string | undefined } {
  const chosen = defaultOf(book);
  if (!chosen) return { shippingAddress: undefined, Address: freeText };
  if (chosen.needsCheck) return { shippingAddress: undefined, Address: chosen.street };
  const address = addressOf(chosen);
  return { shippingAddress: address, Address: addressLine(address) };
}

const sameAddress = (a: SavedAddress, b: SavedAddress) =>
  (['fullName', 'street', 'city', 'postalCode', 'country', 'region', 'phone'] as const).every((field) => (a[field] ?? '') === (b[field] ?? ''));

/** A saved address named for an email or a log line: its label, else its street. */
const nameOf = (stored: Pick<StoredAddress, 'label' | 'street'>) => (stored.label ? `“${stored.label}”` : `at ${stored.street}`);

type Change = { book: Book; notice?: string; freeText?: string };

/**
 * The address book (issue 46): up to ADDRESS_BOOK_MAX saved addresses in the account's record,
 * one of them the default. Every change is written over the version read (retried when another
 * write came first), mirrors the default into the profile's shippingAddress and Address, emails
 * the account and lands in Activity.
 */
export function createAddressBook(deps: {
  users: Pick<UsersRepository, 'findByEmail' | 'writeAddresses'>;
  activity: ActivityRecorder;
  outbox: Pick<Outbox, 'enqueue'>;
  shopUrl: string;
}) {
  async function load(email: string): Promise<WithId<UserDocument>> {
    const user = await deps.users.findByEmail(email);
    if (!user) throw new NotFoundError('No account uses this email');
    return user;
  }

  /**
   * Reads the book, lets `change` make the next one (or say there is nothing to write: null), and
   * writes it over the version read. The book as written (or as read, when nothing changed).
   */
  async function mutate(email: string, change: (book: Book, user: WithId<UserDocument>) => Change | null): Promise<{ book: Book; user: WithId<UserDocument>; changed: boolean }> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
      const user = await load(email);
      const current = bookOf(user);
      const next = change(current, user);
      if (!next) return { book: current, user, changed: false };
      const written = await deps.users.writeAddresses(user._id, user.addressesVersion ?? 0, { ...next.book, ...mirrorOf(next.book, next.freeText) });
      if (written) {
        if (next.notice) await tell(email, next.notice);
        return { book: next.book, user, changed: true };
      }
    }
    throw new ConflictError('Your address book was changed at the same time somewhere else: try again.');
  }

  async function tell(email: string, what: string): Promise<void> {
    await deps.outbox.enqueue(
      accountNoticeEmail(email, {
        subject: 'Your saved addresses changed',
        lines: [`Your address book changed: ${what}.`, 'If this was not you, change your password and sign out everywhere in Settings.'],
        link: { label: 'Open Settings', url: `${deps.shopUrl}${SETTINGS_PATH}` },
      }),
    );
    await deps.activity.record({ action: 'user.addressesChanged', actor: email, target: email, details: what, subject: { kind: 'user', id: email } });
  }

  async function stored(email: string): Promise<{ book: Book; user: WithId<UserDocument> }> {
    const { book, user } = await mutate(email, (current, read) => (read.addresses ? null : { book: current }));
    return { book, user: { ...user, addresses: book.addresses, defaultAddressId: book.defaultAddressId } };
  }

  function find(book: Book, id: string): StoredAddress {
    const found = ObjectId.isValid(id) ? book.addresses.find((stored) => stored._id.toHexString() === id) : undefined;
    if (!found) throw new NotFoundError(accountText.addressNotFound);
    return found;
  }

  function added(book: Book, address: SavedAddress, label: string | undefined, makeDefault: boolean): { book: Book; stored: StoredAddress } {
    if (book.addresses.length >= ADDRESS_BOOK_MAX) throw new ConflictError(accountText.addressBookFull);
    const stored: StoredAddress = { _id: new ObjectId(), ...(label ? { label } : {}), ...addressOf(address), createdAt: new Date() };
    const addresses = [...book.addresses, stored];
    return { book: { addresses, defaultAddressId: makeDefault || !book.defaultAddressId ? stored._id : book.defaultAddressId }, stored };
  }

  return {
    /** The book of a stored account, made from its profile when it has none yet (no write). */
    bookOf,

    /**
     * The account with its book as stored: the first read of an account that has none yet stores
     * the one made from its profile (its free-text Address as a line to check), so its ids stay.
     */
    stored,

    /** GET /me/addresses. */
    async list(caller: AccessClaims): Promise<AddressBook> {
      return bookAnswer((await stored(caller.email)).book);
    },

    /** POST /me/addresses: the first one is the default; another becomes it when asked. */
    async add(caller: AccessClaims, body: { label?: string; address: ShippingAddress; makeDefault?: boolean }): Promise<AddressBookEntry> {
      let made: StoredAddress | undefined;
      const { book } = await mutate(caller.email, (current) => {
        const next = added(current, body.address, body.label || undefined, body.makeDefault ?? false);
        made = next.stored;
        return { book: next.book, notice: `added the address ${nameOf(next.stored)}` };
      });
      return toAddressBookEntry(made!, book.defaultAddressId);
    },

    /** PATCH /me/addresses/{id}: its label (null or blank: none), the whole address (then checked), or made the default. */
    async update(caller: AccessClaims, id: string, body: { label?: string | null; address?: ShippingAddress; makeDefault?: true }): Promise<AddressBookEntry> {
      let changed: StoredAddress | undefined;
      const { book } = await mutate(caller.email, (current) => {
        const stored = find(current, id);
        const { label: _label, needsCheck: _needsCheck, ...rest } = stored;
        const label = body.label === undefined ? stored.label : body.label || undefined;
        const next: StoredAddress = body.address
          ? { ...rest, ...addressOf(body.address), region: body.address.region || undefined, ...(label ? { label } : {}) }
          : { ...rest, ...(label ? { label } : {}), ...(stored.needsCheck ? { needsCheck: true as const } : {}) };
        if (next.region === undefined) delete next.region;
        changed = next;
        const addresses = current.addresses.map((entry) => (entry._id.equals(stored._id) ? next : entry));
        const what = [
          body.address || body.label !== undefined ? `edited the address ${nameOf(next)}` : undefined,
          body.makeDefault ? `made the address ${nameOf(next)} the default` : undefined,
        ].filter(Boolean);
        return { book: { addresses, defaultAddressId: body.makeDefault ? stored._id : current.defaultAddressId }, notice: what.join(', and ') };
      });
      return toAddressBookEntry(changed!, book.defaultAddressId);
    },

    /** DELETE /me/addresses/{id}: the default's place goes to the oldest address left. */
    async remove(caller: AccessClaims, id: string): Promise<{ deleted: true }> {
      await mutate(caller.email, (current) => {
        const stored = find(current, id);
        const addresses = current.addresses.filter((entry) => !entry._id.equals(stored._id));
        const defaultAddressId = current.defaultAddressId?.equals(stored._id) ? addresses[0]?._id : current.defaultAddressId;
        return { book: { addresses, defaultAddressId }, notice: `deleted the address ${nameOf(stored)}` };
      });
      return { deleted: true };
    },

    /**
     * My Profile's structured address (the dashboard's form): the default address becomes it (a
     * book without one gets it as its first).
     */
    async setDefaultAddress(email: string, address: SavedAddress): Promise<void> {
      await mutate(email, (current) => {
        const chosen = defaultOf(current);
        if (!chosen) {
          const next = added(current, address, undefined, true);
          return { book: next.book, notice: `added the address ${nameOf(next.stored)}` };
        }
        if (!chosen.needsCheck && sameAddress(addressOf(chosen), address)) return null;
        const replaced: StoredAddress = { _id: chosen._id, ...(chosen.label ? { label: chosen.label } : {}), ...addressOf(address), createdAt: chosen.createdAt };
        const addresses = current.addresses.map((entry) => (entry._id.equals(chosen._id) ? replaced : entry));
        return { book: { addresses, defaultAddressId: chosen._id }, notice: `edited the address ${nameOf(replaced)}` };
      });
    },

    /**
     * The spec's PUT /user/{email} with a free-text Address and no structured one: unchanged when it
     * is the Address the profile shows; else it becomes the default, as a street line to check (the
     * default's own line when the default is one already). A full book cannot take another.
     */
    async setFreeTextAddress(email: string, text: string, phone: string | undefined): Promise<void> {
      await mutate(email, (current) => {
        const chosen = defaultOf(current);
        if (mirrorOf(current).Address === text) return null;
        if (chosen?.needsCheck) {
          const replaced: StoredAddress = { ...chosen, street: text.slice(0, STREET_MAX) };
          const addresses = current.addresses.map((entry) => (entry._id.equals(chosen._id) ? replaced : entry));
          return { book: { addresses, defaultAddressId: chosen._id }, notice: 'changed the default address’s line of text', freeText: text };
        }
        if (current.addresses.length >= ADDRESS_BOOK_MAX) throw new ConflictError(accountText.addressBookFull);
        const stored = freeTextAddress(text, phone, new Date());
        return { book: { addresses: [...current.addresses, stored], defaultAddressId: stored._id }, notice: 'added an address as a line of text, to check', freeText: text };
      });
    },

    /**
     * The checkout's "save this address": made the default, as a new saved address unless the same
     * one is saved already. A full book keeps what it has (the order goes on regardless).
     */
    async saveFromCheckout(email: string, address: SavedAddress): Promise<void> {
      await mutate(email, (current) => {
        const same = current.addresses.find((stored) => !stored.needsCheck && sameAddress(addressOf(stored), address));
        if (same) return current.defaultAddressId?.equals(same._id) ? null : { book: { ...current, defaultAddressId: same._id } };
        if (current.addresses.length >= ADDRESS_BOOK_MAX) return null;
        const next = added(current, address, undefined, true);
        return { book: next.book, notice: `saved the address ${nameOf(next.stored)} at checkout` };
      });
    },
  };
}

export type AddressBookService = ReturnType<typeof createAddressBook>;
