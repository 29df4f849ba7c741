import { ORDER_LIST_SORTS, ORDER_PROGRESS } from '@pcpp/contracts/core';
import { oneOf, pageFrom, useAddressSearch } from '../../../components/use-address-search';
import type { OrderSearch } from '../api/get-orders';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The search in the address; anything it cannot read (a hand-edited link) is left out. */
export function orderSearchFrom(params: URLSearchParams): OrderSearch {
  const day = (name: string) => (DAY.test(params.get(name) ?? '') ? params.get(name)! : undefined);
  const q = params.get('q')?.trim();
  return {
    page: pageFrom(params),
    ...(q ? { q } : {}),
    ...(oneOf(ORDER_PROGRESS, params.get('status')) ? { status: oneOf(ORDER_PROGRESS, params.get('status')) } : {}),
    ...(day('from') ? { from: day('from') } : {}),
    ...(day('to') ? { to: day('to') } : {}),
    ...(oneOf(ORDER_LIST_SORTS, params.get('sort')) === 'oldest' ? { sort: 'oldest' as const } : {}),
  };
}

/** The search in the address, and a way to change it: a new filter goes back to page 1. */
export const useOrderSearch = () => useAddressSearch(orderSearchFrom);
