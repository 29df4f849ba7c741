#!/usr/bin/env node
// Runs the sandbox on its own (tooling/services/stripe-sandbox.mjs starts it for `npm start`).
// Settings come from the environment, so keys never show in `ps`:
//   STRIPE_SANDBOX_PORT (default 12111), STRIPE_SANDBOX_SECRET_KEY (sk_test_…) and
//   STRIPE_SANDBOX_PUBLISHABLE_KEY (pk_test_…), each made up at random when unset,
//   STRIPE_SANDBOX_WEBHOOK_URL and STRIPE_SANDBOX_WEBHOOK_SECRET (where events go, and their secret).
import { startStripeSandbox } from './index.mjs';

const env = process.env;
const port = Number(env.STRIPE_SANDBOX_PORT || 12111);
const log = (/** @type {string} */ line) => console.error(line);
let sandbox;
try {
  sandbox = await startStripeSandbox({
    port,
    secretKey: env.STRIPE_SANDBOX_SECRET_KEY || undefined,
    publishableKey: env.STRIPE_SANDBOX_PUBLISHABLE_KEY || undefined,
    webhookUrl: env.STRIPE_SANDBOX_WEBHOOK_URL || undefined,
    webhookSecret: env.STRIPE_SANDBOX_WEBHOOK_SECRET || undefined,
    log,
  });
} catch (caught) {
  const error = /** @type {{ code?: string, message?: string } | undefined} */ (caught);
  log(
    error?.code === 'EADDRINUSE'
      ? `Port ${port} (Stripe sandbox) is in use. Stop what uses it or set STRIPE_SANDBOX_PORT.`
      : String(error?.message ?? error),
  );
  process.exit(1);
}
console.log(`Stripe sandbox listening on ${sandbox.url} (test mode; the Stripe.js stand-in is ${sandbox.standInScriptUrl})`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void sandbox.close().then(() => process.exit(0)));
