// The one way tooling starts long-running children and stops them, leaving nothing behind: each
// child leads its own process group, and stopping signals the whole group.
import { spawn } from 'node:child_process';
import net from 'node:net';

/**
 * Process groups still running, killed if this process exits without stopping them.
 * @type {Set<number>}
 */
const liveGroups = new Set();
process.on('exit', () => {
  for (const pgid of liveGroups) signalGroup(pgid, 'SIGKILL');
});

/**
 * @param {number} pgid
 * @param {NodeJS.Signals | 0} signal
 */
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // The group is gone.
  }
}

const delay = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spawns `command` as the leader of a new process group. A Ctrl-C in the terminal reaches this
 * process only, which then stops its groups in the order it chooses.
 *
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, stdio?: import('node:child_process').StdioOptions }} [options]
 */
export function spawnProcessGroup(command, args, { cwd, env = process.env, stdio = ['ignore', 'pipe', 'pipe'] } = {}) {
  const child = spawn(command, args, { cwd, env, stdio, detached: true });
  /**
   * Set when the command could not be started at all (no 'exit' follows then).
   * @type {Error | null}
   */
  let spawnError = null;
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      spawnError = error;
      resolve({ code: null, signal: null });
    });
  });
  const pgid = child.pid;
  if (pgid !== undefined) {
    liveGroups.add(pgid);
    // An empty group's id may be reused by an unrelated process: never signal it after that.
    void exited.then(() => {
      if (!signalGroup(pgid, 0)) liveGroups.delete(pgid);
    });
  }

  /** @type {Promise<void> | undefined} */
  let stopping;
  /** SIGTERM to the group; SIGKILL to whatever is left after `graceMs`. */
  function stop(graceMs = 10_000) {
    stopping ??= (async () => {
      if (pgid === undefined) return;
      signalGroup(pgid, 'SIGTERM');
      // Grandchildren may outlive the leader: wait for the whole group, not just the child.
      const deadline = Date.now() + graceMs;
      while (signalGroup(pgid, 0) && Date.now() < deadline) await delay(100);
      signalGroup(pgid, 'SIGKILL');
      liveGroups.delete(pgid);
      await exited;
    })();
    return stopping;
  }

  return {
    child,
    /** Resolves with {code, signal} when the leader exits (or could not start). */
    exited,
    stop,
    get spawnError() {
      return spawnError;
    },
  };
}

/**
 * The last lines a child wrote (stdout and stderr, colours removed), for error messages.
 * @param {import('node:child_process').ChildProcess} child
 */
export function keepLastLines(child, count = 30) {
  /** @type {string[]} */
  const lines = [];
  const keep = (/** @type {Buffer | string} */ chunk) => {
    // eslint-disable-next-line no-control-regex
    for (const line of String(chunk).replace(/\u001b\[[0-9;]*m/g, '').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line.trim());
      if (lines.length > count) lines.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return lines;
}

/**
 * A service for `npm start` / `npm run dev`: a process group whose output is printed with a
 * `[name]` prefix.
 *
 * @param {{ name: string, command: string, args: string[], env?: NodeJS.ProcessEnv, cwd?: string,
 *           onExit?: (code: number | null, signal: NodeJS.Signals | null) => void, quiet?: boolean }} options
 */
export function spawnService({ name, command, args, env = process.env, cwd, onExit, quiet = false }) {
  const group = spawnProcessGroup(command, args, { cwd, env });
  const { child } = group;
  const prefix = `[${name}] `;
  const forward = (/** @type {import('node:stream').Readable | null} */ stream, /** @type {NodeJS.WriteStream} */ target) =>
    stream?.on('data', (chunk) => {
      if (quiet) return;
      for (const line of String(chunk).split('\n')) if (line.trim()) target.write(prefix + line + '\n');
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  let exited = false;
  const exit = group.exited.then(({ code, signal }) => {
    exited = true;
    onExit?.(code, signal);
    return code;
  });
  return { name, child, exit, stop: (/** @type {number | undefined} */ graceMs) => group.stop(graceMs), get running() { return !exited; } };
}

/**
 * Polls a URL until it answers with one of the accepted statuses.
 * @param {string} url
 * @param {{ timeoutMs?: number, accept?: (status: number) => boolean, isAlive?: () => boolean }} [options]
 */
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
    await delay(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * A loopback port nothing listens on now (another process may take it before it is used).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * True once the shell's server renders its home page (it loads the live remotes' server builds in the
 * background as it starts): the first visitor then gets server HTML too. Also true at once when server
 * rendering is off (SERVER_RENDERING=off); false after `timeoutMs`.
 * @param {string} url
 * @param {{ timeoutMs?: number, env?: NodeJS.ProcessEnv, isAlive?: () => boolean }} [options]
 */
export async function serverRenderingReady(url, { timeoutMs = 20_000, env = process.env, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && isAlive()) {
    const rendered = await fetch(url)
      .then(async (response) => {
        await response.arrayBuffer();
        return response.headers.get('x-rendered');
      })
      .catch(() => null);
    if (rendered === 'server' || env.SERVER_RENDERING === 'off') return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
