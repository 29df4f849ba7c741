import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { publicDir } from '../../public-dir';
import { routeDeclarer, type RouteModule, SENT } from '../../http/route-spec';
import type { OpenApiDocument } from '../../openapi/document';

export interface DocsRouteDeps {
  /** The document, built once from the declared routes. */
  document: () => OpenApiDocument;
}

/** Public and cacheable: the document changes only with a new api build. */
const REFERENCE_CACHE = 'public, max-age=300';
/** The reference page runs Swagger UI's scripts from this origin, and nothing else. */
const REFERENCE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference — PC PART PICKER</title>
<link rel="stylesheet" href="docs/assets/swagger-ui.css">
</head>
<body>
<main id="reference"><noscript>The reference needs JavaScript; the document itself is at <a href="openapi.json">/openapi.json</a>.</noscript></main>
<script src="docs/assets/swagger-ui-bundle.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
`;

const route = routeDeclarer<DocsRouteDeps>();
const OFF = { description: 'The reference is off: production without API_DOCS=true.' };

export const docsRoutes: RouteModule<DocsRouteDeps> = {
  name: 'docs',
  routes: [
    route({
      method: 'get',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      tag: 'Reference',
      summary: 'This document (OpenAPI 3.1)',
      description: 'Generated from the routes’ own schemas. Off in production unless API_DOCS=true.',
      access: 'public',
      answers: { 200: { description: 'The OpenAPI document.', schema: z.looseObject({ openapi: z.literal('3.1.0') }) }, 404: OFF },
      handle:
        ({ document }) =>
        (_input, _req, res) => {
          res.set('Cache-Control', REFERENCE_CACHE);
          return document();
        },
    }),
    route({
      method: 'get',
      path: '/docs',
      operationId: 'getApiReference',
      tag: 'Reference',
      summary: 'The reference page: every route, and calls to try with a token',
      description: 'Swagger UI, served from the api’s own packages (no CDN). Off in production unless API_DOCS=true.',
      access: 'public',
      answers: { 200: { description: 'The page.', contentType: 'text/html', schema: z.string() }, 404: OFF },
      handle: () => (_input, _req, res) => {
        res.set({ 'Cache-Control': REFERENCE_CACHE, 'Content-Security-Policy': REFERENCE_CSP }).type('html').send(REFERENCE_PAGE);
        return SENT;
      },
    }),
  ],
};

/** Swagger UI's files and the page's start script, at /docs/assets and /docs/init.js. */
export function referenceAssets(): RequestHandler {
  const router = express.Router();
  const options = { index: false, maxAge: '1d', redirect: false, setHeaders: (res: express.Response) => res.setHeader('Content-Security-Policy', REFERENCE_CSP) };
  // swagger-ui-dist's folder, found the way Node finds the package.
  router.use('/docs/assets', express.static(path.dirname(require.resolve('swagger-ui-dist/package.json')), options));
  router.use('/docs', express.static(path.join(publicDir(), 'docs'), options));
  return router;
}
