import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, orderKeys, partKeys } from '@pcpp/contracts';
import { type CheckoutInput, type CheckoutQuote, type CheckoutQuoteInput, checkoutQuoteSchema, checkoutSchema, paymentIntentAnswerSchema } from '@pcpp/contracts/core';

/** The checkout's own key: its orders are orders, so it sits under orderKeys (dropped at sign-out). */
export const checkoutKey = (id: string) => [...orderKeys.all, 'checkout', id] as const;

/** POST /checkout: all lines or none, once per Idempotency-Key. */
export function placeCheckout(input: CheckoutInput, idempotencyKey: string) {
  return api.post('/checkout', { body: input, headers: { 'Idempotency-Key': idempotencyKey }, answer: checkoutSchema });
}

/**
 * Stock and My Orders are stale once a checkout is placed or refused. The cart (its ordered lines
 * are gone) is read again by the confirmation page: read here, the checkout form would unmount
 * between placing the checkout and paying for it with its card field.
 */
export function usePlaceCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CheckoutInput; idempotencyKey: string }) => placeCheckout(input, idempotencyKey),
    onSuccess: (checkout) => queryClient.setQueryData(checkoutKey(checkout.checkoutId), checkout),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}

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

/** The confirmation page's router state once a payment went through at Stripe: since when it waits. */
export const paymentMadeState = () => ({ paying: Date.now() });

/** How long the page waits for a payment Stripe took to show as paid (the webhook) before it says so. */
export const PAYMENT_CONFIRMATION_WAIT_MS = 60_000;

/**
 * GET /checkout/{id}; while a payment is on its way (`awaitingSince`: when it was made), asked again
 * every second until it shows, for at most a minute.
 */
export const checkoutQuery = (id: string, awaitingSince: number | null = null) =>
  queryOptions({
    queryKey: checkoutKey(id),
    queryFn: ({ signal }) => api.get('/checkout/{id}', { params: { id }, signal, answer: checkoutSchema }),
    refetchInterval: (query) =>
      awaitingSince !== null && query.state.data?.paid === false && Date.now() - awaitingSince < PAYMENT_CONFIRMATION_WAIT_MS ? 1000 : false,
  });

export const useCheckout = (id: string, awaitingSince: number | null) => useQuery(checkoutQuery(id, awaitingSince));

/** POST /create-payment-intent with {checkoutId}: one payment for every unpaid line. */
export async function createCheckoutPaymentIntent(checkoutId: string): Promise<string> {
  const { clientSecret } = await api.post('/create-payment-intent', { body: { checkoutId }, answer: paymentIntentAnswerSchema });
  return clientSecret;
}
