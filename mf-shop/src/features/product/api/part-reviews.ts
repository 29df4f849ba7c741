import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, partKeys, partReviewKeys, useAuth, usePageQuery, userKeys } from '@pcpp/contracts';
import {
  type MyPartReview,
  PART_REVIEW_PAGE_SIZE,
  type PartReview,
  type PartReviewInput,
  type PartReviewPage,
  type PartReviewSort,
} from '@pcpp/contracts/core';

const core = () => import('@pcpp/contracts/core');

/** GET /tools/{id}/reviews (public): one page of the shown reviews and the part's rating summary. */
export function getPartReviews(partId: string, sort: PartReviewSort, page: number, signal?: AbortSignal): Promise<PartReviewPage> {
  return api.get('/tools/{id}/reviews', {
    params: { id: partId },
    query: { sort, page: String(page), limit: String(PART_REVIEW_PAGE_SIZE) },
    signal,
    answer: () => core().then((c) => c.partReviewPageSchema),
  });
}

/** One page of a part's reviews; the server prefetches the first (newest) for the page and its JSON-LD. */
export const partReviewsQuery = (partId: string, sort: PartReviewSort = 'newest', page = 1) =>
  queryOptions({
    queryKey: partReviewKeys.page(partId, { sort, page }),
    queryFn: ({ signal }) => getPartReviews(partId, sort, page, signal),
    staleTime: 10_000,
  });

/**
 * The page stays on screen while the next one loads (no jump to a spinner on "Next"). The server's
 * render waits for the first page, so the HTML and its JSON-LD carry the reviews.
 */
export function usePartReviews(partId: string, sort: PartReviewSort, page: number) {
  return usePageQuery({ ...partReviewsQuery(partId, sort, page), placeholderData: keepPreviousData });
}

/** GET /tools/{id}/reviews/mine: asked only for a signed-in account. */
export function useMyPartReview(partId: string) {
  const email = useAuth((s) => (s.status === 'signedIn' ? (s.user?.email ?? '') : ''));
  return useQuery({
    queryKey: userKeys.partReview(email, partId),
    queryFn: ({ signal }): Promise<MyPartReview> =>
      api.get('/tools/{id}/reviews/mine', { params: { id: partId }, signal, answer: () => core().then((c) => c.myPartReviewSchema) }),
    enabled: email !== '',
  });
}

/** After any change: the part's reviews, the account's view of them, and the part (its rating on cards). */
function useRefresh(partId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: partReviewKeys.part(partId) }),
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
      queryClient.invalidateQueries({ queryKey: partKeys.all }),
    ]);
}

/** POST /tools/{id}/reviews, or PUT …/{reviewId} when editing. */
export function useSavePartReview(partId: string) {
  const refresh = useRefresh(partId);
  return useMutation({
    mutationFn: ({ reviewId, input }: { reviewId?: string; input: PartReviewInput }): Promise<PartReview> => {
      const answer = () => core().then((c) => c.partReviewSchema);
      return reviewId
        ? api.put('/tools/{id}/reviews/{reviewId}', { params: { id: partId, reviewId }, body: input, answer })
        : api.post('/tools/{id}/reviews', { params: { id: partId }, body: input, answer });
    },
    onSuccess: refresh,
  });
}

export function useDeletePartReview(partId: string) {
  const refresh = useRefresh(partId);
  return useMutation({
    mutationFn: (reviewId: string) =>
      api.delete('/tools/{id}/reviews/{reviewId}', { params: { id: partId, reviewId }, answer: () => core().then((c) => c.deletedCountAnswerSchema) }),
    onSuccess: refresh,
  });
}

/** POST …/helpful: once per account (the api refuses a second). */
export function useMarkHelpful(partId: string) {
  const refresh = useRefresh(partId);
  return useMutation({
    mutationFn: (reviewId: string) =>
      api.post('/tools/{id}/reviews/{reviewId}/helpful', { params: { id: partId, reviewId }, answer: () => core().then((c) => c.partReviewSchema) }),
    onSuccess: refresh,
  });
}
