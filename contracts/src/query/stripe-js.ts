import { useQuery } from '@tanstack/react-query';
import type { Stripe } from '@stripe/stripe-js';
import { currentRuntimeConfig } from '../load-runtime-config';
import { withTimeout } from '../timeout';

export const CARD_PAYMENTS_UNAVAILABLE =
  'Card payments are unavailable right now. Your order is kept unpaid: please try again later.';
const LOAD_TIMEOUT_MS = 10_000;

const loaded = <T>(promise: Promise<T>, what: string) => withTimeout(promise, LOAD_TIMEOUT_MS, `${what} did not load in time`);

/** The sandbox's Stripe.js stand-in defines window.Stripe, so loadStripe makes no request. */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} could not be loaded`));
    document.head.append(script);
  });
}

// Stripe.js for the pages that take cards (the dashboard's Payment page, the shop's checkout):
// loaded once per page, on the first page that needs it.

/** Stripe.js for the configured publishable key, or an error (offline with real keys, misconfigured). */
export async function loadStripeJs(): Promise<Stripe> {
  const config = currentRuntimeConfig();
  if (!config?.stripePublishableKey) throw new Error('No payment provider is configured');
  if (config.stripeSandboxScriptUrl && !('Stripe' in window)) {
    await loaded(loadScript(config.stripeSandboxScriptUrl), 'The test payment form');
  }
  // The pure entry loads nothing on import: Stripe.js is fetched only here, on the payment page.
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loaded(loadStripe(config.stripePublishableKey), 'Stripe.js');
  if (!stripe) throw new Error('Stripe.js is not available');
  return stripe;
}

/** True when the shop runs on the local Stripe sandbox (no real money, test cards only). */
export const isSandbox = () => Boolean(currentRuntimeConfig()?.stripeSandboxScriptUrl);

export const useStripeJs = () =>
  useQuery({
    queryKey: ['stripe-js'],
    queryFn: loadStripeJs,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    structuralSharing: false,
  });
