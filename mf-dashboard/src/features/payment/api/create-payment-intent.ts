import { api } from '@pcpp/contracts';
import { paymentIntentAnswerSchema } from '@pcpp/contracts/core';

/** POST /create-payment-intent: the server prices it from the stored order; answers the client secret. */
export async function createPaymentIntent(orderId: string): Promise<string> {
  const { clientSecret } = await api.post('/create-payment-intent', { body: { orderId }, answer: paymentIntentAnswerSchema });
  return clientSecret;
}
