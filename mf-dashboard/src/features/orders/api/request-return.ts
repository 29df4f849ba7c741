import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, orderKeys } from '@pcpp/contracts';
import { orderReturnSchema, type ReturnInput } from '@pcpp/contracts/core';

/** POST /orders/{number}/returns: the customer asks to send delivered parts back. */
export function requestReturn(number: string, input: ReturnInput) {
  return api.post('/orders/{number}/returns', { params: { number }, body: input, answer: orderReturnSchema });
}

export function useRequestReturn(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReturnInput) => requestReturn(number, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
