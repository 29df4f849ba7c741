// startAuthEmulator against a stand-in for firebase-tools (node_modules/.bin/firebase in a
// throwaway folder) that behaves as the real one does when another checkout's emulator takes the
// logging port it picked: auth answers, then the whole process exits.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { isAuthEmulatorUp, startAuthEmulator } from './auth-emulator.mjs';

const folders = /** @type {string[]} */ ([]);
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A port nothing listens on now. */
async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A folder whose firebase stand-in answers as a ready auth emulator on the config's auth port; the
 * first `failures` starts exit 300 ms later without saying all emulators are ready.
 * @param {number} failures
 */
function standInFolder(failures) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'pcpp-auth-emulator-test-'));
  folders.push(folder);
  writeFileSync(path.join(folder, 'firebase.json'), JSON.stringify({ emulators: { auth: { port: 9099 }, hub: { port: 4400 }, logging: { port: 4500 } } }));
  mkdirSync(path.join(folder, 'node_modules/.bin'), { recursive: true });
  const script = path.join(folder, 'node_modules/.bin/firebase');
  writeFileSync(
    script,
    `#!${process.execPath}
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const starts = path.join(${JSON.stringify(folder)}, 'starts');
const count = (fs.existsSync(starts) ? Number(fs.readFileSync(starts, 'utf8')) : 0) + 1;
fs.writeFileSync(starts, String(count));
const config = JSON.parse(fs.readFileSync(process.argv[process.argv.indexOf('--config') + 1], 'utf8'));
if (config.emulators.hub || config.emulators.logging) { console.error('hub and logging ports must be left to firebase-tools'); process.exit(2); }
const server = http.createServer((req, res) => res.end(JSON.stringify({ authEmulator: { ready: true } })));
server.listen(config.emulators.auth.port, '127.0.0.1', () => {
  console.log('auth: listening');
  if (count <= ${failures}) setTimeout(() => { console.error('Could not start Logging Emulator, port taken.'); process.exit(1); }, 300);
  else setTimeout(() => console.log('All emulators ready! It is now safe to connect your app.'), 300);
});
process.on('SIGTERM', () => process.exit(0));
`,
  );
  chmodSync(script, 0o755);
  return { folder, starts: () => Number(readFileSync(path.join(folder, 'starts'), 'utf8')) };
}

test('starts again when the emulator exits after auth answered (a port race lost), and is ready only when all emulators are', async () => {
  const { folder, starts } = standInFolder(1);
  const port = await freePort();
  const lines = /** @type {string[]} */ ([]);
  const emulator = await startAuthEmulator({ port, cwd: folder, log: (line) => lines.push(line) });
  try {
    assert.equal(emulator.reused, false);
    assert.equal(starts(), 2);
    assert.ok(lines.some((line) => line.startsWith('The auth emulator exited while starting')), lines.join('\n'));
    // Still up well after the moment the first start died.
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal(await isAuthEmulatorUp(emulator.host), true);
  } finally {
    await emulator.stop();
  }
  assert.equal(await isAuthEmulatorUp(emulator.host), false);
});

test('gives up after three starts that exit, with the last output', async () => {
  const { folder, starts } = standInFolder(3);
  const port = await freePort();
  await assert.rejects(startAuthEmulator({ port, cwd: folder, log: () => {} }), /The auth emulator exited\. Its last output:\n[\s\S]*port taken/);
  assert.equal(starts(), 3);
  assert.equal(await isAuthEmulatorUp(`127.0.0.1:${port}`), false);
});
