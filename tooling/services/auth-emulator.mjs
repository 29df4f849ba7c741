// Starts the Firebase Auth emulator (firebase-tools, pure Node) for `npm start`, the api's jest
// run and the e2e tests, and stops it without leaving processes behind.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 60_000;
const KILL_GRACE_MS = 5_000;
const OUTPUT_LINES_KEPT = 30;

/** True when an Auth emulator answers on host ("127.0.0.1:9099"). */
export async function isAuthEmulatorUp(host) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_000) });
    const body = await response.json();
    return body?.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

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

  const config = configFor(cwd, port);
  const firebase = path.join(cwd, 'node_modules/.bin/firebase');
  const args = ['emulators:start', '--only', 'auth', '--project', projectId];
  if (config.path) args.push('--config', config.path);

  // Own process group, so stop() reaches everything firebase-tools starts.
  const child = spawn(firebase, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
  });
  const output = keepLastLines(child);
  let running = true;
  const exited = new Promise((resolve) => {
    child.once('exit', resolve);
    // A missing or unrunnable firebase binary: no 'exit' follows.
    child.once('error', (error) => {
      output.push(`${firebase}: ${error.message} (is firebase-tools installed? run npm install)`);
      resolve();
    });
  }).then(() => {
    running = false;
  });

  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  // If our caller dies without calling stop(), the emulator must not outlive it.
  const killOnExit = () => killGroup('SIGKILL');
  process.once('exit', killOnExit);

  let stopped;
  const stop = () => {
    stopped ??= (async () => {
      process.removeListener('exit', killOnExit);
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS);
      await exited;
      await groupGone(child.pid);
      clearTimeout(timer);
      config.cleanup();
    })();
    return stopped;
  };

  log(`Starting the auth emulator on ${host} (project ${projectId})…`);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isAuthEmulatorUp(host))) {
    if (!running || Date.now() > deadline) {
      const why = running ? `did not answer within ${READY_TIMEOUT_MS / 1000} s` : 'exited';
      await stop();
      throw new Error(`The auth emulator ${why}. Its last output:\n${output.join('\n')}`);
    }
    await delay(250);
  }
  log(`Auth emulator ready on ${host}.`);
  return { host, projectId, reused: false, stop };
}

/**
 * firebase.json fixes the auth port (and the hub/logging ports). For another port, a temporary
 * copy is used with that port and without hub/logging ports, which firebase-tools then picks
 * itself, so it can run beside an emulator that already holds 4400/4500.
 */
function configFor(cwd, port) {
  const file = path.join(cwd, 'firebase.json');
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (json.emulators?.auth?.port === port) return { path: null, cleanup: () => {} };
  const { hub: _hub, logging: _logging, ...emulators } = json.emulators ?? {};
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pcpp-auth-emulator-'));
  const copy = path.join(dir, 'firebase.json');
  const auth = { host: '127.0.0.1', ...emulators.auth, port };
  writeFileSync(copy, JSON.stringify({ ...json, emulators: { ...emulators, auth } }, null, 2));
  return { path: copy, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function keepLastLines(child) {
  const lines = [];
  const keep = (chunk) => {
    // eslint-disable-next-line no-control-regex
    for (const line of String(chunk).replace(/\u001b\[[0-9;]*m/g, '').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return lines;
}

async function groupGone(pgid) {
  for (let i = 0; i < 50; i += 1) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await delay(100);
  }
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
