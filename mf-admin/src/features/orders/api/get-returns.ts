import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed, orderKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, type ApiPageAnswer, orderReturnSchema, pageSchema, type ReturnStatus } from '@pcpp/contracts/core';

const returnsPageSchema = pageSchema(orderReturnSchema);

/** GET /returns (admin): one page of the returns in this status, newest first. */
export function getReturns(status: ReturnStatus, page: number, signal?: AbortSignal): Promise<ApiPageAnswer<'/returns', 'get'>> {
  return getParsed(returnsPageSchema, '/returns', { params: { status, page, limit: ADMIN_PAGE_SIZE }, signal });
}

export const returnsQuery = (status: ReturnStatus, page = 1) =>
  queryOptions({ queryKey: orderKeys.returns({ page, status }), queryFn: ({ signal }) => getReturns(status, page, signal) });

export const useReturns = (status: ReturnStatus) => useQuery(returnsQuery(status));
