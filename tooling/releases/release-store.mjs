// Independent releases of one remote (README, "Releases"): build it alone into a temporary folder,
// copy the build into the release store as an immutable version folder, and register that version
// with the api's release registry. Used by release.mjs, promote.mjs and start.mjs.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
const { servicePorts, releaseStoreFromEnv } = require('../../contracts/src/service-config.cjs');
const demoAccounts = require('../../contracts/src/demo-accounts.json');

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * Package folder → federation name (the api and the shell say mf_admin, the folders mf-admin).
 * @type {Record<string, string>}
 */
export const REMOTES = { 'mf-shop': 'mf_shop', 'mf-dashboard': 'mf_dashboard', 'mf-admin': 'mf_admin' };

/**
 * `mf-admin` or `mf_admin` → the package folder, or an error listing the remotes.
 * @param {unknown} name
 */
export function remoteFolder(name) {
  const folder = String(name ?? '').replace(/_/g, '-');
  if (!(folder in REMOTES)) throw new Error(`Unknown remote "${name}": one of ${Object.keys(REMOTES).join(', ')}`);
  return folder;
}

/**
 * Builds one remote from `sourceDir` (default: its package folder) into a new temporary folder, so
 * no package's dist/ is touched. Answers the folder.
 * @param {string} folder
 * @param {{ sourceDir?: string, log?: (message: string) => void }} [options]
 */
export async function buildRemote(folder, { sourceDir = path.join(root, folder), log = console.log } = {}) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), `pcpp-build-${folder}-`));
  log(`Building ${folder} alone (from ${path.relative(root, sourceDir) || '.'})…`);
  await promisify(execFile)(
    path.join(root, 'node_modules/.bin/webpack'),
    ['--mode', 'production', '--config', path.join(sourceDir, 'webpack.config.cjs'), '--output-path', outDir],
    { cwd: sourceDir, maxBuffer: 64 * 1024 * 1024 },
  );
  return outDir;
}

/**
 * `<package version>+<8 hex digits of the build's content>`: the same build gets the same version
 * (and so is refused twice), a changed one a new version. The server build in `server/` counts too.
 * @param {string} folder
 * @param {string} buildDir
 * @param {{ sourceDir?: string }} [options]
 */
export function versionOf(folder, buildDir, { sourceDir = path.join(root, folder) } = {}) {
  const { version } = JSON.parse(readFileSync(path.join(sourceDir, 'package.json'), 'utf8'));
  const hash = createHash('sha256');
  const files = readdirSync(buildDir, { recursive: true, encoding: 'utf8' }).map((file) => file.split(path.sep).join('/'));
  for (const file of files.filter((name) => /\.(js|json|html)$/.test(name)).sort()) {
    hash.update(file).update(readFileSync(path.join(buildDir, file)));
  }
  return `${version}+${hash.digest('hex').slice(0, 8)}`;
}

/**
 * The store's folder and public URL of a version.
 * @param {string} folder
 * @param {string} version
 */
export function storeLocation(folder, version, store = releaseStoreFromEnv()) {
  return {
    dir: path.join(store.dir, folder, version),
    manifestUrl: `${store.publicUrl}/${folder}/${version}/mf-manifest.json`,
  };
}

/**
 * Copies a build into the store as `<folder>/<version>/`, all at once (a copy, then a rename), and
 * refuses a version already there: published files never change.
 * @param {string} folder
 * @param {string} version
 * @param {string} buildDir
 */
export function copyIntoStore(folder, version, buildDir, store = releaseStoreFromEnv()) {
  if (!existsSync(path.join(buildDir, 'mf-manifest.json'))) throw new Error(`${buildDir} has no mf-manifest.json`);
  const { dir, manifestUrl } = storeLocation(folder, version, store);
  if (existsSync(dir)) throw new Error(`${folder} ${version} is already published (${dir}): versions are immutable`);
  const partial = `${dir}.partial-${process.pid}`;
  // The source maps hold the sources: never in the store, which browsers read.
  cpSync(buildDir, partial, { recursive: true, filter: (source) => !isSourceMap(source) });
  keepSourceMaps(folder, version, buildDir, store);
  renameSync(partial, dir);
  return { dir, manifestUrl };
}

const isSourceMap = (/** @type {string} */ file) => file.endsWith('.map');

/**
 * Copies a build's source maps (hidden-source-map: its files do not name them) to the store's
 * private folder, `<sourceMapsDir>/<folder>/<version>/`, where the api reads them to map the stacks
 * of errors pages report for that version (the Releases page). Replaces what a version had.
 * @param {string} folder
 * @param {string} version
 * @param {string} buildDir
 */
