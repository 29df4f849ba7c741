// What the api needs besides itself, for `npm start` and `npm run dev`: the Firebase Auth emulator,
// a database, an SMTP server with a web inbox and the Stripe sandbox, each started here unless the
// environment names a real one.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startAuthEmulator } from './auth-emulator.mjs';
import { startEmbeddedMongo } from './embedded-mongo.mjs';
import { startStripeSandboxService } from './stripe-sandbox.mjs';
import { startMailDev } from './maildev.mjs';
import { releaseStoreFromEnv } from '../../contracts/src/service-config.cjs';

/** `releases/` → `releases.registry.json` beside it: not inside the store, which is served to anyone. */
export const registryFileOf = (/** @type {string} */ storeDir) => `${storeDir.replace(/[\\/]+$/, '')}.registry.json`;

const require = createRequire(import.meta.url);
/** @type {{ email: string, password: string, role: string }[]} */
const demoAccounts = require('../../contracts/src/demo-accounts.json');

/**
 * Starts the auth emulator unless FIREBASE_AUTH_EMULATOR_HOST or FIREBASE_API_KEY is set, a
 * database (embedded-mongo.mjs) unless MONGODB_URI is set, MailDev unless SMTP_URL is set, and
 * the Stripe sandbox (stripe-sandbox.mjs) unless STRIPE_SECRET_KEY is set (its events go to the
 * api), side by side. DATABASE_URI_FILE: where to write the started database's address (the e2e tests').
 *
 * @param {{ env: NodeJS.ProcessEnv, ports: ReturnType<typeof import('../../contracts/src/service-config.cjs').servicePorts>,
 *           root: string }} options
 * @returns {Promise<{ env: NodeJS.ProcessEnv, services: { name: string, stop(): Promise<void> }[],
 *           rows: [string, string][] }>} env: the api's environment; rows: name and address, to print.
 */
export async function startLocalServices({ env, ports, root }) {
  // The source maps of released versions, beside the store and never served: the api maps the errors pages report with them.
  /** @type {NodeJS.ProcessEnv} */
  const apiEnv = { ...env, RELEASE_SOURCE_MAPS_DIR: releaseStoreFromEnv(env, root).sourceMapsDir };
  /** @type {{ name: string, stop(): Promise<void> }[]} */
  const services = [];
  /** @type {[string, string][]} */
  const rows = [];
  /** @type {Promise<void>[]} */
  const tasks = [];
  if (!env.FIREBASE_AUTH_EMULATOR_HOST && !env.FIREBASE_API_KEY) {
    tasks.push(
      startAuthEmulator({ port: ports.authEmulator, cwd: root }).then((emulator) => {
        services.push({ name: 'auth emulator', stop: () => emulator.stop() });
        apiEnv.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
        apiEnv.FIREBASE_PROJECT_ID = emulator.projectId;
        rows.push(['auth emulator', `http://${emulator.host}`]);
      }),
    );
  }
  if (!env.MONGODB_URI) {
    tasks.push(
      startEmbeddedMongo().then((database) => {
        services.push({ name: 'database', stop: () => database.stop() });
        apiEnv.MONGODB_URI = database.uri;
        // The shell's /config.json says so (service-config.cjs): admins see the demo-data banner.
        if (database.inMemory) apiEnv.DEMO_DATABASE = 'true';
        // The registry (what is published, live and rolling out) outlives the in-memory database: kept beside the release store.
        if (database.inMemory) apiEnv.RELEASE_REGISTRY_FILE = env.RELEASE_REGISTRY_FILE || registryFileOf(releaseStoreFromEnv(env, root).dir);
        rows.push(['database', database.uri]);
        // The e2e tests set times in the past (orders sold on other days) straight in the database.
        if (env.DATABASE_URI_FILE) writeFileSync(env.DATABASE_URI_FILE, database.uri);
      }),
    );
  }
  if (!env.STRIPE_SECRET_KEY) {
    tasks.push(
      startStripeSandboxService({ port: ports.stripeSandbox, webhookUrl: `http://127.0.0.1:${ports.api}/webhooks/stripe` }).then((sandbox) => {
        services.push({ name: 'stripe sandbox', stop: () => sandbox.stop() });
        Object.assign(apiEnv, sandbox.env);
        rows.push(['stripe sandbox', `${sandbox.url} (test card 4242 4242 4242 4242)`]);
      }),
    );
  }
  if (!env.SMTP_URL) {
    tasks.push(
      startMailDev({ smtpPort: ports.smtp, webPort: ports.mailWeb, cwd: root }).then((mail) => {
        services.push({ name: 'mail', stop: () => mail.stop() });
        apiEnv.SMTP_URL = mail.smtpUrl;
        // The shell's /config.json names it, so the verify banner says where the link went.
        apiEnv.DEMO_MAIL_INBOX_URL = mail.inboxUrl;
        rows.push(['mail inbox', mail.inboxUrl]);
      }),
    );
  }
  const failure = (await Promise.allSettled(tasks)).find((result) => result.status === 'rejected');
  if (failure) {
    for (const service of services) await service.stop();
    throw failure.reason;
  }
  // The emulator's Google sign-in goes through the shell's stand-in, which signs its credentials
  // with this secret; the api accepts only those (tooling/auth-emulator/proxy.cjs). New each start.
  if (apiEnv.FIREBASE_AUTH_EMULATOR_HOST && !apiEnv.AUTH_STAND_IN_SECRET) apiEnv.AUTH_STAND_IN_SECRET = randomBytes(32).toString('base64url');
  return { env: apiEnv, services, rows };
}

/** Lines about the demo accounts, which the api creates in the auth emulator. */
export function demoAccountLines() {
  return demoAccounts.map(
    ({ email, password, role }) => `  ${email.padEnd(22)} / ${password.padEnd(12)} (${role})`,
  );
}
