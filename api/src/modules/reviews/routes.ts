import { type RequestHandler, Router } from 'express';
import type { AccessTokens } from '../../auth/access-token';
import { accessClaims, requireAccessToken } from '../../auth/middleware';
import type { ReviewsService } from './service';
import { addReviewBodySchema } from './validators';

export function reviewsRoutes(deps: {
  reviews: ReviewsService;
  accessTokens: AccessTokens;
  /** Reviews per customer (rate-limits.ts). */
  rateLimit: RequestHandler;
}): Router {
  const router = Router();

  router.get('/reviews', async (_req, res) => {
    res.json(await deps.reviews.list());
  });

  router.post('/addReview', requireAccessToken(deps.accessTokens), deps.rateLimit, async (req, res) => {
    const input = addReviewBodySchema.parse(req.body ?? {});
    res.status(201).json(await deps.reviews.add(accessClaims(req), input));
  });

  return router;
}
