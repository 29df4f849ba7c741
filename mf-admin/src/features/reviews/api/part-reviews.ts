import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activityKeys, apiClient, getParsed, partKeys, partReviewKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, type ModeratedPartReview, moderatedPartReviewSchema, type Page, pageSchema } from '@pcpp/contracts/core';

const partReviewPageSchema = pageSchema(moderatedPartReviewSchema);

/** Which part reviews the table lists: all, only shown or only hidden ones. */
export type PartReviewState = 'all' | 'shown' | 'hidden';

/** GET /part-reviews (admin): reviews of parts, hidden ones included, newest first, a page at a time. */
export function getPartReviews(page: number, state: PartReviewState, signal?: AbortSignal): Promise<Page<ModeratedPartReview>> {
  const params = { page, limit: ADMIN_PAGE_SIZE, ...(state === 'all' ? {} : { hidden: String(state === 'hidden') }) };
  return getParsed(partReviewPageSchema, '/part-reviews', { params, signal });
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
    mutationFn: async ({ id, hidden }: { id: string; hidden: boolean }) => {
      const { data } = await apiClient.patch<unknown>(`/part-reviews/${encodeURIComponent(id)}`, { hidden });
      return moderatedPartReviewSchema.parse(data);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partReviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: partKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}
