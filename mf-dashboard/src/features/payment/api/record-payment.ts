import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, orderKeys } from '@pcpp/contracts';
import { paymentConfirmationAnswerSchema } from '@pcpp/contracts/core';

/**
 * PATCH /myorder/{id} with the PaymentIntent's id (the spec's call). The server marks the order
 * paid only after it has asked the payment provider itself; the webhook does the same.
 */
export function recordPayment(orderId: string, transactionId: string) {
  return api.patch('/myorder/{id}', { params: { id: orderId }, body: { transactionId }, answer: paymentConfirmationAnswerSchema });
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, transactionId }: { orderId: string; transactionId: string }) =>
      recordPayment(orderId, transactionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
