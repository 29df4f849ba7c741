// @pcpp/stripe-sandbox: a local stand-in for Stripe, used only when STRIPE_SECRET_KEY is unset.
export { startStripeSandbox } from './sandbox-server.mjs';
export { signatureHeader } from './webhooks.mjs';
export { TEST_PAYMENT_METHODS } from './card-outcomes.mjs';
