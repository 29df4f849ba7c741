import { queryOptions } from '@tanstack/react-query';
import { getParsed, reviewKeys, usePageQuery } from '@pcpp/contracts';
import { type ApiPageAnswer, LATEST_REVIEWS_PATH } from '@pcpp/contracts/core';

/** The answer's schema (and zod) load beside the request: home hydrated with the server's data never asks. */
const reviewPageSchema = () => import('@pcpp/contracts/core').then((core) => core.pageSchema(core.reviewSchema));

/** GET /reviews?sort=newest&limit=6: the latest six shown reviews, newest first (hidden ones never come). */
export async function getLatestReviews(signal?: AbortSignal): Promise<ApiPageAnswer<'/reviews', 'get'>['items']> {
  const page = await getParsed(reviewPageSchema, LATEST_REVIEWS_PATH, { signal });
  return page.items;
}

export const latestReviewsQuery = () =>
  queryOptions({ queryKey: reviewKeys.latest(), queryFn: ({ signal }) => getLatestReviews(signal) });

export const useLatestReviews = () => usePageQuery(latestReviewsQuery());
