import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { HOME_LIST_SIZE, getParsed, reviewKeys, reviewSchema } from '@pcpp/contracts';

const reviewsSchema = z.array(reviewSchema);

/** GET /reviews: the last six reviews (the api lists them newest last), newest first. */
export async function getLatestReviews(signal?: AbortSignal) {
  const reviews = await getParsed(reviewsSchema, '/reviews', { signal });
  return reviews.slice(-HOME_LIST_SIZE).reverse();
}

export const latestReviewsQuery = () =>
  queryOptions({ queryKey: reviewKeys.latest(), queryFn: ({ signal }) => getLatestReviews(signal) });

export const useLatestReviews = () => useQuery(latestReviewsQuery());
