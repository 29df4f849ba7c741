import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@pcpp/contracts';
import { type ApiAnswer, paymentIntentAnswerSchema } from '@pcpp/contracts/core';

/** POST /create-payment-intent: the server prices it from the stored order; answers the client secret. */
export async function createPaymentIntent(orderId: string): Promise<ApiAnswer<'/create-payment-intent', 'post'>['clientSecret']> {
  const { data } = await apiClient.post<unknown>('/create-payment-intent', { orderId });
  return paymentIntentAnswerSchema.parse(data).clientSecret;
}

export const useCreatePaymentIntent = () => useMutation({ mutationFn: createPaymentIntent });
