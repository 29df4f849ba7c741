// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import { type Collection, type Db } from 'mongodb';

/**
 * An image an admin uploaded (POST /uploads): the webp and its thumbnail in the upload storage.
 * attachedAt is set when a product is created with its url; one never attached is deleted after
 * UPLOAD_UNATTACHED_HOURS.
 */
export interface UploadDocument {
  key: string;
  thumbKey: string;
  url: string;
  /** Email of the admin. */
  uploadedBy: string;
  createdAt: Date;
  attachedAt?: Date;
}

export interface UploadsCollections {
  uploads: Collection<UploadDocument>;
}

export function uploadsCollections(db: Db): UploadsCollections {
  return {
    uploads: db.collection<UploadDocument>('uploads'),
  };
}

export async function ensureUploadsIndexes({ uploads }: UploadsCollections): Promise<void> {
  await Promise.all([
    // Attach finds one by its url; the cleanup picks old ones.
    uploads.createIndex({ url: 1 }, { unique: true, name: 'url_unique' }),
    uploads.createIndex({ createdAt: 1 }, { name: 'createdAt' }),
  ]);
}
