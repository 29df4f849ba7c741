import { Router } from 'express';
import type { AccessTokens } from '../../auth/access-token';
import { accessClaims, requireAccessToken, requireAdmin } from '../../auth/middleware';
import type { RoleAuthority } from '../../auth/role-authority';
import type { CatalogCache } from '../../catalog-cache';
import { noBodySchema, noQuerySchema } from '../../validation';
import type { PartsService } from './service';
import { partBodySchema, partListQuerySchema, partParamsSchema } from './validators';

export function partsRoutes(deps: {
  parts: PartsService;
  accessTokens: AccessTokens;
  roles: RoleAuthority;
  catalogCache: CatalogCache;
}): Router {
  const router = Router();
  const signedIn = requireAccessToken(deps.accessTokens);
  const admin = requireAdmin(deps.roles);
  const { catalogCache } = deps;
  router.get('/tools', (req, res) =>
    catalogCache.serve(req, res, () =>
      // The spec's plain call keeps its shape (an array, newest last); any parameter asks for a page.
      Object.keys(req.query).length === 0 ? deps.parts.list() : deps.parts.search(partListQuerySchema.parse(req.query)),
    ),
  );
  // Public, like the list: a part's page is for visitors too (the spec's bearer is accepted, never
  // read, so the answer is the same for every caller and may be cached).
  router.get('/tools/:id', (req, res) =>
    catalogCache.serve(req, res, () => {
      const { id } = partParamsSchema.parse(req.params);
      noQuerySchema.parse(req.query);
      return deps.parts.get(id);
    }),
  );
  router.post('/tools', signedIn, admin, async (req, res) => {
    noQuerySchema.parse(req.query);
    const input = partBodySchema.parse(req.body ?? {});
    res.status(201).json(await deps.parts.add(accessClaims(req), input));
  });

  router.delete('/tools/:id', signedIn, admin, async (req, res) => {
    const { id } = partParamsSchema.parse(req.params);
    noQuerySchema.parse(req.query);
    noBodySchema.parse(req.body ?? {});
    res.json(await deps.parts.remove(accessClaims(req), id));
  });

  return router;
}
