import { Router } from 'express';
import type { AccessTokens } from '../../auth/access-token';
import { requireAccessToken } from '../../auth/middleware';
import type { ToolsService } from './service';
import { toolListQuerySchema, toolParamsSchema } from './validators';

export function toolsRoutes(deps: { tools: ToolsService; accessTokens: AccessTokens }): Router {
  const router = Router();
  router.get('/tools', async (req, res) => {
    // The spec's plain call keeps its shape (an array, newest last); any parameter asks for a page.
    if (Object.keys(req.query).length === 0) {
      res.json(await deps.tools.list());
      return;
    }
    res.json(await deps.tools.search(toolListQuerySchema.parse(req.query)));
  });
  router.get('/tools/:id', requireAccessToken(deps.accessTokens), async (req, res) => {
    const { id } = toolParamsSchema.parse(req.params);
    res.json(await deps.tools.get(id));
  });
  return router;
}
