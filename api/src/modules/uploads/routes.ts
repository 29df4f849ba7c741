import express, { type RequestHandler, Router } from 'express';
import type { AccessTokens } from '../../auth/access-token';
import { accessClaims, requireAccessToken, requireAdmin } from '../../auth/middleware';
import type { RoleAuthority } from '../../auth/role-authority';
import type { UploadsService } from './service';
import { UPLOAD_CACHE_CONTROL, UPLOADS_PATH, type UploadStorage } from './storage';
import { imageOf, receiveImage } from './validators';

export function uploadsRoutes(deps: {
  uploads: UploadsService;
  storage: UploadStorage;
  accessTokens: AccessTokens;
  roles: RoleAuthority;
  /** Uploads per admin (rate-limits.ts). */
  rateLimit: RequestHandler;
}): Router {
  const router = Router();
  // The disk storage's files; a bucket serves its own. A name is never reused, so caches keep them a year.
  if (deps.storage.localDir) {
    router.use(
      UPLOADS_PATH,
      express.static(deps.storage.localDir, {
        // The same Cache-Control as the bucket's objects (public, a year, immutable).
        cacheControl: false,
        index: false,
        dotfiles: 'deny',
        redirect: false,
        setHeaders: (res) => {
          res.setHeader('Cache-Control', UPLOAD_CACHE_CONTROL);
          res.setHeader('X-Content-Type-Options', 'nosniff');
        },
      }),
    );
  }
  // Who is asking is settled before a byte of the file is read.
  router.post(
    UPLOADS_PATH,
    requireAccessToken(deps.accessTokens),
    requireAdmin(deps.roles),
    deps.rateLimit,
    receiveImage,
    async (req, res) => {
      const data = await deps.uploads.upload(imageOf(req), accessClaims(req).email);
      // The spec's image host answered this shape, so the Add a Product form reads `data.url` as before.
      res.status(201).json({ success: true, data });
    },
  );
  return router;
}
