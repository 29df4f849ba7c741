import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, orderKeys, partKeys } from '@pcpp/contracts';
import { type CheckoutInput, checkoutSchema, type OrderAddressInput, paymentIntentAnswerSchema } from '@pcpp/contracts/core';

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

/** PUT /checkout/{id}/address: an order placed with a free-text address given its structured one (priced by the api). */
export function useGiveOrderAddress(checkoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderAddressInput) => api.put('/checkout/{id}/address', { params: { id: checkoutId }, body: input, answer: checkoutSchema }),
    onSuccess: (checkout) => queryClient.setQueryData(checkoutKey(checkoutId), checkout),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

