import { HOME_LIST_SIZE, type Review, apiClient } from '@pcpp/contracts';

/** The last six reviews (the api lists them newest last), newest first. */
export async function getLatestReviews(_key: string, signal: AbortSignal): Promise<Review[]> {
  const { data } = await apiClient.get<Review[]>('/reviews', { signal });
  return data.slice(-HOME_LIST_SIZE).reverse();
}
