// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import type { Profile, SavedAddress, User } from '@pcpp/contracts/core';
import { type Collection, type Db, type ObjectId } from 'mongodb';

/**
 * A saved address of the address book (issue 46). needsCheck: taken from the spec's free-text
 * Address (its street line; the other fields blank until the customer fills them in).
 */
export type StoredAddress = Omit<SavedAddress, 'country'> & { _id: ObjectId; label?: string; needsCheck?: true; country: string; createdAt: Date };

/**
 * email is stored lowercase; the profile fields arrive with the first profile update. uid: the
 * identity provider's account (absent on accounts from before it was kept: the next sign-in sets
 * it); the sign-in finds the account by it, so a changed email follows. sessionsValidSince: the
 * provider's tokensValidAfterTime (epoch seconds) when last seen, to tell a password change made
 * in the browser from sessions the api ended itself. addresses: the address book, absent until its
 * first read makes it from shippingAddress or Address; addressesVersion guards each write of it
 * (jongodb has no $push or $pull). shippingAddress and Address mirror the default address, so the
 * spec's profile and the checkout read it as before.
 */
export type UserDocument = Omit<User, '_id'> &
  Omit<Profile, 'email' | 'shippingAddressNeedsCheck'> & {
    createdAt: Date;
    uid?: string;
    sessionsValidSince?: number;
    addresses?: StoredAddress[];
    defaultAddressId?: ObjectId;
    addressesVersion?: number;
  };

export interface UsersCollections {
  users: Collection<UserDocument>;
}

export function usersCollections(db: Db): UsersCollections {
  return {
    users: db.collection<UserDocument>('users'),
  };
}

export async function ensureUsersIndexes({ users }: UsersCollections): Promise<void> {
  await Promise.all([
    users.createIndex({ email: 1 }, { unique: true, name: 'email_unique' }),
    // The sign-in finds the account by its identity provider's uid (its email may have changed).
    users.createIndex({ uid: 1 }, { unique: true, sparse: true, name: 'uid_unique' }),
    // The admin console's accounts, newest first.
    users.createIndex({ createdAt: -1 }, { name: 'createdAt' }),
  ]);
}
