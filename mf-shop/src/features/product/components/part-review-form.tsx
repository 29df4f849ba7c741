import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage } from '@pcpp/contracts';
import { PART_REVIEW_TEXT_MAX, PART_REVIEW_TITLE_MAX, type PartReview, type PartReviewInput, partReviewInputSchema, partReviewText } from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria } from '@pcpp/contracts/ui';
import type { z } from 'zod';
import { useSavePartReview } from '../api/part-reviews';

const Form = styled.form`
  display: grid;
  gap: 14px;
  padding: 16px;
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-surface, #fff);
  h3 { margin: 0; font-size: 1.15rem; }
  fieldset { margin: 0; padding: 0; border: 0; display: grid; gap: 6px; }
  legend { font-weight: 600; margin-bottom: 6px; }
`;

const Stars = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  label { display: inline-flex; align-items: center; gap: 6px; min-height: 44px; min-width: 44px; }
  input { width: 20px; height: 20px; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

type Values = z.input<typeof partReviewInputSchema>;

/** Writes a new review, or edits `existing`; the api checks the purchase and the limits again. */
export function PartReviewForm({ partId, existing, onDone }: { partId: string; existing?: PartReview; onDone: () => void }) {
  const save = useSavePartReview(partId);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<Values, unknown, PartReviewInput>({
    resolver: zodResolver(partReviewInputSchema),
    defaultValues: existing ? { rating: existing.rating, title: existing.title, text: existing.text } : { title: '', text: '' },
  });
  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      await save.mutateAsync({ reviewId: existing?._id, input });
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  const ratingError = errors.rating?.message;
  const rating = useWatch({ control, name: 'rating' });
  return (
    <Form onSubmit={submit} noValidate aria-labelledby="part-review-form-title">
      <h3 id="part-review-form-title">{existing ? partReviewText.edit : partReviewText.write}</h3>
      <fieldset aria-describedby={ratingError ? 'review-rating-error' : undefined}>
        <legend>Rating</legend>
        <Stars>
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars}>
              {/* Controlled: react-hook-form reads a radio's value as text, and the rating is a number. */}
              <input
                type="radio"
                name="rating"
                value={stars}
                checked={rating === stars}
                onChange={() => setValue('rating', stars, { shouldValidate: isSubmitted })}
              />
              {stars} {stars === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </Stars>
        {ratingError && <ErrorText id="review-rating-error">{ratingError}</ErrorText>}
      </fieldset>
      <Field id="review-title" label="Title" error={errors.title?.message}>
        <input id="review-title" maxLength={PART_REVIEW_TITLE_MAX} {...fieldAria('review-title', errors.title?.message)} {...register('title')} />
      </Field>
      <Field id="review-text" label="Review" error={errors.text?.message}>
        <textarea id="review-text" maxLength={PART_REVIEW_TEXT_MAX} {...fieldAria('review-text', errors.text?.message)} {...register('text')} />
      </Field>
      {failure && <ErrorText role="alert">{failure}</ErrorText>}
      <Actions>
        <Button type="submit" disabled={isSubmitting}>
          {partReviewText.save}
        </Button>
        <Button type="button" $variant="secondary" onClick={onDone}>
          {partReviewText.cancel}
        </Button>
      </Actions>
    </Form>
  );
}
