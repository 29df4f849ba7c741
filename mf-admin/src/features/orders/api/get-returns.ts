import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, orderKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, orderReturnSchema, pageSchema, type ReturnStatus } from '@pcpp/contracts/core';

const returnsPageSchema = pageSchema(orderReturnSchema);

/** GET /returns (admin): one page of the returns in this status, newest first. */
export function getReturns(status: ReturnStatus, page: number, signal?: AbortSignal) {
  return api.get('/returns', { query: { status, page: String(page), limit: String(ADMIN_PAGE_SIZE) }, signal, answer: returnsPageSchema });
}

export const returnsQuery = (status: ReturnStatus, page = 1) =>
  queryOptions({ queryKey: orderKeys.returns({ page, status }), queryFn: ({ signal }) => getReturns(status, page, signal) });

export const useReturns = (status: ReturnStatus) => useQuery(returnsQuery(status));
