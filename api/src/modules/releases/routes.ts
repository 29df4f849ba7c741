import { Router, type RequestHandler } from 'express';
import type { AccessTokens } from '../../auth/access-token';
import { accessClaims, requireAccessToken, requireAdmin } from '../../auth/middleware';
import type { RoleAuthority } from '../../auth/role-authority';
import { HttpError } from '../../errors';
import { noBodySchema, noQuerySchema } from '../../validation';
import type { ReleasesService } from './service';
import { promoteReleaseInputSchema, publishReleaseInputSchema, remoteLoadFailureInputSchema, remoteParamsSchema } from './validators';

/** Browsers ask often; a few seconds of staleness is fine for shells starting up, and spares the api. */
const LIVE_REMOTES_CACHE = 'public, max-age=5';
export const FAILURE_REPORTS_PER_WINDOW = 10;
const FAILURE_REPORT_WINDOW_MS = 60_000;
export const TOO_MANY_REPORTS = 'Too many failure reports: try again in a minute';

/**
 * At most `limit` requests per client address per window, counted in this process. Enough for a
 * public write that anyone can call (the shell's failure reports); one process's count is the
 * right size for it.
 */
export function perAddressLimit(limit: number, windowMs: number): RequestHandler {
  const windows = new Map<string, { start: number; count: number }>();
  return (req, _res, next) => {
    const now = Date.now();
    // Forget finished windows now and then, so the map stays small.
    if (windows.size > 10_000) for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key);
    const key = req.ip ?? 'unknown';
    const current = windows.get(key);
    const window = current && now - current.start < windowMs ? current : { start: now, count: 0 };
    window.count += 1;
    windows.set(key, window);
    next(window.count > limit ? new HttpError(429, TOO_MANY_REPORTS) : undefined);
  };
}

export function releasesRoutes(deps: { releases: ReleasesService; accessTokens: AccessTokens; roles: RoleAuthority }): Router {
  const router = Router();
  const admin = [requireAccessToken(deps.accessTokens), requireAdmin(deps.roles)];

  router.get('/remotes', async (req, res) => {
    noQuerySchema.parse(req.query);
    res.set('Cache-Control', LIVE_REMOTES_CACHE).json(await deps.releases.liveRemotes());
  });

  router.post('/remotes/errors', perAddressLimit(FAILURE_REPORTS_PER_WINDOW, FAILURE_REPORT_WINDOW_MS), async (req, res) => {
    noQuerySchema.parse(req.query);
    await deps.releases.reportFailure(remoteLoadFailureInputSchema.parse(req.body ?? {}));
    res.status(204).end();
  });

  router.get('/releases', ...admin, async (req, res) => {
    noQuerySchema.parse(req.query);
    res.json(await deps.releases.overview());
  });

  router.post('/releases/:remote', ...admin, async (req, res) => {
    const { remote } = remoteParamsSchema.parse(req.params);
    noQuerySchema.parse(req.query);
    const input = publishReleaseInputSchema.parse(req.body ?? {});
    res.status(201).json(await deps.releases.publish(accessClaims(req), remote, input));
  });

  router.post('/releases/:remote/promote', ...admin, async (req, res) => {
    const { remote } = remoteParamsSchema.parse(req.params);
    noQuerySchema.parse(req.query);
    const { version } = promoteReleaseInputSchema.parse(req.body ?? {});
    res.json(await deps.releases.promote(accessClaims(req), remote, version));
  });

  router.post('/releases/:remote/rollback', ...admin, async (req, res) => {
    const { remote } = remoteParamsSchema.parse(req.params);
    noQuerySchema.parse(req.query);
    noBodySchema.parse(req.body ?? {});
    res.json(await deps.releases.rollback(accessClaims(req), remote));
  });

  return router;
}
