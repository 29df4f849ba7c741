import { render, screen } from '@testing-library/react';
import { StarRating, clampRating, ratingLabel } from './star-rating';

describe('StarRating', () => {
  it.each([0, 1, 2, 3, 4, 5])('announces %i as "Rated %i out of 5" and fills that many stars', (rating) => {
    const { container } = render(<StarRating rating={rating} />);
    const stars = screen.getByRole('img', { name: `Rated ${rating} out of 5` });
    expect(stars).toBeInTheDocument();
    // The five drawings are hidden from assistive technology: only the phrase is read.
    expect(container.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(5);
    expect(container.querySelectorAll('.filled')).toHaveLength(rating);
  });

  it('is not interactive', () => {
    render(<StarRating rating={3} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it.each([
    [7, 5],
    [-2, 0],
    [3.6, 4],
    [Number.NaN, 0],
  ])('brings %p inside the 0 to 5 scale as %p', (given, shown) => {
    expect(clampRating(given)).toBe(shown);
    expect(ratingLabel(given)).toBe(`Rated ${shown} out of 5`);
  });
});
