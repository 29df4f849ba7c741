import { apiRouteModules, apiVersion, stripeWebhookRouteModules } from '../route-table';
import { buildOpenApiDocument, type OpenApiDocument } from './document';

/** The document of the api as the route table declares it (what GET /openapi.json serves and docs/openapi.json holds). */
export function generatedDocument(): OpenApiDocument {
  return buildOpenApiDocument([...stripeWebhookRouteModules, ...apiRouteModules], { version: apiVersion });
}
