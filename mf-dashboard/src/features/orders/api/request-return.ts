import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, orderKeys } from '@pcpp/contracts';
import { orderReturnSchema, type ReturnInput } from '@pcpp/contracts/core';

/** POST /orders/{number}/returns: the customer asks to send delivered parts back. */
export async function requestReturn(number: string, input: ReturnInput) {
  const { data } = await apiClient.post<unknown>(`/orders/${encodeURIComponent(number)}/returns`, input);
  return orderReturnSchema.parse(data);
}

export function useRequestReturn(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReturnInput) => requestReturn(number, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
