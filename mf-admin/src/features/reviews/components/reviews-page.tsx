import { type ReactNode, useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '@pcpp/contracts';
import { pageMeta, type ModeratedReview, partReviewText } from '@pcpp/contracts/core';
import { PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import styled from 'styled-components';
import { Toolbar } from '../../../components/admin-table';
import { PagedTable } from '../../../components/paged-table';
import { VisibilityCells } from './visibility-cells';
import type { PartReviewState } from '../api/part-reviews';
import { useReviews } from '../api/get-reviews';
import { useSetReviewHidden } from '../api/set-review-hidden';
import { PartReviewsTable } from './part-reviews-table';

const f = partReviewText.adminFilter;

const Note = styled.p`
  margin: 0 0 12px;
  color: var(--color-ink-soft);
`;
const PART_REVIEW_STATES: readonly PartReviewState[] = ['all', 'shown', 'hidden', 'held'];

/**
 * Reviews (beyond the spec): the shop's reviews (the home page's) or the reviews of parts (issue 33),
 * and Hide / Show for what the public may see.
 */
export function ReviewsPage() {
  usePageMeta(pageMeta.reviews);
  const [kind, setKind] = useState<'shop' | 'parts'>('shop');
  const [state, setState] = useState<PartReviewState>('all');
  const filters = (
    <Toolbar role="search" aria-label="Filter reviews">
      <label>
        {f.label}
        <select value={kind} onChange={(event) => setKind(event.target.value === 'parts' ? 'parts' : 'shop')}>
          <option value="shop">{f.shop}</option>
          <option value="parts">{f.parts}</option>
        </select>
      </label>
      {kind === 'parts' && (
        <label>
          State
          <select value={state} onChange={(event) => setState(PART_REVIEW_STATES.find((value) => value === event.target.value) ?? 'all')}>
            <option value="all">All</option>
            <option value="shown">Shown</option>
            <option value="hidden">Hidden</option>
            <option value="held">{partReviewText.heldVotesFilter}</option>
          </select>
        </label>
      )}
    </Toolbar>
  );
  return (
    <Panel aria-labelledby="reviews-title">
      {kind === 'shop' ? (
        <ShopReviews filters={filters} />
      ) : (
        <>
          <PageTitle id="reviews-title">{f.parts}</PageTitle>
          {filters}
          {state === 'held' && <Note>{partReviewText.heldVotesExplained}</Note>}
          <PartReviewsTable key={state} state={state} />
        </>
      )}
    </Panel>
  );
}

/** The shop's reviews (the spec's "Our Customers Reviews"): the title with their count, and their table. */
function ShopReviews({ filters }: { filters: ReactNode }) {
  const [page, setPage] = useState(1);
  const reviews = useReviews(page);
  const setHidden = useSetReviewHidden();

  async function toggle(review: ModeratedReview) {
    const hidden = !review.hidden;
    try {
      await setHidden.mutateAsync({ id: review._id, hidden });
      toast.success(
        hidden
          ? `The review by ${review.name} is hidden from the home page.`
          : `The review by ${review.name} shows on the home page again.`,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <>
      <PageTitle id="reviews-title">Reviews: {reviews.data?.total ?? '…'}</PageTitle>
      {filters}
      <QueryView query={reviews} loadingLabel="Loading the reviews…" failure="The reviews could not be loaded.">
        {(result) => (
          <PagedTable
            result={result}
            label="Reviews"
            columns={['Reviewer', 'Rating', 'Review', 'Date', 'State', 'Action']}
            empty="No reviews yet."
            onPage={setPage}
            row={(review) => (
              <tr key={review._id}>
                <th scope="row">
                  {review.name}
                  {review.author && (
                    <span className="muted byline">
                      {review.author.email}
                      {review.author.admin && ' (admin account)'}
                    </span>
                  )}
                </th>
                <td data-label="Rating" className="number">
                  {review.ratings} of 5
                </td>
                <td data-label="Review">{review.review}</td>
                <VisibilityCells createdAt={review.createdAt} hidden={review.hidden} what={`the review by ${review.name}`} pending={setHidden.isPending} onToggle={() => void toggle(review)} />
              </tr>
            )}
          />
        )}
      </QueryView>
    </>
  );
}
