import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activityKeys, api, partKeys, partReviewKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, type ModeratedPartReview, moderatedPartReviewSchema, type Page, pageSchema } from '@pcpp/contracts/core';

const partReviewPageSchema = pageSchema(moderatedPartReviewSchema);

/** Which part reviews the table lists: all, only shown or only hidden ones. */
export type PartReviewState = 'all' | 'shown' | 'hidden';

/** GET /part-reviews (admin): reviews of parts, hidden ones included, newest first, a page at a time. */
export function getPartReviews(page: number, state: PartReviewState, signal?: AbortSignal): Promise<Page<ModeratedPartReview>> {
  const query = { page: String(page), limit: String(ADMIN_PAGE_SIZE), ...(state === 'all' ? {} : { hidden: state === 'hidden' ? ('true' as const) : ('false' as const) }) };
  return api.get('/part-reviews', { query, signal, answer: partReviewPageSchema });
}

export const usePartReviews = (page: number, state: PartReviewState) =>
  useQuery({
    queryKey: partReviewKeys.list({ page, ...(state === 'all' ? {} : { hidden: state === 'hidden' }) }),
    queryFn: ({ signal }) => getPartReviews(page, state, signal),
    placeholderData: keepPreviousData,
  });

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
