import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { errorMessage, useAuth } from '@pcpp/contracts';
import { Link, useLocation } from '@pcpp/contracts/router';
import { PART_REVIEW_SORTS, type PartReviewSort, partReviewText } from '@pcpp/contracts/core';
import { Button, ErrorText, Spinner } from '@pcpp/contracts/ui';
import { media } from '../../../lib/breakpoints';
import { useDeletePartReview, useMarkHelpful, useMyPartReview, usePartReviews } from '../api/part-reviews';
import { PartReviewCard } from './part-review-card';
import { RatingSummary } from './rating-summary';

/** The review form (react-hook-form and zod with it) loads when the customer opens it, not with the part's page. */
const PartReviewForm = lazy(() => import('./part-review-form').then((module) => ({ default: module.PartReviewForm })));

const Section = styled.section`
  margin-top: 40px;
  display: grid;
  gap: 20px;
  h2 { margin: 0; font-size: 1.6rem; }
  ${media.large} { grid-template-columns: minmax(240px, 1fr) minmax(0, 2fr); column-gap: 40px; h2 { grid-column: 1 / -1; } }
`;

const Side = styled.div`
  display: grid;
  gap: 16px;
  align-content: start;
  p { margin: 0; color: var(--color-ink-soft); }
  p.none { font-size: 1.15rem; font-weight: 600; color: var(--color-ink); }
  a { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
`;

const List = styled.div`
  display: grid;
  align-content: start;
  gap: 0;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  label { display: inline-flex; align-items: center; gap: 8px; font-weight: 600; }
  select { min-height: 44px; padding: 8px 10px; border: 1px solid #94a3b8; border-radius: 8px; background: #fff; }
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  gap: 12px;
  padding-top: 12px;
`;

/** The account's own part: what it may do here (write, edit, delete) or why it may not. */
function MyReview({ partId }: { partId: string }) {
  const status = useAuth((s) => s.status);
  const location = useLocation();
  const mine = useMyPartReview(partId);
  const remove = useDeletePartReview(partId);
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (status !== 'signedIn') {
    // The login page brings the visitor back here once signed in.
    return (
      <p>
        <Link to="/login" state={{ from: { pathname: location.pathname, search: location.search, hash: '#part-reviews-title' }, reason: partReviewText.signInToReviewReason }}>
          {partReviewText.signInToReview}
        </Link>
      </p>
    );
  }
  if (!mine.data) return null;
  const { review, canReview } = mine.data;
  if (editing) {
    return (
      <Suspense fallback={<Spinner label="Loading the review form" />}>
        <PartReviewForm partId={partId} existing={review ?? undefined} onDone={() => setEditing(false)} />
      </Suspense>
    );
  }
  if (review) {
    return (
      <div>
        <Button type="button" $variant="secondary" onClick={() => setEditing(true)}>
          {partReviewText.edit}
        </Button>{' '}
        <Button
          type="button"
          $variant="danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(review._id, { onError: (error) => setFailure(errorMessage(error)) })}
        >
          {partReviewText.delete}
        </Button>
        {failure && <ErrorText role="alert">{failure}</ErrorText>}
      </div>
    );
  }
  if (!canReview) return <p>{partReviewText.buyToReview}</p>;
  return <Button type="button" onClick={() => setEditing(true)}>{partReviewText.write}</Button>;
}

/** The part page's reviews (issue 33): the summary, the reviews newest or most helpful first, paged. */
export function PartReviewsSection({ partId }: { partId: string }) {
  return (
    <Suspense fallback={<Spinner label="Loading reviews" />}>
      <Reviews partId={partId} />
    </Suspense>
  );
}

function Reviews({ partId }: { partId: string }) {
  const [sort, setSort] = useState<PartReviewSort>('newest');
  const [page, setPage] = useState(1);
  const reviews = usePartReviews(partId, sort, page);
  const status = useAuth((s) => s.status);
  const mine = useMyPartReview(partId);
  const helpful = useMarkHelpful(partId);
  const verified = useAuth((s) => s.user?.emailVerified === true);
  const [voteFailure, setVoteFailure] = useState<{ id: string; message: string } | null>(null);
  const helpfulIds = new Set(mine.data?.helpfulIds ?? []);
  const myId = mine.data?.review?._id;
  return (
    <Section aria-labelledby="part-reviews-title">
      <h2 id="part-reviews-title">{partReviewText.sectionTitle}</h2>
      <Side>
        {reviews.data && reviews.data.summary.count > 0 && <RatingSummary summary={reviews.data.summary} />}
        {reviews.data && reviews.data.summary.count === 0 && <p className="none">{partReviewText.noReviews}</p>}
        <MyReview partId={partId} />
      </Side>
      <List>
        {reviews.isPending && <Spinner label="Loading reviews" />}
        {reviews.isError && <ErrorText role="alert">{errorMessage(reviews.error)}</ErrorText>}
        {reviews.data && reviews.data.total > 0 && (
          <>
            <Toolbar>
              <span>
                {reviews.data.total} {reviews.data.total === 1 ? 'review' : 'reviews'}
              </span>
              <label>
                Sort
                <select
                  value={sort}
                  onChange={(event) => {
                    setSort(PART_REVIEW_SORTS.find((s) => s === event.target.value) ?? 'newest');
                    setPage(1);
                  }}
                >
                  {PART_REVIEW_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {partReviewText.sortLabels[s]}
                    </option>
                  ))}
                </select>
              </label>
            </Toolbar>
            {reviews.data.items.map((review) => (
              <PartReviewCard
                key={review._id}
                review={review}
                helpful={status !== 'signedIn' || review._id === myId ? 'none' : helpfulIds.has(review._id) ? 'done' : verified ? 'can' : 'verify'}
                pending={helpful.isPending}
                failure={voteFailure?.id === review._id ? voteFailure.message : undefined}
                onHelpful={() => {
                  setVoteFailure(null);
                  helpful.mutate(review._id, { onError: (error) => setVoteFailure({ id: review._id, message: errorMessage(error) }) });
                }}
              />
            ))}
            {reviews.data.pages > 1 && (
              <Pager aria-label="Review pages">
                <Button type="button" $variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </Button>
                <span>
                  Page {page} of {reviews.data.pages}
                </span>
                <Button type="button" $variant="secondary" disabled={page >= reviews.data.pages} onClick={() => setPage(page + 1)}>
                  Next
                </Button>
              </Pager>
            )}
          </>
        )}
      </List>
    </Section>
  );
}
