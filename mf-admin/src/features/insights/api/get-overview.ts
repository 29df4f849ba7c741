import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, insightsKeys } from '@pcpp/contracts';
import { type OverviewDays, overviewSchema } from '@pcpp/contracts/core';

/** GET /admin/overview?days= (admin): the period's sales beside the previous one, orders by state, top parts. */
export function getOverview(days: OverviewDays, signal?: AbortSignal) {
  return api.get('/admin/overview', { query: { days: `${days}` as const }, signal, answer: overviewSchema });
}

export const overviewQuery = (days: OverviewDays) =>
  queryOptions({ queryKey: insightsKeys.overview(days), queryFn: ({ signal }) => getOverview(days, signal) });

export const useOverview = (days: OverviewDays) => useQuery(overviewQuery(days));
