// Starts the Firebase Auth emulator (firebase-tools, pure Node) for `npm start`, the api's jest
// run and the e2e tests, and stops it without leaving processes behind.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepLastLines, spawnProcessGroup } from './child-services.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Its start is CPU-bound (about 10 s alone here); on a busy shared machine it has taken 60 s and more.
const READY_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 5_000;

/**
 * True when an Auth emulator answers on host ("127.0.0.1:9099").
 * @param {string} host
 */
export async function isAuthEmulatorUp(host) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_000) });
    const body = await response.json();
    return body?.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/** What firebase-tools prints once every emulator it starts (hub and logging included) listens. */
const ALL_READY = 'All emulators ready';
/** Starts again after losing a port race this many times at most. */
const START_ATTEMPTS = 3;

/**
 * @param {{ port?: number, projectId?: string, cwd?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<{ host: string, projectId: string, reused: boolean, stop(): Promise<void> }>}
 */
export async function startAuthEmulator({
  port = 9099,
  projectId = 'demo-pcparts',
  cwd = repoRoot,
  log = console.log,
} = {}) {
  const host = `127.0.0.1:${port}`;
  if (await isAuthEmulatorUp(host)) {
    log(`Auth emulator already running on ${host}: using it.`);
    return { host, projectId, reused: true, stop: async () => {} };
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce({ host, port, projectId, cwd, log });
    } catch (error) {
      // firebase-tools picks the hub's and the logging emulator's ports up front and binds them
      // later (the logging one after auth answers): another checkout's emulator starting at the
      // same moment can take one first, and this one exits. A new start picks other ports.
      if (!(error instanceof PortRaceLost) || attempt >= START_ATTEMPTS) throw error;
      log(`The auth emulator exited while starting (${error.message}); starting it again.`);
    }
  }
}

/** The emulator exited while starting (a port it picked was taken first), so a new start may work. */
class PortRaceLost extends Error {}

/**
 * One start: ready once auth answers and firebase-tools says every emulator is ready (so none of
 * them can still fail to bind its port and take auth down with it).
 * @param {{ host: string, port: number, projectId: string, cwd: string, log: (line: string) => void }} options
 */
async function startOnce({ host, port, projectId, cwd, log }) {
  const config = configFor(cwd, port);
  const firebase = path.join(cwd, 'node_modules/.bin/firebase');
  const args = ['emulators:start', '--only', 'auth', '--project', projectId];
  args.push('--config', config.path);

  // Its own process group, so stop() reaches everything firebase-tools starts.
  const group = spawnProcessGroup(firebase, args, { cwd, env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } });
  const output = keepLastLines(group.child);
  let allReady = false;
  group.child.stdout?.on('data', (/** @type {Buffer} */ chunk) => {
    if (String(chunk).includes(ALL_READY)) allReady = true;
  });
  let running = true;
  void group.exited.then(() => {
    running = false;
    if (group.spawnError) {
      output.push(`${firebase}: ${group.spawnError.message} (is firebase-tools installed? run npm install)`);
    }
  });

  /** @type {Promise<void> | undefined} */
  let stopped;
  const stop = () => {
    stopped ??= group.stop(STOP_GRACE_MS).then(() => config.cleanup());
    return stopped;
  };

  log(`Starting the auth emulator on ${host} (project ${projectId})…`);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(allReady && (await isAuthEmulatorUp(host)))) {
    if (!running || Date.now() > deadline) {
      const why = running ? `did not answer within ${READY_TIMEOUT_MS / 1000} s` : 'exited';
      await stop();
      const message = `The auth emulator ${why}. Its last output:\n${output.join('\n')}`;
      throw !running && !group.spawnError ? new PortRaceLost(message) : new Error(message);
    }
    await delay(250);
  }
  log(`Auth emulator ready on ${host}.`);
  return { host, projectId, reused: false, stop };
}

/**
 * firebase.json fixes the auth port and the hub/logging ports. A temporary copy is used with the
 * wanted auth port and without hub/logging ports, which firebase-tools then picks itself among
 * free ones, so several emulators (another checkout's tests, a running `npm start`) never fight
 * over 4400/4500.
 * @param {string} cwd
 * @param {number} port
 */
function configFor(cwd, port) {
  const file = path.join(cwd, 'firebase.json');
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const { hub: _hub, logging: _logging, ...emulators } = json.emulators ?? {};
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pcpp-auth-emulator-'));
  const copy = path.join(dir, 'firebase.json');
  const auth = { host: '127.0.0.1', ...emulators.auth, port };
  writeFileSync(copy, JSON.stringify({ ...json, emulators: { ...emulators, auth } }, null, 2));
  return { path: copy, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const delay = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
