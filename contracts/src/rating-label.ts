// Its own module: cards on the home page show stars without the part-review texts the part's page
// uses (webpack keeps a module whole in the first chunk that needs any of it).

/** "4.3 out of 5 stars, 12 reviews": the stars' accessible name. */
export function ratingLabel(average: number, count: number): string {
  return `${average.toFixed(1)} out of 5 stars, ${count} ${count === 1 ? 'review' : 'reviews'}`;
}
