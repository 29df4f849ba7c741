// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import type { BuildSlot } from '@pcpp/contracts/core';
import { type Collection, type Db, type ObjectId } from 'mongodb';

/**
 * A saved build (modules/builds): the slots' part ids and the CPU from the reference list. Its
 * owner is the account's users _id (the access token's subject) and email.
 */
export interface BuildDocument {
  ownerId: string;
  ownerEmail: string;
  name: string;
  cpu: string | null;
  parts: Partial<Record<BuildSlot, ObjectId>>;
  createdAt: Date;
  updatedAt: Date;
}

/** How many builds an account keeps (_id: the owner's id), counted with conditional updates. */
export interface BuildQuotaDocument {
  _id: string;
  count: number;
  /** Last changed: a count still for a while can be checked against the builds (builds/repository.ts). */
  at?: Date;
}

export interface BuildsCollections {
  builds: Collection<BuildDocument>;
  buildQuotas: Collection<BuildQuotaDocument>;
}

export function buildsCollections(db: Db): BuildsCollections {
  return {
    builds: db.collection<BuildDocument>('builds'),
    buildQuotas: db.collection<BuildQuotaDocument>('build_quotas'),
  };
}

export async function ensureBuildsIndexes({ builds }: BuildsCollections): Promise<void> {
  await Promise.all([
    // Saved builds: an owner's newest first (My Builds); how many each keeps is counted in build_quotas.
    builds.createIndex({ ownerId: 1, updatedAt: -1 }, { name: 'ownerId_updatedAt' }),
  ]);
}
