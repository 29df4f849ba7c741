import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, orderKeys, partKeys } from '@pcpp/contracts';
import { type ApiBody, placedOrderAnswerSchema } from '@pcpp/contracts/core';

/** The form's checked values (the quantity a number by then), as the api takes them. */
type OrderBody = ApiBody<'/order', 'post'>;

/**
 * POST /order with the access token. The server prices the order and takes the email from the
 * token; the Idempotency-Key makes a retried submission return the first answer.
 */
export function placeOrder(input: OrderBody, idempotencyKey: string) {
  return api.post('/order', { body: input, headers: { 'Idempotency-Key': idempotencyKey }, answer: placedOrderAnswerSchema });
}

/** Stock and My Orders (mf-dashboard) are stale once an order is placed or refused for stock. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: OrderBody; idempotencyKey: string }) => placeOrder(input, idempotencyKey),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
