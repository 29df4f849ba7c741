import { Router } from 'express';
import type { AccessTokens } from '../../auth/access-token';
import { requireAccessToken, requireAdmin } from '../../auth/middleware';
import type { RoleAuthority } from '../../auth/role-authority';
import type { ActivityLog } from './service';
import { activityQuerySchema } from './validators';

export function activityRoutes(deps: { activity: ActivityLog; accessTokens: AccessTokens; roles: RoleAuthority }): Router {
  const router = Router();

  router.get('/activity', requireAccessToken(deps.accessTokens), requireAdmin(deps.roles), async (req, res) => {
    res.json(await deps.activity.list(activityQuerySchema.parse(req.query)));
  });

  return router;
}
