import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activityKeys, api, partKeys, partReviewKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, type HeldVoteDecision, type ModeratedPartReview, moderatedPartReviewSchema, type Page, pageSchema } from '@pcpp/contracts/core';

const partReviewPageSchema = pageSchema(moderatedPartReviewSchema);

/** Which part reviews the table lists: all, only shown or only hidden ones, or those with votes held back. */
export type PartReviewState = 'all' | 'shown' | 'hidden' | 'held';

const filterOf = (state: PartReviewState) =>
  state === 'all' ? {} : state === 'held' ? { heldVotes: true } : { hidden: state === 'hidden' };

/** GET /part-reviews (admin): reviews of parts, hidden ones included, newest first, a page at a time. */
export function getPartReviews(page: number, state: PartReviewState, signal?: AbortSignal): Promise<Page<ModeratedPartReview>> {
  const filter = filterOf(state);
  const query = {
    page: String(page),
    limit: String(ADMIN_PAGE_SIZE),
    ...('hidden' in filter ? { hidden: filter.hidden ? ('true' as const) : ('false' as const) } : {}),
    ...('heldVotes' in filter ? { heldVotes: 'true' as const } : {}),
  };
  return api.get('/part-reviews', { query, signal, answer: partReviewPageSchema });
}

export const usePartReviews = (page: number, state: PartReviewState) =>
  useQuery({
    queryKey: partReviewKeys.list({ page, ...filterOf(state) }),
    queryFn: ({ signal }) => getPartReviews(page, state, signal),
    placeholderData: keepPreviousData,
  });

/** POST /part-reviews/{id}/held-votes: the votes held back are counted or discarded (the review's count changes). */
export function useDecideHeldVotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: HeldVoteDecision }) =>
      api.post('/part-reviews/{id}/held-votes', { params: { id }, body: { decision }, answer: moderatedPartReviewSchema }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: partReviewKeys.all }), queryClient.invalidateQueries({ queryKey: activityKeys.all })]),
  });
}

/** PATCH /part-reviews/{id}: a hidden review leaves the part's page and its rating (so the part's too). */
export function useSetPartReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      api.patch('/part-reviews/{id}', { params: { id }, body: { hidden }, answer: moderatedPartReviewSchema }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partReviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: partKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}
