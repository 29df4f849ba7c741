import type { ProfileUpdateInput, Role, SavedAddress } from '@pcpp/contracts/core';
import { type Collection, type Filter, MongoServerError, type ObjectId, type WithId } from 'mongodb';
import type { StoredAddress, UserDocument } from './documents';
import { containsText } from '../../db/text-match';
import { findListed } from '../../paging';

const DUPLICATE_KEY = 11000;

/** onCatalogChange: called after a role may have changed (public reviews mark their admin authors). */
export function createUsersRepository(users: Collection<UserDocument>, { onCatalogChange = () => {} } = {}) {
  /**
   * Creates the user on first sign-in. `role.always` overwrites the stored role; otherwise a
   * stored role is kept and `role.onInsert` applies to a new user only.
   */
  async function upsertOnSignIn(
    email: string,
    role: { always: Role } | { onInsert: Role },
    now = new Date(),
  ): Promise<WithId<UserDocument>> {
    const update =
      'always' in role
        ? { $set: { role: role.always }, $setOnInsert: { email, createdAt: now } }
        : { $setOnInsert: { email, role: role.onInsert, createdAt: now } };
    try {
      const user = await users.findOneAndUpdate({ email }, update, { upsert: true, returnDocument: 'after' });
      if (!user) throw new Error(`upsert of ${email} returned no document`);
      return user;
    } catch (error) {
      // Two first sign-ins at once: one insert wins the unique index, the other now finds it.
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) {
        const user = await users.findOneAndUpdate({ email }, update, { returnDocument: 'after' });
        if (user) return user;
      }
      throw error;
    } finally {
      if ('always' in role) onCatalogChange();
    }
  }

  function findByEmail(email: string): Promise<WithId<UserDocument> | null> {
    return users.findOne({ email });
  }

  /** The profile's own fields (the address is the address book's: writeAddresses). */
  function updateProfile(email: string, profile: Omit<ProfileUpdateInput, 'shippingAddress' | 'Address'>): Promise<WithId<UserDocument> | null> {
    return users.findOneAndUpdate({ email }, { $set: profile }, { returnDocument: 'after' });
  }

  /** The account of the identity provider's `uid`. */
  function findByUid(uid: string): Promise<WithId<UserDocument> | null> {
    return users.findOne({ uid });
  }

  /** Notes the provider's uid on an account from before it was kept (or made anew with its email). */
  async function setUid(id: ObjectId, uid: string): Promise<void> {
    await users.updateOne({ _id: id }, { $set: { uid } });
  }

  /**
   * The account's email follows the identity provider's: 1 when this call changed it. A duplicate
   * key (another account holds the new email) is the caller's to answer.
   */
  async function changeEmail(id: ObjectId, from: string, to: string): Promise<number> {
    const { modifiedCount } = await users.updateOne({ _id: id, email: from }, { $set: { email: to } });
    return modifiedCount;
  }

  /**
   * Records the provider's sessionsValidSince, once per value: true for the one call that moved it
   * from `seen` (what the caller read) to `since`; of concurrent sign-ins only one tells the customer.
   */
  async function noteSessionsValidSince(id: ObjectId, seen: number | undefined, since: number): Promise<boolean> {
    const filter: Filter<UserDocument> = seen === undefined ? { _id: id, sessionsValidSince: { $exists: false } } : { _id: id, sessionsValidSince: seen };
    const { modifiedCount } = await users.updateOne(filter, { $set: { sessionsValidSince: since } });
    return modifiedCount === 1;
  }

  /**
   * Writes the address book over the version read (`version`: its addressesVersion, 0 when it had
   * none), with the default mirrored into shippingAddress and Address; false when another write
   * came first (read again and retry).
   */
  async function writeAddresses(
    id: ObjectId,
    version: number,
    book: { addresses: StoredAddress[]; defaultAddressId: ObjectId | undefined; shippingAddress: SavedAddress | undefined; Address: string | undefined },
  ): Promise<boolean> {
    const filter: Filter<UserDocument> = version === 0 ? { _id: id, addressesVersion: { $exists: false } } : { _id: id, addressesVersion: version };
    const set: Partial<UserDocument> = { addresses: book.addresses, addressesVersion: version + 1 };
    const unset: Record<string, ''> = {};
    for (const field of ['defaultAddressId', 'shippingAddress', 'Address'] as const) {
      if (book[field] === undefined) unset[field] = '';
      else (set as Record<string, unknown>)[field] = book[field];
    }
    const { modifiedCount } = await users.updateOne(filter, { $set: set, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) });
    return modifiedCount === 1;
  }

  /** Closing an account: its record goes (its orders keep what the accounts need, erased). */
  async function deleteAccount(id: ObjectId): Promise<void> {
    await users.deleteOne({ _id: id });
  }

  /** Accounts newest first, those whose email contains `text` when given; one page when asked. */
  function list(text: string | undefined, page?: { skip: number; limit: number }) {
    const filter: Filter<UserDocument> = text ? { email: containsText(text) } : {};
    return findListed(users, filter, { createdAt: -1, _id: -1 }, page);
  }

  /** Makes the account an admin; 1 when that changed its role, 0 when it was one already (or is unknown). */
  async function promote(email: string): Promise<number> {
    const { modifiedCount } = await users.updateOne({ email, role: { $ne: 'admin' } }, { $set: { role: 'admin' } });
    if (modifiedCount > 0) onCatalogChange();
    return modifiedCount;
  }

  /** Makes an admin a customer; 1 when that changed its role, 0 when it was no admin (or is unknown). */
  async function demote(email: string): Promise<number> {
    const { modifiedCount } = await users.updateOne({ email, role: 'admin' }, { $set: { role: 'customer' } });
    if (modifiedCount > 0) onCatalogChange();
    return modifiedCount;
  }

  /** How many admins there are, leaving out `except`. */
  function countAdmins(except?: string): Promise<number> {
    return users.countDocuments(except ? { role: 'admin', email: { $ne: except } } : { role: 'admin' });
  }

  /** Which of these emails belong to admin accounts (reviews mark their admin authors). */
  async function adminEmailsAmong(emails: readonly string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const admins = await users.find({ email: { $in: [...new Set(emails)] }, role: 'admin' }).toArray();
    return new Set(admins.map((user) => user.email));
  }

  return {
    upsertOnSignIn,
    findByEmail,
    findByUid,
    setUid,
    changeEmail,
    noteSessionsValidSince,
    updateProfile,
    writeAddresses,
    deleteAccount,
    list,
    promote,
    demote,
    countAdmins,
    adminEmailsAmong,
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
