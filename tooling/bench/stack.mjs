// Starts `npm start`'s stack (tooling/start.mjs) as a child process group and stops it again.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitForUrl } from '../services/child-services.mjs';

export async function startStack({ root, urls, env }) {
  const logPath = path.join(os.tmpdir(), `pcpp-bench-stack-${process.pid}.log`);
  const log = createWriteStream(logPath);
  const child = spawn(process.execPath, [path.join(root, 'tooling/start.mjs')], {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', () => { exited = true; resolve(); }));
  // Whatever happens to the bench, the stack's process group does not outlive it.
  const killGroup = () => {
    if (!exited) {
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
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
  } catch (error) {
    killGroup();
    throw new Error(`${error.message} (stack log: ${logPath})`, { cause: error });
  }

  return {
    logPath,
    async stop() {
      if (exited) return;
      process.kill(-child.pid, 'SIGINT');
      const timeout = new Promise((resolve) => setTimeout(resolve, 20_000).unref());
      await Promise.race([exit, timeout]);
      killGroup();
    },
  };
}
