// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import type { Profile, User } from '@pcpp/contracts/core';
import { type Collection, type Db } from 'mongodb';

/** email is stored lowercase; the profile fields arrive with the first profile update. */
export type UserDocument = Omit<User, '_id'> & Omit<Profile, 'email'> & { createdAt: Date };

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
    // The admin console's accounts, newest first.
    users.createIndex({ createdAt: -1 }, { name: 'createdAt' }),
  ]);
}
