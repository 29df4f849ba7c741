import { z } from 'zod';

// The runtime config's schema, apart from runtime-config.ts: the shell's server writes the config
// into each page, and the browser checks only one it fetched itself (loadRuntimeConfig).

/**
 * Served by the shell's host as /config.json at deploy time: nothing here is baked into a
 * build, so a remote or the api can move without rebuilding the shell.
 */
export const runtimeConfigSchema = z.object({
  apiUrl: z.url(),
  /** Where each remote is deployed when the release registry cannot be read (or is not set). */
  remotes: z.object({
    mf_shop: z.url(),
    mf_dashboard: z.url(),
    mf_admin: z.url(),
  }),
  /** The api's GET /remotes: the live version of each remote, read first at every start. */
  remoteRegistryUrl: z.url().optional(),
  /** The release store serving every published remote version (its origin is allowed to run code). */
  releaseStoreUrl: z.url().optional(),
  firebase: z.object({
    apiKey: z.string().min(1),
    authDomain: z.string().min(1),
    projectId: z.string().min(1),
    /**
     * Set only when the Firebase Auth emulator is in use. The shell's host proxies it, so the
     * shell connects to the emulator at its own origin (the Google popup flow needs that).
     */
    useAuthEmulator: z.boolean().optional(),
  }),
  stripePublishableKey: z.string().optional(),
  /**
   * Set only when the local Stripe sandbox stands in for Stripe (`npm start` without Stripe keys):
   * the payment page loads this script, which defines window.Stripe, before loadStripe.
   */
  stripeSandboxScriptUrl: z.url().optional(),
  /**
   * Set only when `npm start` / `npm run dev` run the api on the in-memory database because
   * MONGODB_URI was not given: admins see a banner saying the data resets on restart.
   */
  demoDatabase: z.boolean().optional(),
  /**
   * Set only when `npm start` / `npm run dev` run MailDev for the shop's emails: where a customer
   * finds the link that verifies their email (the verify banner says so).
   */
  demoMailInboxUrl: z.url().optional(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
