import type { Tool } from '@pcpp/contracts/core';
import type { ObjectId, WithId } from 'mongodb';
import type { ToolDocument } from '../../db/mongo';
import { NotFoundError } from '../../errors';
import type { ToolsRepository } from './repository';

/** Field by field, so nothing stored but unlisted (or unprojected) reaches a client. */
export function toTool(doc: WithId<ToolDocument>): Tool {
  return {
    _id: doc._id.toHexString(),
    name: doc.name,
    img: doc.img,
    description: doc.description,
    category: doc.category,
    price: doc.price,
    p_quantity: doc.p_quantity,
    min_quantity: doc.min_quantity,
    createdAt: doc.createdAt.toISOString(),
  };
}

export function createToolsService(repository: ToolsRepository) {
  return {
    async list(): Promise<Tool[]> {
      return (await repository.findAll()).map(toTool);
    },
    async get(id: ObjectId): Promise<Tool> {
      const doc = await repository.findById(id);
      if (!doc) throw new NotFoundError('Tool not found');
      return toTool(doc);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
