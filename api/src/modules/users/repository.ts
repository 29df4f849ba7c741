import type { ProfileUpdateInput, Role, SavedAddress } from '@pcpp/contracts/core';
import { type Collection, type Filter, MongoServerError, type WithId } from 'mongodb';
import type { UserDocument } from '../../db/mongo';
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

  function updateProfile(email: string, profile: Omit<ProfileUpdateInput, 'shippingAddress'> & { shippingAddress?: SavedAddress }): Promise<WithId<UserDocument> | null> {
    return users.findOneAndUpdate({ email }, { $set: profile }, { returnDocument: 'after' });
  }

  /** The address ticked 'Save for next time' at checkout: the next checkout starts from it. */
  async function saveShippingAddress(email: string, shippingAddress: SavedAddress): Promise<void> {
    await users.updateOne({ email }, { $set: { shippingAddress } });
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

  return { upsertOnSignIn, findByEmail, updateProfile, saveShippingAddress, list, promote, demote, countAdmins, adminEmailsAmong };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
