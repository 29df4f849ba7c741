import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiPageAnswer, LATEST_REVIEWS_PATH, getParsed, pageSchema, reviewKeys, reviewSchema } from '@pcpp/contracts';

const reviewPageSchema = pageSchema(reviewSchema);

/** GET /reviews?sort=newest&limit=6: the latest six shown reviews, newest first (hidden ones never come). */
export async function getLatestReviews(signal?: AbortSignal): Promise<ApiPageAnswer<'/reviews', 'get'>['items']> {
  const page = await getParsed(reviewPageSchema, LATEST_REVIEWS_PATH, { signal });
  return page.items;
}

export const latestReviewsQuery = () =>
  queryOptions({ queryKey: reviewKeys.latest(), queryFn: ({ signal }) => getLatestReviews(signal) });

export const useLatestReviews = () => useQuery(latestReviewsQuery());
