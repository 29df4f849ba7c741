import { uploadResponseSchema } from '@pcpp/contracts/core';
import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { accessClaims } from '../../auth/middleware';
import { routeDeclarer, type RouteModule } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { UploadsService } from './service';
import { UPLOAD_CACHE_CONTROL, type UploadStorage } from './storage';
import { IMAGE_FIELD, imageOf, receiveImage } from './validators';

export interface UploadsRouteDeps {
  uploads: UploadsService;
}

const route = routeDeclarer<UploadsRouteDeps>();

export const uploadsRoutes: RouteModule<UploadsRouteDeps> = {
  name: 'uploads',
  routes: [
    // Who is asking is settled before a byte of the file is read (the guards run before `before`).
    route({
      method: 'post',
      path: '/uploads',
      operationId: 'uploadImage',
      tag: 'Parts',
      summary: 'Upload a part’s photo (Add a Product)',
      description:
        'One JPEG, PNG or WebP image of at most 5 MB in the multipart field `image`, judged by its bytes. It is re-encoded to a webp ' +
        '(at most 1200 px wide) and a 300 px thumbnail; an upload no part uses is deleted after UPLOAD_UNATTACHED_HOURS.',
      access: 'admin',
      rateLimit: 'uploads',
      rawBody: true,
      bodyMediaType: 'multipart/form-data',
      body: z.object({ [IMAGE_FIELD]: z.string().meta({ format: 'binary', description: 'The image file.' }) }),
      before: [receiveImage],
      answers: {
        // The spec's image host answered this shape, so the Add a Product form reads `data.url` as before.
        201: { description: 'The image’s address and its thumbnail’s.', schema: uploadResponseSchema, example: examples.upload },
        413: { description: 'The file is larger than 5 MB, or the image has too many pixels.' },
        415: { description: 'The bytes are not a JPEG, PNG or WebP image.' },
        503: { description: 'The upload store cannot be reached.' },
      },
      handle:
        ({ uploads }) =>
        async (_input, req) => ({ success: true, data: await uploads.upload(imageOf(req), accessClaims(req).email) }),
    }),
  ],
};

/**
 * The disk storage's files at /uploads (a bucket serves its own). A name is never reused, so
 * caches keep them a year, as they keep the bucket's objects.
 */
export function uploadedFiles(storage: UploadStorage): RequestHandler | undefined {
  if (!storage.localDir) return undefined;
  return express.static(storage.localDir, {
    cacheControl: false,
    index: false,
    dotfiles: 'deny',
    redirect: false,
    setHeaders: (res) => {
      res.setHeader('Cache-Control', UPLOAD_CACHE_CONTROL);
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
}
