import { activityEntrySchema, pageSchema } from '@pcpp/contracts/core';
import { routeDeclarer, type RouteModule } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { ActivityLog } from './service';
import { activityQuerySchema } from './validators';

export interface ActivityRouteDeps {
  activity: ActivityLog;
}

const route = routeDeclarer<ActivityRouteDeps>();

export const activityRoutes: RouteModule<ActivityRouteDeps> = {
  name: 'activity',
  routes: [
    route({
      method: 'get',
      path: '/activity',
      operationId: 'listActivity',
      tag: 'Admin',
      summary: 'Activity: what admins did, newest first',
      access: 'admin',
      query: activityQuerySchema,
      answers: { 200: { description: 'One page of entries.', schema: pageSchema(activityEntrySchema), example: examples.activityPage } },
      handle:
        ({ activity }) =>
        ({ query }) =>
          activity.list(query),
    }),
  ],
};
