import type { Collection, ObjectId } from 'mongodb';
import type { UploadDocument } from './documents';

export function createUploadsRepository(uploads: Collection<UploadDocument>) {
  return {
    insert: (doc: UploadDocument) => uploads.insertOne(doc),
    /** Marks the upload with this url attached, keeping the first time; false when no upload has it. */
    async markAttached(url: string, at: Date): Promise<boolean> {
      const result = await uploads.updateOne({ url, attachedAt: { $exists: false } }, { $set: { attachedAt: at } });
      return result.matchedCount > 0 || (await uploads.countDocuments({ url }, { limit: 1 })) > 0;
    },
    /** Uploads never attached, created before `cutoff`, oldest first. */
    findUnattachedBefore: (cutoff: Date, limit: number) =>
      uploads
        .find({ attachedAt: { $exists: false }, createdAt: { $lt: cutoff } })
        .sort({ createdAt: 1 })
        .limit(limit)
        .toArray(),
    /** Deletes the record only while it is still unattached: true when this call deleted it. */
    async deleteIfUnattached(id: ObjectId): Promise<boolean> {
      const result = await uploads.deleteOne({ _id: id, attachedAt: { $exists: false } });
      return result.deletedCount === 1;
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
