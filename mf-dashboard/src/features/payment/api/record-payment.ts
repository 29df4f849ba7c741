import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, orderKeys } from '@pcpp/contracts';
import { type ApiAnswer, paymentConfirmationAnswerSchema } from '@pcpp/contracts/core';

/**
 * PATCH /myorder/{id} with the PaymentIntent's id (the spec's call). The server marks the order
 * paid only after it has asked the payment provider itself; the webhook does the same.
 */
export async function recordPayment(orderId: string, transactionId: string): Promise<ApiAnswer<'/myorder/{id}', 'patch'>> {
  const { data } = await apiClient.patch<unknown>(`/myorder/${encodeURIComponent(orderId)}`, { transactionId });
  return paymentConfirmationAnswerSchema.parse(data);
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, transactionId }: { orderId: string; transactionId: string }) =>
      recordPayment(orderId, transactionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
