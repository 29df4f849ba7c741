// MailDev: an SMTP server with a web inbox, where the api's emails land when SMTP_URL is unset
// (`npm start`, `npm run dev`, the api's jest run). Nothing it receives leaves the machine.
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepLastLines, spawnProcessGroup, waitForUrl } from './child-services.mjs';

export { freePort } from './child-services.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

/**
 * @param {{ smtpPort: number, webPort: number, mailDirectory?: string, cwd?: string,
 *           log?: (line: string) => void }} options mailDirectory: where it keeps the messages.
 * @returns {Promise<{ smtpUrl: string, inboxUrl: string, stop(): Promise<void> }>}
 */
export async function startMailDev({
  smtpPort,
  webPort,
  mailDirectory = path.join(repoRoot, '.data', 'maildev'),
  cwd = repoRoot,
  log = console.log,
}) {
  // Checked first: MailDev would otherwise die quietly, or its web port answer for another one.
  await assertPortFree(smtpPort, 'SMTP', 'SMTP_PORT');
  await assertPortFree(webPort, 'inbox', 'MAIL_WEB_PORT');
  mkdirSync(mailDirectory, { recursive: true });
  const maildev = path.join(cwd, 'node_modules/.bin/maildev');
  const args = [
    '--smtp', String(smtpPort),
    '--web', String(webPort),
    '--ip', '127.0.0.1',
    '--web-ip', '127.0.0.1',
    '--mail-directory', mailDirectory,
  ];
  const group = spawnProcessGroup(maildev, args, { cwd, env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } });
  const output = keepLastLines(group.child);
  let running = true;
  void group.exited.then(() => (running = false));
  const stop = () => group.stop(STOP_GRACE_MS);

  const inboxUrl = `http://127.0.0.1:${webPort}`;
  try {
    await waitForUrl(`${inboxUrl}/api/email`, {
      timeoutMs: READY_TIMEOUT_MS,
      accept: (status) => status === 200,
      isAlive: () => running,
    });
  } catch (error) {
    await stop();
    const why = group.spawnError ? `${maildev}: ${group.spawnError.message} (run npm install)` : output.join('\n');
    throw new Error(`MailDev did not start (${error instanceof Error ? error.message : error}). Its last output:\n${why}`, { cause: error });
  }
  log(`MailDev ready: SMTP on 127.0.0.1:${smtpPort}, inbox ${inboxUrl}.`);
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, inboxUrl, stop };
}

/**
 * @param {number} port
 * @param {string} what
 * @param {string} variable
 * @returns {Promise<void>}
 */
function assertPortFree(port, what, variable) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(new Error(`Port ${port} (MailDev ${what}) is in use. Stop what uses it, set ${variable}, or set SMTP_URL to use your own SMTP server.`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
