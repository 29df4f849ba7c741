import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, orderKeys } from '@pcpp/contracts';
import { type CheckoutQuote, type CheckoutQuoteInput, checkoutQuoteSchema } from '@pcpp/contracts/core';

// The checkout's quote, shared by the checkout, the Purchase page's single order and the payment
// page of an order given its address: one pricing, asked of the api.

/** POST /checkout/quote: the figures the order would have, worked out by the api's own code. */
export function quoteCheckout(input: CheckoutQuoteInput, signal?: AbortSignal): Promise<CheckoutQuote> {
  return api.post('/checkout/quote', { body: input, signal, answer: checkoutQuoteSchema });
}

/**
 * The checkout's quote, asked again when what prices it changes: the lines, the destination
 * (country, state, postal code) and the method. The name or the street change nothing, so they are
 * not in the key. `null` while the address is incomplete. The last figures stay while the next are
 * worked out.
 */
export function useCheckoutQuote(input: CheckoutQuoteInput | null) {
  const { country, region, postalCode } = input?.address ?? {};
  return useQuery({
    queryKey: [...orderKeys.all, 'quote', input?.lines, country, region, postalCode, input?.shippingMethod] as const,
    queryFn: ({ signal }) => quoteCheckout(input!, signal),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}
