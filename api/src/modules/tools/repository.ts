import type { Collection, ObjectId } from 'mongodb';
import type { ToolDocument } from '../../db/mongo';

export function createToolsRepository(tools: Collection<ToolDocument>) {
  return {
    /** Oldest first: the home page shows the last six as the latest parts. */
    findAll: () => tools.find({}).sort({ createdAt: 1, _id: 1 }).toArray(),
    findById: (id: ObjectId) => tools.findOne({ _id: id }),
  };
}

export type ToolsRepository = ReturnType<typeof createToolsRepository>;
