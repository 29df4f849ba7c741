import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '@pcpp/contracts';
import { type ModeratedPartReview } from '@pcpp/contracts/core';
import { QueryView } from '@pcpp/contracts/ui';
import { PagedTable } from '../../../components/paged-table';
import { VisibilityCells } from './visibility-cells';
import { type PartReviewState, usePartReviews, useSetPartReviewHidden } from '../api/part-reviews';

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
                {/* One child: on phones each cell is a label and its value side by side. */}
                <span>
                  <strong>{review.title}</strong> {review.text}
                </span>
              </td>
              <VisibilityCells createdAt={review.createdAt} hidden={review.hidden} what={`the review by ${review.name} of ${review.partName}`} pending={setHidden.isPending} onToggle={() => void toggle(review)} />
            </tr>
          )}
        />
      )}
    </QueryView>
  );
}
