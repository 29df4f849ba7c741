import { reviewText } from '@pcpp/contracts/core';
import { type RequestHandler, Router } from 'express';
import type { AccessTokens } from '../../auth/access-token';
import { accessClaims, refuseAdmins, requireAccessToken, requireAdmin } from '../../auth/middleware';
import type { RoleAuthority } from '../../auth/role-authority';
import type { CatalogCache } from '../../catalog-cache';
import { noQuerySchema } from '../../validation';
import type { ReviewsService } from './service';
import {
  addReviewBodySchema,
  moderationQuerySchema,
  reviewListQuerySchema,
  reviewParamsSchema,
  reviewVisibilityBodySchema,
} from './validators';

export function reviewsRoutes(deps: {
  reviews: ReviewsService;
  accessTokens: AccessTokens;
  roles: RoleAuthority;
  catalogCache: CatalogCache;
  /** Reviews per customer (rate-limits.ts). */
  rateLimit: RequestHandler;
}): Router {
  const router = Router();
  const signedIn = requireAccessToken(deps.accessTokens);
  const admin = requireAdmin(deps.roles);

  router.get('/reviews', (req, res) =>
    deps.catalogCache.serve(req, res, () =>
      // The spec's plain call keeps its shape (an array, newest last); any parameter asks for a page.
      Object.keys(req.query).length === 0 ? deps.reviews.list() : deps.reviews.latest(reviewListQuerySchema.parse(req.query)),
    ),
  );

  router.get('/reviews/all', signedIn, admin, async (req, res) => {
    res.json(await deps.reviews.listForModeration(moderationQuerySchema.parse(req.query)));
  });

  router.patch('/reviews/:id', signedIn, admin, async (req, res) => {
    const { id } = reviewParamsSchema.parse(req.params);
    noQuerySchema.parse(req.query);
    const { hidden } = reviewVisibilityBodySchema.parse(req.body ?? {});
    res.json(await deps.reviews.setHidden(accessClaims(req), id, hidden));
  });

  // Reviews come from customers: the api refuses an admin, whatever the browser shows.
  router.post('/addReview', signedIn, refuseAdmins(deps.roles, reviewText.adminRefused), deps.rateLimit, async (req, res) => {
    const input = addReviewBodySchema.parse(req.body ?? {});
    res.status(201).json(await deps.reviews.add(accessClaims(req), input));
  });

  return router;
}
