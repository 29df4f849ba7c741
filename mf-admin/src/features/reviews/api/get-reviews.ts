import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed, reviewKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, type ApiAnswer, moderatedReviewSchema, pageSchema } from '@pcpp/contracts/core';

const reviewPageSchema = pageSchema(moderatedReviewSchema);

/** GET /reviews/all (admin): every review, hidden ones included, newest first, a page at a time. */
export function getReviews(page: number, signal?: AbortSignal): Promise<ApiAnswer<'/reviews/all', 'get'>> {
  return getParsed(reviewPageSchema, '/reviews/all', { params: { page, limit: ADMIN_PAGE_SIZE }, signal });
}

export const reviewsQuery = (page: number) =>
  queryOptions({ queryKey: reviewKeys.list({ page }), queryFn: ({ signal }) => getReviews(page, signal) });

export const useReviews = (page: number) => useQuery({ ...reviewsQuery(page), placeholderData: keepPreviousData });
