// Starts long-running services as child process groups and stops them all, leaving nothing behind.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * @param {{ name: string, command: string, args: string[], env?: NodeJS.ProcessEnv, cwd?: string,
 *           onExit?: (code: number | null, signal: string | null) => void, quiet?: boolean }} options
 */
export function spawnService({ name, command, args, env = process.env, cwd, onExit, quiet = false }) {
  // Own process group, so stop() reaches grandchildren too (the api's embedded database).
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  const forward = (stream, target) =>
    stream.on('data', (chunk) => {
      if (quiet) return;
      for (const line of String(chunk).split('\n')) if (line.trim()) target.write(prefix + line + '\n');
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  let exited = false;
  const exit = once(child, 'exit').then(([code, signal]) => {
    exited = true;
    onExit?.(code, signal);
    return code;
  });

  async function stop(graceMs = 10_000) {
    if (exited) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, graceMs);
    await exit;
    clearTimeout(timer);
  }
  return { name, child, exit, stop, get running() { return !exited; } };
}

/** Polls a URL until it answers with one of the accepted statuses. */
export async function waitForUrl(url, { timeoutMs = 60_000, accept = (status) => status < 500, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`${url}: the process serving it exited`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (accept(response.status)) return;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
