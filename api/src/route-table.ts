import apiPackage from '../package.json';
import type { RouteModule } from './http/route-spec';
import { accountRoutes } from './modules/account/routes';
import { alertsRoutes } from './modules/alerts/routes';
import { activityRoutes } from './modules/activity/routes';
import { cartRoutes } from './modules/cart/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { buildsRoutes } from './modules/builds/routes';
import { docsRoutes } from './modules/docs/routes';
import { healthRoutes } from './modules/health/routes';
import { insightsRoutes } from './modules/insights/routes';
import { ordersRoutes, wholeOrderRoutes } from './modules/orders';
import { partReviewsRoutes } from './modules/part-reviews/routes';
import { partsRoutes } from './modules/parts/routes';
import { paymentsRoutes, stripeWebhookRoutes } from './modules/payments/routes';
import { releasesRoutes } from './modules/releases/routes';
import { reviewsRoutes } from './modules/reviews/routes';
import { uploadsRoutes } from './modules/uploads/routes';
import { usersRoutes } from './modules/users/routes';

// The api's route table: every route the app mounts, in mounting order, and the only source of
// the OpenAPI document (openapi/document.ts). A route is added here, declared, or it does not exist.

/** Mounted before express.json(): they read their raw body. */
export const stripeWebhookRouteModules = [stripeWebhookRoutes] as const;

export const apiRouteModules = [
  healthRoutes,
  partsRoutes,
  partReviewsRoutes,
  buildsRoutes,
  reviewsRoutes,
  alertsRoutes,
  // Before users: GET /admin/{email} would take /admin/overview (an email always has an @).
  insightsRoutes,
  usersRoutes,
  accountRoutes,
  paymentsRoutes,
  ordersRoutes,
  wholeOrderRoutes,
  cartRoutes,
  checkoutRoutes,
  activityRoutes,
  releasesRoutes,
  uploadsRoutes,
  docsRoutes,
] as const satisfies readonly RouteModule<never>[];

export const apiVersion = apiPackage.version;
