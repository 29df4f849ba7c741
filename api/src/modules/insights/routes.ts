import { DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_OVERVIEW_DAYS, lowStockAnswerSchema, overviewSchema } from '@pcpp/contracts/core';
import { routeDeclarer, type RouteModule } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { InsightsService } from './service';
import { lowStockQuerySchema, overviewQuerySchema } from './validators';

export interface InsightsRouteDeps {
  insights: InsightsService;
}

const route = routeDeclarer<InsightsRouteDeps>();

export const insightsRoutes: RouteModule<InsightsRouteDeps> = {
  name: 'insights',
  routes: [
    route({
      method: 'get',
      path: '/admin/overview',
      operationId: 'getOverview',
      tag: 'Admin',
      summary: 'Overview: sales per day beside the previous period, orders by state, top parts',
      description:
        'Revenue is what customers paid for parts in paid orders placed in the period (integer cents, by UTC day); refunds are their own figure. ' +
        'Computed by aggregation pipelines and kept for INSIGHTS_CACHE_SECONDS (30 s by default) in the database, the same for every api instance.',
      access: 'admin',
      query: overviewQuerySchema,
      answers: { 200: { description: 'The figures.', schema: overviewSchema, example: examples.overview } },
      handle:
        ({ insights }) =>
        ({ query }) =>
          insights.overview(query.days ?? DEFAULT_OVERVIEW_DAYS),
    }),
    route({
      method: 'get',
      path: '/admin/low-stock',
      operationId: 'listLowStock',
      tag: 'Admin',
      summary: 'Parts at or below a stock threshold, or running out within 14 days at the last 30 days’ sales rate',
      access: 'admin',
      query: lowStockQuerySchema,
      answers: { 200: { description: 'One page of parts, the closest to running out first.', schema: lowStockAnswerSchema, example: examples.lowStock } },
      handle:
        ({ insights }) =>
        ({ query }) =>
          insights.lowStock({ ...query, threshold: query.threshold ?? DEFAULT_LOW_STOCK_THRESHOLD }),
    }),
  ],
};
