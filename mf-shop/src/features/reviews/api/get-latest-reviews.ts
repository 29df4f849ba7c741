import { queryOptions } from '@tanstack/react-query';
import { api, reviewKeys, usePageQuery } from '@pcpp/contracts';
import { LATEST_REVIEWS_QUERY } from '@pcpp/contracts/core';

/** The answer's schema (and zod) load beside the request: home hydrated with the server's data never asks. */
const reviewPageSchema = () => import('@pcpp/contracts/core').then((core) => core.pageSchema(core.reviewSchema));

/** GET /reviews?sort=newest&limit=6: the latest six shown reviews, newest first (hidden ones never come). */
export async function getLatestReviews(signal?: AbortSignal) {
  // The query as the shell's server preloads it (LATEST_REVIEWS_PATH): one URL.
  const page = await api.get('/reviews', { query: LATEST_REVIEWS_QUERY, signal, answer: reviewPageSchema });
  return page.items;
}

export const latestReviewsQuery = () =>
  queryOptions({ queryKey: reviewKeys.latest(), queryFn: ({ signal }) => getLatestReviews(signal) });

export const useLatestReviews = () => usePageQuery(latestReviewsQuery());
