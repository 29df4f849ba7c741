import { catalogQueryFields, type Page } from '@pcpp/contracts/core';

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
