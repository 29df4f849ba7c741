import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '@pcpp/contracts';
import { pageMeta, type ModeratedReview } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { PagedTable } from '../../../components/paged-table';
import { useReviews } from '../api/get-reviews';
import { useSetReviewHidden } from '../api/set-review-hidden';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Reviews (beyond the spec): every review, and Hide / Show for what the home page may show. */
export function ReviewsPage() {
  usePageMeta(pageMeta.reviews);
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
    <Panel aria-labelledby="reviews-title">
      <PageTitle id="reviews-title">Reviews: {reviews.data?.total ?? '…'}</PageTitle>
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
                <td data-label="Date" className="nowrap">{date.format(new Date(review.createdAt))}</td>
                <td data-label="State" className="nowrap">{review.hidden ? <strong>Hidden</strong> : 'Shown'}</td>
                <td data-label="Action">
                  <Button
                    type="button"
                    $variant={review.hidden ? 'primary' : 'secondary'}
                    disabled={setHidden.isPending}
                    aria-label={`${review.hidden ? 'Show' : 'Hide'}: the review by ${review.name}`}
                    onClick={() => void toggle(review)}
                  >
                    {review.hidden ? 'Show' : 'Hide'}
                  </Button>
                </td>
              </tr>
            )}
          />
        )}
      </QueryView>
    </Panel>
  );
}
