import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '@pcpp/contracts';
import { type HeldVoteDecision, type ModeratedPartReview, partReviewText } from '@pcpp/contracts/core';
import { Button, QueryView } from '@pcpp/contracts/ui';
import styled from 'styled-components';
import { PagedTable } from '../../../components/paged-table';
import { VisibilityCells } from './visibility-cells';
import { type PartReviewState, useDecideHeldVotes, usePartReviews, useSetPartReviewHidden } from '../api/part-reviews';

/** The count, and the votes held back with the admin's two choices (one child: a phone's cell is label and value). */
const HeldVotes = styled.span`
  display: grid;
  gap: 6px;
  justify-items: start;
  strong { color: #92400e; }
  .actions { display: flex; flex-wrap: wrap; gap: 6px; }
`;

/**
 * Reviews of parts (issue 33): Hide / Show what the part's page and its rating count, and the
 * "helpful" votes held back from a review's count (a burst from new accounts): count or discard them.
 */
export function PartReviewsTable({ state }: { state: PartReviewState }) {
  const [page, setPage] = useState(1);
  const reviews = usePartReviews(page, state);
  const setHidden = useSetPartReviewHidden();
  const decide = useDecideHeldVotes();

  async function decideHeld(review: ModeratedPartReview, decision: HeldVoteDecision) {
    try {
      await decide.mutateAsync({ id: review._id, decision });
      toast.success(decision === 'count' ? partReviewText.votesCounted(review.heldVotes) : partReviewText.votesDiscarded(review.heldVotes));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

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
          columns={['Reviewer', 'Part', 'Rating', 'Review', 'Helpful', 'Date', 'State', 'Action']}
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
              <td data-label="Helpful">
                <HeldVotes>
                  <span>{review.helpful}</span>
                  {review.heldVotes > 0 && (
                    <>
                      <strong title={partReviewText.heldVotesExplained}>{partReviewText.heldVotes(review.heldVotes)}</strong>
                      <span className="actions">
                        <Button type="button" $variant="secondary" disabled={decide.isPending} onClick={() => void decideHeld(review, 'count')} aria-label={`${partReviewText.countVotes}: ${partReviewText.heldVotes(review.heldVotes)} on the review by ${review.name}`}>
                          {partReviewText.countVotes}
                        </Button>
                        <Button type="button" $variant="danger" disabled={decide.isPending} onClick={() => void decideHeld(review, 'discard')} aria-label={`${partReviewText.discardVotes}: ${partReviewText.heldVotes(review.heldVotes)} on the review by ${review.name}`}>
                          {partReviewText.discardVotes}
                        </Button>
                      </span>
                    </>
                  )}
                </HeldVotes>
              </td>
              <VisibilityCells createdAt={review.createdAt} hidden={review.hidden} what={`the review by ${review.name} of ${review.partName}`} pending={setHidden.isPending} onToggle={() => void toggle(review)} />
            </tr>
          )}
        />
      )}
    </QueryView>
  );
}
