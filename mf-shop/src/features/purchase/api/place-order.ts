import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, orderKeys, orderSchema, partKeys, type OrderInput } from '@pcpp/contracts';

const placedOrderSchema = z.object({ insertedId: z.string(), order: orderSchema });

/**
 * POST /order with the access token. The server prices the order and takes the email from the
 * token; the Idempotency-Key makes a retried submission return the first answer.
 */
export async function placeOrder(input: OrderInput, idempotencyKey: string) {
  const { data } = await apiClient.post<unknown>('/order', input, { headers: { 'Idempotency-Key': idempotencyKey } });
  return placedOrderSchema.parse(data);
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
