import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from '../logger';

/**
 * A database for development and tests when MONGODB_URI is unset: a `mongod` from PATH
 * (persistent, in <repo>/.data/mongo), else the in-memory jongodb binary shipped in an npm package.
 */
export interface EmbeddedMongo {
  kind: 'mongod' | 'jongodb';
  uri: string;
  pid: number;
  persistent: boolean;
  stop(): Promise<void>;
}

const JONGODB_PACKAGE = '@jongodb/memory-server-bin-linux-x64-gnu';
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

/*
 * The database runs under a small sh watchdog that holds a pipe from us on its stdin: when this
 * process ends in any way (even SIGKILL) the pipe closes and the watchdog kills the database.
 * Closing the pipe is also how stop() asks for a clean shutdown.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$@" </dev/null 3<&- &',
  'pid=$!',
  '{ while read -r _; do :; done; kill "$pid" 2>/dev/null; } <&3 &',
  'wait "$pid"',
].join('\n');

export async function startEmbeddedMongo(options: {
  dataDir: string;
  logger: Logger;
}): Promise<EmbeddedMongo> {
  const mongod = findOnPath('mongod');
  if (mongod) return startMongod(mongod, options.dataDir, options.logger);
  return startJongodb(options.logger);
}

async function startMongod(binary: string, dataDir: string, logger: Logger): Promise<EmbeddedMongo> {
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const child = spawnWatched(binary, ['--dbpath', dataDir, '--port', String(port), '--bind_ip', '127.0.0.1']);
  const output = collectOutput(child);
  await waitFor(child, output, () => canConnect(port), 'mongod');
  logger.info({ binary, dataDir, port, dbProcessGroup: child.pid }, 'embedded database: mongod from PATH');
  return embedded('mongod', `mongodb://127.0.0.1:${port}`, child, true);
}

async function startJongodb(logger: Logger): Promise<EmbeddedMongo> {
  const binary = jongodbBinary();
  const child = spawnWatched(binary, ['--host=127.0.0.1', '--port=0']);
  const output = collectOutput(child);
  let uri: string | undefined;
  await waitFor(child, output, () => {
    const failure = output.find((line) => line.startsWith('JONGODB_START_FAILURE='));
    if (failure) throw new Error(`jongodb failed to start: ${failure}`);
    uri = output.map((line) => /^JONGODB_URI=(\S+)/.exec(line)?.[1]).find(Boolean);
    return Boolean(uri);
  }, 'jongodb');
  logger.warn(
    { dbProcessGroup: child.pid, uri },
    'MONGODB_URI is not set: using the in-memory jongodb database. Data resets on restart; set MONGODB_URI to keep it.',
  );
  return embedded('jongodb', uri!, child, false);
}

function jongodbBinary(): string {
  let manifest: string;
  try {
    manifest = require.resolve(`${JONGODB_PACKAGE}/package.json`);
  } catch {
    throw new Error(
      `No database: MONGODB_URI is unset, no mongod is on PATH and ${JONGODB_PACKAGE} is not installed ` +
        '(it exists for linux-x64 glibc only). Set MONGODB_URI.',
    );
  }
  const { jongodb } = JSON.parse(readFileSync(manifest, 'utf8')) as { jongodb?: { binary?: string } };
  if (!jongodb?.binary) throw new Error(`${manifest} has no jongodb.binary field`);
  return path.join(path.dirname(manifest), jongodb.binary);
}

function spawnWatched(binary: string, args: string[]): ChildProcess {
  // Own process group: a Ctrl-C meant for the api must not kill the database under in-flight requests.
  // After the script come $0 (a name for ps) and "$@" (the command).
  return spawn('/bin/sh', ['-c', WATCHDOG, 'embedded-db-watchdog', binary, ...args], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

function embedded(kind: EmbeddedMongo['kind'], uri: string, child: ChildProcess, persistent: boolean): EmbeddedMongo {
  const pid = child.pid!;
  const exited = child.exitCode !== null ? Promise.resolve() : once(child, 'exit').then(() => undefined);
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  };
  // Covers process.exit() paths that skip stop(); the watchdog covers the rest.
  const killOnExit = () => killGroup('SIGTERM');
  process.once('exit', killOnExit);
  let stopping: Promise<void> | undefined;
  return {
    kind,
    uri,
    pid,
    persistent,
    stop() {
      stopping ??= (async () => {
        process.removeListener('exit', killOnExit);
        child.stdin?.end();
        const timer = setTimeout(() => killGroup('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
        // The watchdog's reader may still hold the group; make sure nothing is left.
        killGroup('SIGKILL');
      })();
      return stopping;
    },
  };
}

/** Keeps the last lines of the child's output, for error messages. */
function collectOutput(child: ChildProcess): string[] {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      lines.push(line.trim());
      if (lines.length > 30) lines.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return lines;
}

async function waitFor(
  child: ChildProcess,
  output: string[],
  ready: () => boolean | Promise<boolean>,
  name: string,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    while (!(await ready())) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited`);
      if (Date.now() > deadline) throw new Error(`${name} did not start within ${START_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    child.stdin?.end();
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
    throw new Error(`${(error as Error).message}. Last output:\n${output.join('\n')}`, { cause: error });
  }
}

function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
