import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '../support/test';
import { repoRoot } from '../support/stack';

// `npm start` a second time, on ports of its own, with its own release store: what is published,
// live and rolling out is still there after it is stopped and started again (the in-memory database
// is new each time; the api restores the registry from the file beside the store).

const run = promisify(execFile);
const base = Number(process.env.E2E_PORT_BASE || 3100) + 50;
const ports = {
  SHELL_PORT: base,
  SHOP_PORT: base + 1,
  DASHBOARD_PORT: base + 2,
  ADMIN_PORT: base + 3,
  RELEASES_PORT: base + 4,
  API_PORT: base + 10,
  AUTH_EMULATOR_PORT: base + 20,
  STRIPE_SANDBOX_PORT: base + 30,
  SMTP_PORT: base + 40,
  MAIL_WEB_PORT: base + 41,
};
const apiUrl = `http://localhost:${ports.API_PORT}`;

/** `node tooling/start.mjs` with this test's ports and store; resolves once it says it is running. */
async function startStack(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'tooling/start.mjs')], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('PC PART PICKER is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
  return child;
}

async function stopStack(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

test('what is published, live and rolling out survives a restart of npm start', async () => {
  test.setTimeout(300_000);
  const store = mkdtempSync(path.join(os.tmpdir(), 'pcpp-restart-store-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
    RELEASES_DIR: store,
    // Its own registry file, beside its own store (what npm start would pick, made explicit).
    RELEASE_REGISTRY_FILE: `${store}.registry.json`,
  };
  // The in-memory database, new at each start.
  delete env.MONGODB_URI;
  let stack = await startStack(env);
  const build = mkdtempSync(path.join(os.tmpdir(), 'pcpp-restart-build-'));
  try {
    cpSync(path.join(repoRoot, 'mf-admin/dist'), build, { recursive: true });
    const released = await run(process.execPath, [path.join(repoRoot, 'tooling/release.mjs'), 'mf-admin', '--from-build', build], { cwd: repoRoot, env });
    const version = /Published mf-admin (\S+)/.exec(released.stdout)?.[1];
    expect(version).toBeTruthy();
    const rolled = await run(process.execPath, [path.join(repoRoot, 'tooling/rollout.mjs'), 'mf-admin', version!, '30'], { cwd: repoRoot, env });
    expect(rolled.stdout).toContain(`mf_admin ${version} rolls out to 30 % of the browsers`);
    const before = await (await fetch(`${apiUrl}/remotes`)).json();
    expect(before.rollouts.mf_admin).toMatchObject({ version, percent: 30 });
    expect(existsSync(`${store}.registry.json`)).toBe(true);

    await stopStack(stack);
    stack = await startStack(env);

    const after = await (await fetch(`${apiUrl}/remotes`)).json();
    expect(after.rollouts).toEqual(before.rollouts);
    expect(after.versions).toEqual(before.versions);
    expect(after.remotes).toEqual(before.remotes);
    // And it still acts on it: the script ends the rollout it started before the restart.
    const aborted = await run(process.execPath, [path.join(repoRoot, 'tooling/rollback.mjs'), 'mf-admin'], { cwd: repoRoot, env });
    expect(aborted.stdout).toContain(`the rollout of ${version} is aborted`);
  } finally {
    await stopStack(stack);
    rmSync(build, { recursive: true, force: true });
    rmSync(store, { recursive: true, force: true });
    rmSync(`${store}.registry.json`, { force: true });
  }
});