export function keepSourceMaps(folder, version, buildDir, store = releaseStoreFromEnv()) {
  const target = path.join(store.sourceMapsDir, folder, version);
  rmSync(target, { recursive: true, force: true });
  for (const file of readdirSync(buildDir, { recursive: true, encoding: 'utf8' }).filter(isSourceMap)) {
    const to = path.join(target, file);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(buildDir, file), to);
  }
  return target;
}

/** Every version folder in the store: [{ folder, version, manifestUrl }]. */
export function storedVersions(store = releaseStoreFromEnv()) {
  return Object.keys(REMOTES).flatMap((folder) => {
    const remoteDir = path.join(store.dir, folder);
    if (!existsSync(remoteDir)) return [];
    return readdirSync(remoteDir)
      .filter((version) => !version.includes('.partial-') && existsSync(path.join(remoteDir, version, 'mf-manifest.json')))
      .map((version) => ({ folder, version, ...storeLocation(folder, version, store) }));
  });
}

/**
 * An admin session with the api: signs in to Firebase with email and password (the auth emulator
 * under `npm start`) and exchanges the ID token for the api's access token, as the shell does.
 * RELEASE_ADMIN_EMAIL / RELEASE_ADMIN_PASSWORD name the account (default: the demo admin, with the emulator).
 */
export async function adminSession(env = process.env) {
  const ports = servicePorts(env);
  const apiUrl = (env.PUBLIC_API_URL || `http://localhost:${ports.api}`).replace(/\/+$/, '');
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || (env.FIREBASE_API_KEY ? '' : `127.0.0.1:${ports.authEmulator}`);
  const demoAdmin = demoAccounts.find((account) => account.role === 'admin');
  const email = env.RELEASE_ADMIN_EMAIL || (emulatorHost ? demoAdmin?.email : '');
  const password = env.RELEASE_ADMIN_PASSWORD || (emulatorHost ? demoAdmin?.password : '');
  if (!email || !password) throw new Error('Set RELEASE_ADMIN_EMAIL and RELEASE_ADMIN_PASSWORD (an admin account of the shop)');
  const identityBase = emulatorHost ? `http://${emulatorHost}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';
  const signIn = await fetch(`${identityBase}/v1/accounts:signInWithPassword?key=${env.FIREBASE_API_KEY || 'demo-api-key'}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const identity = await signIn.json();
  if (!signIn.ok) throw new Error(`Could not sign in as ${email}: ${identity.error?.message ?? signIn.status}`);
  const exchange = await callApi(apiUrl, 'PUT', `/user/${encodeURIComponent(email)}`, identity.idToken, { email });
  const token = exchange.body.token;
  return {
    /**
     * Calls the api as this admin: { status, body }.
     * @param {string} method
     * @param {string} pathname
     * @param {object} [body]
     */
    call: (method, pathname, body) => callApi(apiUrl, method, pathname, token, body),
  };
}

/**
 * @typedef {{ status: number, body: any }} ApiAnswer the api's status and JSON body (null for a 204)
 */

/**
 * @param {string} apiUrl
 * @param {string} method
 * @param {string} pathname
 * @param {string} token
 * @param {object} [body]
 * @returns {Promise<ApiAnswer>}
 */
