import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, orderKeys, partKeys } from '@pcpp/contracts';
import { type ApiAnswer, placedOrderAnswerSchema, type OrderInput } from '@pcpp/contracts/core';

/**
 * POST /order with the access token. The server prices the order and takes the email from the
 * token; the Idempotency-Key makes a retried submission return the first answer.
 */
export async function placeOrder(input: OrderInput, idempotencyKey: string): Promise<ApiAnswer<'/order', 'post'>> {
  const { data } = await apiClient.post<unknown>('/order', input, { headers: { 'Idempotency-Key': idempotencyKey } });
  return placedOrderAnswerSchema.parse(data);
}

/** Stock and My Orders (mf-dashboard) are stale once an order is placed or refused for stock. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: OrderInput; idempotencyKey: string }) => placeOrder(input, idempotencyKey),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
