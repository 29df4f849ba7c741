// Releasing one remote: how long `npm run build -w mf-admin` takes, and proof that it rebuilt that
// remote alone (every file of the other three builds byte-identical before and after, its own rewritten).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spread } from './stats.mjs';

const OTHERS = ['shell', 'mf-shop', 'mf-dashboard'];

/**
 * file → sha256 of every file under dir.
 * @param {string} dir
 */
function hashTree(dir) {
  /** @type {Map<string, string>} */
  const hashes = new Map();
  const walk = (/** @type {string} */ current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else hashes.set(path.relative(dir, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
    }
  };
  walk(dir);
  return hashes;
}

const sameTree = (/** @type {Map<string, string>} */ a, /** @type {Map<string, string>} */ b) => a.size === b.size && [...a].every(([file, hash]) => b.get(file) === hash);

/** @param {{ root: string, remote?: string, runs?: number, log?: (line: string) => void }} options */
export function measureRemoteBuild({ root, remote = 'mf-admin', runs = 3, log }) {
  const before = Object.fromEntries(OTHERS.map((name) => [name, hashTree(path.join(root, name, 'dist'))]));
  const manifest = path.join(root, remote, 'dist', 'mf-manifest.json');
  /** @type {number[]} */
  const seconds = [];
  let rewritten = true;
  for (let run = 0; run < runs; run += 1) {
    // webpack leaves a file whose content did not change alone, so the proof is a file it must write again.
    rmSync(manifest, { force: true });
    const startedAt = Date.now();
    const build = spawnSync('npm', ['run', 'build', '-w', remote], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build -w ${remote} failed:\n${build.stdout}\n${build.stderr}`);
    seconds.push((Date.now() - startedAt) / 1000);
    rewritten &&= existsSync(manifest);
    log?.(`  build ${run + 1}: ${seconds[run]?.toFixed(1)} s`);
  }
  const untouched = Object.fromEntries(OTHERS.map((name) => [name, sameTree(/** @type {Map<string, string>} */ (before[name]), hashTree(path.join(root, name, 'dist')))]));
  return { remote, command: `npm run build -w ${remote}`, seconds: spread(seconds), rewritten, untouched };
}
