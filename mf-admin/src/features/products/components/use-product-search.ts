import { ADMIN_PART_SORTS, CATEGORIES, STOCK_FILTERS } from '@pcpp/contracts/core';
import { oneOf, pageFrom, useAddressSearch } from '../../../components/use-address-search';
import type { ProductSearch } from '../api/get-products';

/** Manage Products' search in the address (?q=&category=&stock=&sort=&page=); what it cannot read is left out. */
export function productSearchFrom(params: URLSearchParams): ProductSearch {
  const q = params.get('q')?.trim().slice(0, 100);
  const category = oneOf(CATEGORIES, params.get('category'));
  const stock = oneOf(STOCK_FILTERS, params.get('stock'));
  const sort = oneOf(ADMIN_PART_SORTS, params.get('sort'));
  return {
    page: pageFrom(params),
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    ...(stock ? { stock } : {}),
    ...(sort ? { sort } : {}),
  };
}

export const useProductSearch = () => useAddressSearch(productSearchFrom);
