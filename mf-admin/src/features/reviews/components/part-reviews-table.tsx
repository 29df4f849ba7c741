import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '@pcpp/contracts';
import { type ModeratedPartReview } from '@pcpp/contracts/core';
import { Button, QueryView } from '@pcpp/contracts/ui';
import { PagedTable } from '../../../components/paged-table';
import { type PartReviewState, usePartReviews, useSetPartReviewHidden } from '../api/part-reviews';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Reviews of parts (issue 33): Hide / Show what the part's page and its rating count. */
export function PartReviewsTable({ state }: { state: PartReviewState }) {
  const [page, setPage] = useState(1);
  const reviews = usePartReviews(page, state);
  const setHidden = useSetPartReviewHidden();

  async function toggle(review: ModeratedPartReview) {
    const hidden = !review.hidden;
    try {
      await setHidden.mutateAsync({ id: review._id, hidden });
      toast.success(
        hidden ? `The review by ${review.name} is hidden from ${review.partName}’s page.` : `The review by ${review.name} shows on ${review.partName}’s page again.`,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <QueryView query={reviews} loadingLabel="Loading the part reviews…" failure="The part reviews could not be loaded.">
      {(result) => (
        <PagedTable
          result={result}
          label="Part reviews"
          columns={['Reviewer', 'Part', 'Rating', 'Review', 'Date', 'State', 'Action']}
          empty="No part reviews here."
          onPage={setPage}
          row={(review) => (
            <tr key={review._id}>
              <th scope="row">
                {review.name}
                <span className="muted byline">{review.authorEmail}</span>
              </th>
              <td data-label="Part">{review.partName}</td>
              <td data-label="Rating" className="number">
                {review.rating} of 5
              </td>
              <td data-label="Review">
                <strong>{review.title}</strong> {review.text}
              </td>
              <td data-label="Date" className="nowrap">{date.format(new Date(review.createdAt))}</td>
              <td data-label="State" className="nowrap">{review.hidden ? <strong>Hidden</strong> : 'Shown'}</td>
              <td data-label="Action">
                <Button
                  type="button"
                  $variant={review.hidden ? 'primary' : 'secondary'}
                  disabled={setHidden.isPending}
                  aria-label={`${review.hidden ? 'Show' : 'Hide'}: the review by ${review.name} of ${review.partName}`}
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
  );
}
