// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import type { AlertKind } from '@pcpp/contracts/core';
import { type Collection, type Db, type ObjectId } from 'mongodb';

/**
 * A customer's stock or price alert. status: 'active' until it fires ('fired', kept as a record)
 * or is removed (deleted). ownerId: the account's id (the access token's sub); email: where it goes.
 */
export interface AlertDocument {
  ownerId: string;
  email: string;
  productId: ObjectId;
  productName: string;
  kind: AlertKind;
  priceBelow?: number;
  status: 'active' | 'fired';
  createdAt: Date;
  firedAt?: Date;
}

export interface AlertsCollections {
  alerts: Collection<AlertDocument>;
}

export function alertsCollections(db: Db): AlertsCollections {
  return { alerts: db.collection<AlertDocument>('alerts') };
}

export async function ensureAlertsIndexes({ alerts }: AlertsCollections): Promise<void> {
  await Promise.all([
    // My Alerts, newest first, and the 50 per account.
    alerts.createIndex({ ownerId: 1, status: 1, createdAt: -1 }, { name: 'ownerId_status_createdAt' }),
    // The fan-out: a part's waiting alerts of one kind.
    alerts.createIndex({ productId: 1, status: 1, kind: 1 }, { name: 'productId_status_kind' }),
  ]);
}
