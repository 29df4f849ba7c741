import {
  CATALOG_PAGE_SIZE,
  type CatalogQuery,
  DEFAULT_CATALOG_SORT,
  type Tool,
  type ToolPage,
} from '@pcpp/contracts/core';
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
    /** Every part, newest last: the spec's plain GET /tools. */
    async list(): Promise<Tool[]> {
      return (await repository.findAll()).map(toTool);
    },
    /** The catalog: filtered, sorted (newest first by default) and one page at a time. */
    async search(query: CatalogQuery): Promise<ToolPage> {
      const page = query.page ?? 1;
      const limit = query.limit ?? CATALOG_PAGE_SIZE;
      const { docs, total } = await repository.search({
        category: query.category,
        text: query.q || undefined,
        sort: query.sort ?? DEFAULT_CATALOG_SORT,
        skip: (page - 1) * limit,
        limit,
      });
      // A page past the end is an empty page, not an error: the client shows "nothing here".
      return { items: docs.map(toTool), total, page, pages: Math.ceil(total / limit) };
    },
    async get(id: ObjectId): Promise<Tool> {
      const doc = await repository.findById(id);
      if (!doc) throw new NotFoundError('Tool not found');
      return toTool(doc);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
