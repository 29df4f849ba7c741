import { apiClient, type Review, type ReviewInput } from '@pcpp/contracts';

/**
 * POST /addReview with the access token. The api takes the reviewer's name from the account,
 * so none is sent; `ratings` goes as the select's string, as the spec's form sends it.
 */
export async function addReview(input: ReviewInput): Promise<Review> {
  const { data } = await apiClient.post<Review>('/addReview', { ratings: input.ratings, review: input.review });
  return data;
}
