// A database for `npm start`, `npm run dev` and the api's jest run when MONGODB_URI is unset:
// a `mongod` from PATH (data kept under .data/mongo), else the in-memory jongodb binary shipped in
// an npm package. Development tooling only: the api itself just needs MONGODB_URI.
import { accessSync, constants, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, keepLastLines, spawnProcessGroup } from './child-services.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const JONGODB_PACKAGE = '@jongodb/memory-server-bin-linux-x64-gnu';
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
// A database that keeps dying is a real problem to show, not to hide behind restarts.
const MAX_RESTARTS_PER_MINUTE = 3;

/*
 * The database runs under a small sh watchdog that holds a pipe from us on its stdin: when this
 * process ends in any way (even SIGKILL) the pipe closes and the watchdog kills the database.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$@" </dev/null 3<&- &',
  'pid=$!',
  '{ while read -r _; do :; done; kill "$pid" 2>/dev/null; } <&3 &',
  'wait "$pid"',
].join('\n');

/**
 * @param {{ dataDir?: string, log?: (line: string) => void }} [options] dataDir: where a mongod keeps its data.
 * @returns {Promise<{ uri: string, inMemory: boolean, stop(): Promise<void> }>} inMemory: the data goes when it stops;
 *   then a database process that dies is started again on the same port.
 */
export async function startEmbeddedMongo({ dataDir = path.join(repoRoot, '.data', 'mongo'), log = console.log } = {}) {
  const mongod = findOnPath('mongod');
  if (mongod) {
    mkdirSync(dataDir, { recursive: true });
    const port = await freePort();
    const database = await startWatched('mongod', mongod, ['--dbpath', dataDir, '--port', String(port), '--bind_ip', '127.0.0.1'], () =>
      canConnect(port),
    );
    log(`Database: mongod from PATH, data in ${dataDir}.`);
    return { uri: `mongodb://127.0.0.1:${port}`, inMemory: false, stop: database.stop };
  }

  const startJongodb = async (/** @type {number | string} */ port) => {
    /** @type {string | undefined} */
    let uri;
    const database = await startWatched('jongodb', jongodbBinary(), ['--host=127.0.0.1', `--port=${port}`], (output) => {
      const failure = output.find((line) => line.startsWith('JONGODB_START_FAILURE='));
      if (failure) throw new Error(`jongodb failed to start: ${failure}`);
      uri = output.map((line) => /^JONGODB_URI=(\S+)/.exec(line)?.[1]).find(Boolean);
      return Boolean(uri);
    });
    // Set: startWatched returns once `ready` said yes.
    return { ...database, uri: /** @type {string} */ (uri) };
  };
  let database = await startJongodb(0);
  const { uri } = database;
  const port = new URL(uri.replace(/^mongodb:/, 'http:')).port;
  log('MONGODB_URI is not set: using the in-memory jongodb database. Data resets on restart; set MONGODB_URI to keep it.');

  // A database that dies is started again on the same port, so the api (which keeps its
  // MONGODB_URI) reconnects, ensures its indexes and reseeds the demo catalog by itself.
  let stopped = false;
  /** @type {number[]} */
  const restarts = [];
  const watch = (/** @type {{ exited: Promise<unknown>, stop(): Promise<unknown> }} */ current) =>
    void current.exited.then(async () => {
      if (stopped) return;
      const now = Date.now();
      restarts.push(now);
      if (restarts.filter((at) => now - at < 60_000).length > MAX_RESTARTS_PER_MINUTE) {
        log(`The in-memory database stopped ${MAX_RESTARTS_PER_MINUTE} times within a minute; not restarting it again.`);
        return;
      }
      log(`The in-memory database stopped unexpectedly; starting it again on port ${port} (its data is gone: the api reseeds the demo catalog).`);
      try {
        database = await startJongodb(port);
        if (stopped) await database.stop();
        else watch(database);
      } catch (error) {
        log(`The in-memory database could not be started again: ${error instanceof Error ? error.message : error}`);
      }
    });
  watch(database);
  const stop = async () => {
    stopped = true;
    await database.stop();
  };
  return { uri, inMemory: true, stop };
}

/**
 * Starts the binary under the watchdog and polls `ready(output)` until it says yes.
 * @param {string} name
 * @param {string} binary
 * @param {string[]} args
 * @param {(output: string[]) => boolean | Promise<boolean>} ready
 */
async function startWatched(name, binary, args, ready) {
  // After the script come $0 (a name for ps) and "$@" (the command).
  const group = spawnProcessGroup('/bin/sh', ['-c', WATCHDOG, `embedded-${name}-watchdog`, binary, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output = keepLastLines(group.child);
  let running = true;
  void group.exited.then(() => (running = false));
  const stop = () => group.stop(STOP_GRACE_MS);
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    while (!(await ready(output))) {
      if (!running) throw new Error(`${name} exited`);
      if (Date.now() > deadline) throw new Error(`${name} did not start within ${START_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : error}. Last output:\n${output.join('\n')}`, { cause: error });
  }
  return { stop, exited: group.exited, pid: group.child.pid };
}

function jongodbBinary() {
  let manifest;
  try {
    manifest = require.resolve(`${JONGODB_PACKAGE}/package.json`);
  } catch {
    throw new Error(
      `No database: MONGODB_URI is unset, no mongod is on PATH and ${JONGODB_PACKAGE} is not installed ` +
        '(it exists for linux-x64 glibc only). Set MONGODB_URI.',
    );
  }
  const { jongodb } = JSON.parse(readFileSync(manifest, 'utf8'));
  if (!jongodb?.binary) throw new Error(`${manifest} has no jongodb.binary field`);
  return path.join(path.dirname(manifest), jongodb.binary);
}

/** @param {string} command */
function findOnPath(command) {
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

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
