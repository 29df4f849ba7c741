import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface EmbeddedMongoModule {
  startEmbeddedMongo(options: { dataDir?: string; log?: (line: string) => void }): Promise<{
    uri: string;
    stop(): Promise<void>;
  }>;
}

interface AuthEmulatorModule {
  startAuthEmulator(options: { port?: number; log?: (line: string) => void }): Promise<{
    host: string;
    stop(): Promise<void>;
  }>;
}

interface StripeSandboxModule {
  startStripeSandbox(options: { log?: (line: string) => void }): Promise<{
    url: string;
    secretKey: string;
    close(): Promise<void>;
  }>;
}

interface MailDevModule {
  freePort(): Promise<number>;
  startMailDev(options: { smtpPort: number; webPort: number; mailDirectory: string; log?: (line: string) => void }): Promise<{
    smtpUrl: string;
    inboxUrl: string;
    stop(): Promise<void>;
  }>;
}

declare global {
  /** Set here, called by global-teardown.ts (both run in jest's main process). */
  var stopApiTestServices: (() => Promise<void>) | undefined;
}

const SERVICES = path.join(__dirname, '../../tooling/services');
const STRIPE_SANDBOX = path.join(__dirname, '../../stripe-sandbox/src/index.mjs');

/**
 * Honours MONGODB_URI / FIREBASE_AUTH_EMULATOR_HOST when set; otherwise starts its own. Always
 * starts its own MailDev on free ports (SMTP_URL, and MAIL_INBOX_URL for the tests to read it).
 * Payments always go to the local Stripe sandbox, whatever STRIPE_SECRET_KEY says.
 */
export default async function globalSetup(): Promise<void> {
  const stops: (() => Promise<void>)[] = [];
  let stopping: Promise<void> | undefined;
  const stopAll = () => (stopping ??= Promise.all(stops.map((stop) => stop())).then(() => undefined));
  // Ctrl-C skips the global teardown: stop the services, then die of the signal as usual.
  const onSignal = (signal: NodeJS.Signals) => void stopAll().finally(() => process.kill(process.pid, signal));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  globalThis.stopApiTestServices = async () => {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await stopAll();
  };
  // The per-start secret of the Google stand-in (tooling/auth-emulator/proxy.cjs), as `npm start` makes one.
  process.env.AUTH_STAND_IN_SECRET ??= randomBytes(32).toString('base64url');
  const tasks: Promise<void>[] = [];
  if (!process.env.MONGODB_URI) {
    tasks.push(
      (async () => {
        // A mongod from PATH would persist: give the run a throwaway data directory.
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pcpp-api-test-db-'));
        const { startEmbeddedMongo } = (await import(`${SERVICES}/embedded-mongo.mjs`)) as EmbeddedMongoModule;
        const mongo = await startEmbeddedMongo({ dataDir, log: () => {} });
        stops.push(async () => {
          await mongo.stop();
          rmSync(dataDir, { recursive: true, force: true });
        });
        process.env.MONGODB_URI = mongo.uri;
      })(),
    );
  }
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    tasks.push(
      (async () => {
        const { startAuthEmulator } = (await import(`${SERVICES}/auth-emulator.mjs`)) as AuthEmulatorModule;
        const port = Number(process.env.AUTH_EMULATOR_PORT || 9099);
        const emulator = await startAuthEmulator({ port, log: () => {} });
        stops.push(() => emulator.stop());
        process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
      })(),
    );
  }
  tasks.push(
    (async () => {
      const { startStripeSandbox } = (await import(STRIPE_SANDBOX)) as StripeSandboxModule;
      const sandbox = await startStripeSandbox({ log: () => {} });
      stops.push(() => sandbox.close());
      process.env.STRIPE_SECRET_KEY = sandbox.secretKey;
      process.env.STRIPE_API_URL = sandbox.url;
      process.env.STRIPE_WEBHOOK_SECRET = `whsec_api_tests_${randomBytes(16).toString('hex')}`;
      const mailDirectory = mkdtempSync(path.join(os.tmpdir(), 'pcpp-api-test-mail-'));
      const { freePort, startMailDev } = (await import(`${SERVICES}/maildev.mjs`)) as MailDevModule;
      const mail = await startMailDev({ smtpPort: await freePort(), webPort: await freePort(), mailDirectory, log: () => {} });
      stops.push(async () => {
        await mail.stop();
        rmSync(mailDirectory, { recursive: true, force: true });
      });
      process.env.SMTP_URL = mail.smtpUrl;
      process.env.MAIL_INBOX_URL = mail.inboxUrl;
    })(),
  );
  const results = await Promise.allSettled(tasks);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    await globalThis.stopApiTestServices();
    throw failure.reason;
  }
}
