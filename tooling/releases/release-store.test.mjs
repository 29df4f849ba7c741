// The release store's files: versions named by their content, copied in once, listed back.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { copyIntoStore, remoteFolder, storedVersions, versionOf } from './release-store.mjs';

const temp = mkdtempSync(path.join(os.tmpdir(), 'pcpp-release-store-test-'));
after(() => rmSync(temp, { recursive: true, force: true }));
const store = { dir: path.join(temp, 'store'), sourceMapsDir: path.join(temp, 'store.source-maps'), publicUrl: 'http://releases.test' };

/**
 * A build folder as webpack writes a remote's.
 * @param {string} name
 * @param {string} entry
 */
function build(name, entry) {
  const dir = path.join(temp, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'mf_admin', shared: [] }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), entry);
  return dir;
}

test('remote names: the folder or the federation name, anything else refused', () => {
  assert.equal(remoteFolder('mf_admin'), 'mf-admin');
  assert.equal(remoteFolder('mf-shop'), 'mf-shop');
  assert.throws(() => remoteFolder('shell'), /Unknown remote "shell": one of mf-shop, mf-dashboard, mf-admin/);
});

test('a version is the package version plus the build content: same build, same version', () => {
  const { version } = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../mf-admin/package.json'), 'utf8'));
  const first = versionOf('mf-admin', build('a', 'var mf_admin = 1;'));
  assert.match(first, new RegExp(`^${version.replace(/\./g, '\\.')}\\+[0-9a-f]{8}$`));
  assert.equal(versionOf('mf-admin', build('b', 'var mf_admin = 1;')), first);
  assert.notEqual(versionOf('mf-admin', build('c', 'var mf_admin = 2;')), first);
  // A change to its server build alone (server/, beside the browser's) is a new version too.
  const withServer = build('f', 'var mf_admin = 1;');
  mkdirSync(path.join(withServer, 'server'));
  writeFileSync(path.join(withServer, 'server/remoteEntry.js'), 'module.exports = 1;');
  const served = versionOf('mf-admin', withServer);
  assert.notEqual(served, first);
  writeFileSync(path.join(withServer, 'server/remoteEntry.js'), 'module.exports = 2;');
  assert.notEqual(versionOf('mf-admin', withServer), served);
});

test('copies a build in once, refuses the same version again, and lists what the store holds', () => {
  const dir = build('d', 'var mf_admin = 4;');
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'server/remoteEntry.js'), 'module.exports = 4;');
  const { manifestUrl } = copyIntoStore('mf-admin', '1.0.0+d', dir, store);
  assert.equal(manifestUrl, 'http://releases.test/mf-admin/1.0.0+d/mf-manifest.json');
  assert.equal(readFileSync(path.join(store.dir, 'mf-admin/1.0.0+d/remoteEntry.js'), 'utf8'), 'var mf_admin = 4;');
  // The release carries the server build too.
  assert.equal(readFileSync(path.join(store.dir, 'mf-admin/1.0.0+d/server/remoteEntry.js'), 'utf8'), 'module.exports = 4;');

  writeFileSync(path.join(dir, 'remoteEntry.js'), 'var mf_admin = "changed";');
  assert.throws(() => copyIntoStore('mf-admin', '1.0.0+d', dir, store), /mf-admin 1\.0\.0\+d is already published .*: versions are immutable/);
  assert.equal(readFileSync(path.join(store.dir, 'mf-admin/1.0.0+d/remoteEntry.js'), 'utf8'), 'var mf_admin = 4;');

  assert.deepEqual(storedVersions(store), [
    { folder: 'mf-admin', version: '1.0.0+d', dir: path.join(store.dir, 'mf-admin/1.0.0+d'), manifestUrl },
  ]);
});

test("keeps a build's source maps out of the store, in its private folder, where the api reads them", () => {
  const dir = build('m', 'var mf_admin = 5;');
  writeFileSync(path.join(dir, 'remoteEntry.js.map'), '{"version":3}');
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'server/remoteEntry.js'), 'module.exports = 5;');
  writeFileSync(path.join(dir, 'server/remoteEntry.js.map'), '{"version":3,"file":"server"}');
  copyIntoStore('mf-admin', '1.0.0+m', dir, store);
  assert.equal(existsSync(path.join(store.dir, 'mf-admin/1.0.0+m/remoteEntry.js')), true);
  assert.equal(existsSync(path.join(store.dir, 'mf-admin/1.0.0+m/remoteEntry.js.map')), false);
  assert.equal(existsSync(path.join(store.dir, 'mf-admin/1.0.0+m/server/remoteEntry.js.map')), false);
  assert.equal(readFileSync(path.join(store.sourceMapsDir, 'mf-admin/1.0.0+m/remoteEntry.js.map'), 'utf8'), '{"version":3}');
  assert.equal(readFileSync(path.join(store.sourceMapsDir, 'mf-admin/1.0.0+m/server/remoteEntry.js.map'), 'utf8'), '{"version":3,"file":"server"}');
});

test('refuses a folder that is not a remote build', () => {
  const empty = path.join(temp, 'empty');
  mkdirSync(empty);
  assert.throws(() => copyIntoStore('mf-admin', '1.0.0+e', empty, store), /has no mf-manifest\.json/);
});
