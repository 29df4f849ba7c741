import { Router } from 'express';
import type { AccessTokens } from '../../auth/access-token';
import { requireAccessToken } from '../../auth/middleware';
import type { ToolsService } from './service';
import { toolParamsSchema } from './validators';

export function toolsRoutes(deps: { tools: ToolsService; accessTokens: AccessTokens }): Router {
  const router = Router();
  router.get('/tools', async (_req, res) => {
    res.json(await deps.tools.list());
  });
  router.get('/tools/:id', requireAccessToken(deps.accessTokens), async (req, res) => {
    const { id } = toolParamsSchema.parse(req.params);
    res.json(await deps.tools.get(id));
  });
  return router;
}
