import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, reviewKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, moderatedReviewSchema, pageSchema } from '@pcpp/contracts/core';

const reviewPageSchema = pageSchema(moderatedReviewSchema);

/** GET /reviews/all (admin): every review, hidden ones included, newest first, a page at a time. */
export function getReviews(page: number, signal?: AbortSignal) {
  return api.get('/reviews/all', { query: { page: String(page), limit: String(ADMIN_PAGE_SIZE) }, signal, answer: reviewPageSchema });
}

export const reviewsQuery = (page: number) =>
  queryOptions({ queryKey: reviewKeys.list({ page }), queryFn: ({ signal }) => getReviews(page, signal) });

export const useReviews = (page: number) => useQuery({ ...reviewsQuery(page), placeholderData: keepPreviousData });
