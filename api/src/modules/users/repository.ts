import type { ProfileUpdateInput, Role } from '@pcpp/contracts/core';
import { type Collection, MongoServerError, type WithId } from 'mongodb';
import type { UserDocument } from '../../db/mongo';

const DUPLICATE_KEY = 11000;

export function createUsersRepository(users: Collection<UserDocument>) {
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
    }
  }

  function findByEmail(email: string): Promise<WithId<UserDocument> | null> {
    return users.findOne({ email });
  }

  function updateProfile(email: string, profile: ProfileUpdateInput): Promise<WithId<UserDocument> | null> {
    return users.findOneAndUpdate({ email }, { $set: profile }, { returnDocument: 'after' });
  }

  return { upsertOnSignIn, findByEmail, updateProfile };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
