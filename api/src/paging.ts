import { catalogQueryFields, type Page } from '@pcpp/contracts/core';
import type { Collection, Document, Filter, Sort, WithId } from 'mongodb';

/** page and limit of a list's query string (limit at most 50), for a strict query schema. */
export const pagingFields = {
  page: catalogQueryFields.page.optional(),
  limit: catalogQueryFields.limit.optional(),
};

export interface PageRequest {
  page: number;
  limit: number;
  skip: number;
}

/** The page asked for: the first one, `defaultLimit` long, unless the query says otherwise. */
export function pageRequest(query: { page?: number; limit?: number }, defaultLimit: number): PageRequest {
  const page = query.page ?? 1;
  const limit = query.limit ?? defaultLimit;
  return { page, limit, skip: (page - 1) * limit };
}

/** A page past the end is an empty page, not an error: the client shows "nothing here". */
export function toPage<T>(items: T[], total: number, { page, limit }: PageRequest): Page<T> {
  return { items, total, page, pages: Math.ceil(total / limit) };
}

/**
 * The documents matching `filter` in `sort` order: all of them (total undefined), or one page and
 * how many match in all.
 */
export async function findListed<T extends Document>(
  collection: Collection<T>,
  filter: Filter<T>,
  sort: Sort,
  page?: { skip: number; limit: number },
): Promise<{ docs: WithId<T>[]; total: number | undefined }> {
  const cursor = collection.find(filter).sort(sort);
  if (!page) return { docs: await cursor.toArray(), total: undefined };
  const [docs, total] = await Promise.all([cursor.skip(page.skip).limit(page.limit).toArray(), collection.countDocuments(filter)]);
  return { docs, total };
}
