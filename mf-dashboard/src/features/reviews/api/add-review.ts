import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, reviewKeys } from '@pcpp/contracts';
import { reviewSchema, type ReviewInput } from '@pcpp/contracts/core';

/**
 * POST /addReview with the access token. The api takes the reviewer's name from the account,
 * so none is sent; `ratings` goes as the select's string, as the spec's form sends it.
 */
export function addReview(input: ReviewInput) {
  return api.post('/addReview', { body: { ratings: input.ratings, review: input.review }, answer: reviewSchema });
}

/** The home page's reviews (mf-shop) are stale once this succeeds: one QueryClient per page. */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
