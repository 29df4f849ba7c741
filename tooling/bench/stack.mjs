// Starts `npm start`'s stack (tooling/start.mjs) as a child process group and stops it again.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverRenderingReady, waitForUrl } from '../services/child-services.mjs';

/**
 * instances > 1: the api runs that many processes (API_INSTANCES); waits until all of them listen.
 * @param {{ root: string, urls: { api: string, shell: string }, env: NodeJS.ProcessEnv, instances?: number }} options
 */
export async function startStack({ root, urls, env, instances = 1 }) {
  const logPath = path.join(os.tmpdir(), `pcpp-bench-stack-${process.pid}.log`);
  // The api logs straight to its own file, as it would in production, not through start.mjs's pipe.
  const apiLogPath = path.join(os.tmpdir(), `pcpp-bench-api-${process.pid}-${instances}.log`);
  const log = createWriteStream(logPath);
  const child = spawn(process.execPath, [path.join(root, 'tooling/start.mjs')], {
    cwd: root,
    env: { ...process.env, ...env, API_INSTANCES: String(instances), LOG_FILE: apiLogPath },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = false;
  /** @type {Promise<void>} */
  const exit = new Promise((resolve) => child.once('exit', () => { exited = true; resolve(); }));
  // Spawned without error (its streams are piped), so it has a pid: the group's id.
  const pgid = /** @type {number} */ (child.pid);
  // Whatever happens to the bench, the stack's process group does not outlive it.
  const killGroup = () => {
    if (!exited) {
      try { process.kill(-pgid, 'SIGKILL'); } catch { /* already gone */ }
    }
  };
  process.once('exit', killGroup);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      killGroup();
      process.exit(130);
    });
  }

  const isAlive = () => !exited;
  try {
    await waitForUrl(`${urls.api}/readyz`, { timeoutMs: 240_000, accept: (status) => status === 200, isAlive });
    await waitForUrl(urls.shell, { timeoutMs: 60_000, accept: (status) => status === 200, isAlive });
    // The shell answers before it has loaded the remotes' server builds (as `npm start` waits for too):
    // the first page measured is then server-rendered, as a visitor of a running shop gets it (if not
    // within 30 s, the pages table says how many loads were rendered in the browser).
    await serverRenderingReady(`${urls.shell}/`, { timeoutMs: 30_000, env: { ...process.env, ...env }, isAlive });
    if (instances > 1) await waitForLogLine(apiLogPath, `all ${instances} api instances listening`, { timeoutMs: 120_000, isAlive });
  } catch (error) {
    killGroup();
    throw new Error(`${error instanceof Error ? error.message : error} (stack log: ${logPath}, api log: ${apiLogPath})`, { cause: error });
  }

  return {
    logPath,
    async stop() {
      if (exited) return;
      process.kill(-pgid, 'SIGINT');
      const timeout = new Promise((resolve) => setTimeout(resolve, 20_000).unref());
      await Promise.race([exit, timeout]);
      killGroup();
    },
  };
}

/**
 * @param {string} logPath
 * @param {string} text
 * @param {{ timeoutMs: number, isAlive: () => boolean }} options
 */
async function waitForLogLine(logPath, text, { timeoutMs, isAlive }) {
  const deadline = Date.now() + timeoutMs;
  while (!(existsSync(logPath) && readFileSync(logPath, 'utf8').includes(text))) {
    if (!isAlive()) throw new Error('the stack exited');
    if (Date.now() > deadline) throw new Error(`no "${text}" in the stack log within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
