import { Router } from 'express';
import type { ReviewsService } from './service';

export function reviewsRoutes(deps: { reviews: ReviewsService }): Router {
  const router = Router();
  router.get('/reviews', async (_req, res) => {
    res.json(await deps.reviews.list());
  });
  return router;
}
