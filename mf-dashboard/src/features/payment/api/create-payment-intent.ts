import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@pcpp/contracts';

const intentSchema = z.object({ clientSecret: z.string().min(1) });

/** POST /create-payment-intent: the server prices it from the stored order; answers the client secret. */
export async function createPaymentIntent(orderId: string) {
  const { data } = await apiClient.post<unknown>('/create-payment-intent', { orderId });
  return intentSchema.parse(data).clientSecret;
}

export const useCreatePaymentIntent = () => useMutation({ mutationFn: createPaymentIntent });
