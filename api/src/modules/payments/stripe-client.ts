import Stripe from 'stripe';
import type { StripeConfig } from '../../config';

/**
 * The one Stripe client: the official SDK, against api.stripe.com, or against the local sandbox
 * when STRIPE_API_URL is set (development and tests only; config.ts refuses it in production).
 */
export function createStripeClient({ secretKey, apiUrl }: StripeConfig): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (!apiUrl) return new Stripe(secretKey, options);
  const protocol = apiUrl.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(secretKey, {
    ...options,
    host: apiUrl.hostname,
    port: apiUrl.port || (protocol === 'https' ? 443 : 80),
    protocol,
  });
}
