import { useId } from 'react';
import styled from 'styled-components';
import { initialsOf, reviewText, shownName, type Review } from '@pcpp/contracts/core';
import { QueryView } from '@pcpp/contracts/ui';
import { CardGrid } from '../../../components/card-grid';
import { Section } from '../../../components/section';
import { StarRating } from '../../../components/star-rating';
import { useLatestReviews } from '../api/get-latest-reviews';
import { cardColumn, surface } from '../../../components/surface';

const Card = styled.article`
  ${cardColumn}
  ${surface}
  gap: 10px;
  padding: 22px;
  header { display: flex; align-items: center; gap: 12px; }
  h3 { margin: 0; font-size: 1.1rem; overflow-wrap: anywhere; }
  blockquote { margin: 0; color: var(--color-ink-soft); }
`;

const Avatar = styled.span`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  background: var(--color-primary);
  color: #fff;
  font-weight: 700;
`;

/** Says that an admin's account wrote the review, so no admin's word passes for a customer's. */
const AdminMark = styled.p`
  margin: 2px 0 0;
  width: fit-content;
  padding: 1px 8px;
  border-radius: 999px;
  background: #fef3c7;
  color: #78350f;
  font-size: 0.8rem;
  font-weight: 700;
`;

/** The card's title is the reviewer's name, as the spec says. */
function ReviewCard({ review }: { review: Review }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <header>
        <Avatar aria-hidden="true">{initialsOf(shownName(review.name))}</Avatar>
        <div>
          <h3 id={titleId}>{shownName(review.name)}</h3>
          {review.byAdmin && <AdminMark>{reviewText.byAdmin}</AdminMark>}
        </div>
      </header>
      <StarRating rating={review.ratings} />
      <blockquote>{review.review}</blockquote>
    </Card>
  );
}

const LOADING = 'Loading reviews…';

/** 'Our Customers Reviews': the six most recent reviews; on the server, the section streams in when they arrive. */
export function LatestReviews() {
  return (
    <Section id="reviews" title="Our Customers Reviews" intro="What builders say after their parts arrive." loading={LOADING}>
      <ReviewList />
    </Section>
  );
}

function ReviewList() {
  const reviews = useLatestReviews();
  return (
    <QueryView
      query={reviews}
      loadingLabel={LOADING}
      failure="We could not load the reviews."
      framed
      isEmpty={(list) => list.length === 0}
      empty={() => <p>No reviews yet. Customers can add one from their dashboard.</p>}
    >
      {(list) => (
        <CardGrid aria-label="Customer reviews">
          {list.map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </CardGrid>
      )}
    </QueryView>
  );
}
