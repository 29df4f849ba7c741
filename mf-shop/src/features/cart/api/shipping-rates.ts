import { useQuery } from '@tanstack/react-query';
import { api } from '@pcpp/contracts';
import { shippingRatesSchema } from '@pcpp/contracts/core';

/** GET /shipping-rates (public): the api's shipping table, for the cart's estimate. It changes with a deploy, not by the minute. */
export function useShippingRates() {
  return useQuery({
    queryKey: ['shipping-rates'] as const,
    queryFn: ({ signal }) => api.get('/shipping-rates', { signal, answer: shippingRatesSchema }),
    staleTime: 10 * 60_000,
  });
}
