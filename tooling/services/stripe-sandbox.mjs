// The local Stripe sandbox (the stripe-sandbox workspace) for `npm start` and `npm run dev` when
// STRIPE_SECRET_KEY is unset: its own process group, with test keys made up for the run.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnService, waitForUrl } from './child-services.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STOP_GRACE_MS = 5_000;

/**
 * @param {{ port: number, webhookUrl: string }} options webhookUrl: the api's /webhooks/stripe
 * @returns {Promise<{ url: string, env: Record<string, string>, stop(): Promise<void> }>}
 *   env: what the api and the shell's /config.json need to use it.
 */
export async function startStripeSandboxService({ port, webhookUrl }) {
  await assertPortFree(port);
  // Two independent random keys: the publishable one is in every page, so the secret one must not follow from it.
  const secretKey = `sk_test_sandbox_${randomBytes(24).toString('hex')}`;
  const publishableKey = `pk_test_sandbox_${randomBytes(24).toString('hex')}`;
  const webhookSecret = `whsec_sandbox_${randomBytes(24).toString('hex')}`;
  const url = `http://127.0.0.1:${port}`;
  const sandbox = spawnService({
    name: 'stripe sandbox',
    command: process.execPath,
    args: [path.join(repoRoot, 'stripe-sandbox/src/cli.mjs')],
    cwd: repoRoot,
    env: {
      ...process.env,
      STRIPE_SANDBOX_PORT: String(port),
      STRIPE_SANDBOX_SECRET_KEY: secretKey,
      STRIPE_SANDBOX_PUBLISHABLE_KEY: publishableKey,
      STRIPE_SANDBOX_WEBHOOK_URL: webhookUrl,
      STRIPE_SANDBOX_WEBHOOK_SECRET: webhookSecret,
    },
  });
  const stop = () => sandbox.stop(STOP_GRACE_MS);
  try {
    await waitForUrl(`${url}/`, { timeoutMs: 15_000, accept: (status) => status === 200, isAlive: () => sandbox.running });
  } catch (error) {
    await stop();
    throw new Error(`The Stripe sandbox did not start (see its output above): ${error instanceof Error ? error.message : error}`, { cause: error });
  }
  return {
    url,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: url,
      STRIPE_SANDBOX_SCRIPT_URL: `${url}/js/stripe-stand-in.js`,
    },
    stop,
  };
}

/**
 * Another sandbox left on the port would answer with other keys: refuse rather than use it.
 * @param {number} port
 */
function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new Error(`Port ${port} (Stripe sandbox) is in use. Stop what uses it or set STRIPE_SANDBOX_PORT.`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(undefined)));
  });
}
