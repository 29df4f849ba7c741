import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@pcpp/contracts/router';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, useAuth } from '@pcpp/contracts';
import { pageMeta, publicNameOf, reviewInputSchema, toastMessages, type ReviewInput } from '@pcpp/contracts/core';
import { Button, ErrorText, Field, fieldAria, PageTitle, Panel, usePageMeta } from '@pcpp/contracts/ui';
import { useAddReview } from '../api/add-review';

const Form = styled.form`
  display: grid;
  gap: 16px;
  max-width: 640px;
`;

const Intro = styled.p`
  margin: 0 0 20px;
  color: var(--color-muted);
`;

const Done = styled.p`
  margin: 0;
  color: var(--color-success);
  font-weight: 600;
`;

const RATINGS = ['0', '1', '2', '3', '4', '5'] as const;
const REVIEW_MAX = 1000;
const emptyForm: ReviewInput = { ratings: '', review: '' };

/** Add Your Review (spec §2): posted under the signed-in account's name, shown on the home page. */
export function AddReviewPage() {
  usePageMeta(pageMeta.addReview);
  const user = useAuth((s) => s.user);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [posted, setPosted] = useState(false);
  const addReview = useAddReview();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput>({
    // raw: the api gets what the form holds (ratings as the select's string) and applies the
    // same schema itself.
    resolver: zodResolver(reviewInputSchema, undefined, { raw: true }),
    mode: 'onTouched',
    defaultValues: emptyForm,
  });

  const submit = handleSubmit(async (input) => {
    setSaveError(null);
    setPosted(false);
    try {
      await addReview.mutateAsync(input);
      toast.success(toastMessages.reviewGiven);
      reset(emptyForm);
      setPosted(true);
    } catch (error) {
      setSaveError(errorMessage(error));
    }
  });

  const name = user ? publicNameOf(user) : '';
  return (
    <Panel aria-labelledby="review-title">
      <PageTitle id="review-title">Add Your Review</PageTitle>
      <Intro>Tell other builders how your parts and your order went. Your review shows on the home page.</Intro>
      <Form noValidate onSubmit={submit}>
        <Field id="review-name" label="Name" hint="Reviews show the name of your account.">
          <input id="review-name" type="text" value={name} readOnly {...fieldAria('review-name', undefined, 'hint')} />
        </Field>
        <Field id="review-ratings" label="Ratings" error={errors.ratings?.message}>
          <select id="review-ratings" {...fieldAria('review-ratings', errors.ratings?.message)} {...register('ratings')}>
            <option value="">Choose a rating</option>
            {RATINGS.map((value) => (
              <option key={value} value={value}>
                {value} {value === '1' ? 'star' : 'stars'}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="review-text"
          label="Review"
          hint={`Up to ${REVIEW_MAX} characters.`}
          error={errors.review?.message}
        >
          <textarea
            id="review-text"
            rows={5}
            maxLength={REVIEW_MAX}
            {...fieldAria('review-text', errors.review?.message, 'hint')}
            {...register('review')}
          />
        </Field>
        {saveError && <ErrorText role="alert">Your review was not added: {saveError}</ErrorText>}
        {posted && (
          <Done role="status">
            Thank you! <Link to="/">See it on the home page</Link>.
          </Done>
        )}
        <div>
          <Button type="submit" disabled={isSubmitting || !user}>
            {isSubmitting ? 'Adding…' : 'Add Review'}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}