async function callApi(apiUrl, method, pathname, token, body) {
  const response = await fetch(`${apiUrl}${pathname}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = { status: response.status, body: response.status === 204 ? null : await response.json() };
  if (!response.ok && response.status !== 409) throw new Error(`${method} ${pathname}: ${answer.body?.message ?? response.status}`);
  return answer;
}

/**
 * Builds one remote (or takes `fromBuild`, a build made and tested earlier), stores it and registers
 * it, not live yet. Answers { remote, version, manifestUrl }.
 * @param {string} name
 * @param {{ sourceDir?: string, fromBuild?: string, env?: NodeJS.ProcessEnv, log?: (message: string) => void }} [options]
 */
export async function releaseRemote(name, { sourceDir, fromBuild, env = process.env, log = console.log } = {}) {
  const folder = remoteFolder(name);
  const session = await adminSession(env);
  const buildDir = fromBuild ?? (await buildRemote(folder, { sourceDir, log }));
  try {
    const version = versionOf(folder, buildDir, { sourceDir });
    const store = releaseStoreFromEnv(env);
    const { dir, manifestUrl } = copyIntoStore(folder, version, buildDir, store);
    /** @type {Partial<ApiAnswer> & { error?: unknown }} */
    const registered = await session.call('POST', `/releases/${REMOTES[folder]}`, { version, manifestUrl }).catch((error) => ({ error }));
    if (registered.error || registered.status !== 201) {
      // Not in the registry: take the files out again, so the same release can be retried.
      rmSync(dir, { recursive: true, force: true });
      throw registered.error ?? new Error(registered.body?.message);
    }
    log(`Published ${folder} ${version}\n  ${manifestUrl}\nMake it live from the admin console (Releases) or: npm run promote -- ${folder} ${version}`);
    return { remote: REMOTES[folder], version, manifestUrl };
  } finally {
    if (!fromBuild) rmSync(buildDir, { recursive: true, force: true });
  }
}

/**
 * Makes a published version live; answers the remote's releases as the api returns them.
 * @param {string} name
 * @param {string} version
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 */
export async function promoteRemote(name, version, { env = process.env } = {}) {
  const folder = remoteFolder(name);
  const session = await adminSession(env);
  const answer = await session.call('POST', `/releases/${REMOTES[folder]}/promote`, { version });
  if (answer.status !== 200) throw new Error(answer.body.message);
  return answer.body;
}

/**
 * At `npm start`: registers each remote's own dist (served on its port) as `<version>+local` and
 * every version found in the store (the in-memory database forgets them at each restart), then
 * makes `+local` live for any remote with nothing live. Known versions are left as they are.
 * @param {{ env: NodeJS.ProcessEnv, ports: ReturnType<typeof import('../../contracts/src/service-config.cjs').servicePorts> }} options
 */
export async function registerLocalReleases({ env, ports }) {
  const session = await adminSession(env);
  /** @type {Record<string, number>} */
  const portOf = { 'mf-shop': ports.shop, 'mf-dashboard': ports.dashboard, 'mf-admin': ports.admin };
  const local = Object.keys(REMOTES).map((folder) => {
    const { version } = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
    return { folder, version: `${version}+local`, manifestUrl: `http://localhost:${portOf[folder]}/mf-manifest.json` };
  });
  // The local builds' maps, as of this start (a rebuild keeps the +local version's name).
  for (const { folder, version } of local) if (existsSync(path.join(root, folder, 'dist'))) keepSourceMaps(folder, version, path.join(root, folder, 'dist'), releaseStoreFromEnv(env));
  for (const { folder, version, manifestUrl } of [...local, ...storedVersions(releaseStoreFromEnv(env))]) {
    // 409: already registered (a database that outlived the last start).
    await session.call('POST', `/releases/${REMOTES[folder]}`, { version, manifestUrl });
  }
  const { body: overview } = await session.call('GET', '/releases');
  for (const { folder, version } of local) {
    if (overview.find((/** @type {{ remote: string, live: string | null }} */ entry) => entry.remote === REMOTES[folder])?.live) continue;
    const answer = await session.call('POST', `/releases/${REMOTES[folder]}/promote`, { version });
    if (answer.status !== 200) throw new Error(answer.body.message);
  }
}

/**
 * Serves a published version to `percent` % of the browsers (their cohorts), or raises the share of
 * its rollout; at 100 it becomes live. Or, given `{stages, stageMinutes}`, starts a staged rollout
 * that rises through the stages by itself. Answers the remote's releases as the api returns them.
 * @param {string} name
 * @param {string} version
 * @param {number | { stages: number[], stageMinutes?: number }} share
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 */
export async function rollOutRemote(name, version, share, { env = process.env } = {}) {
  const folder = remoteFolder(name);
  const session = await adminSession(env);
  const body = typeof share === 'number' ? { version, percent: share } : { version, ...share };
  const answer = await session.call('POST', `/releases/${REMOTES[folder]}/rollout`, body);
  if (answer.status !== 200) throw new Error(answer.body.message);
  return answer.body;
}

/**
 * What the Releases page's Abort and Roll back do: ends the rollout under way (everyone gets the
 * live version again), or, when none runs, makes the previous live version live again.
 * @param {string} name
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<{ action: 'aborted' | 'rolledBack', releases: any }>}
 */
export async function rollBackRemote(name, { env = process.env } = {}) {
  const folder = remoteFolder(name);
  const session = await adminSession(env);
  const { body: overview } = await session.call('GET', '/releases');
  const current = overview.find((/** @type {{ remote: string }} */ entry) => entry.remote === REMOTES[folder]);
  const action = current?.rollout ? 'aborted' : 'rolledBack';
  const answer = await session.call('POST', `/releases/${REMOTES[folder]}/${current?.rollout ? 'rollout/abort' : 'rollback'}`);
  if (answer.status !== 200) throw new Error(answer.body.message);
  return { action, releases: answer.body };
}
