// `npm install` (the root package's postinstall) unpacks the Chromium inside @sparticuz/chromium, so
// the browser tests and the bench have a browser where Debian's Chromium is absent. Debian's stays
// preferred where it exists (tooling/chromium-launch-options.cjs). Skipped when already unpacked.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';

const require = createRequire(import.meta.url);
const { bundledChromiumDir, bundledChromiumPaths, isExecutableFile } = require('./bundled-chromium.cjs');

/** The package's folder (its `exports` hides package.json from require.resolve). */
const packageDir = path.join(path.dirname(require.resolve('@sparticuz/chromium')), '..');
const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
const { executablePath, versionFile } = bundledChromiumPaths();

function unpackedVersion() {
  try {
    return readFileSync(versionFile, 'utf8').trim();
  } catch {
    return undefined;
  }
}

if (unpackedVersion() === version && isExecutableFile(executablePath)) {
  process.exit(0);
}

const started = Date.now();
rmSync(bundledChromiumDir, { recursive: true, force: true });
mkdirSync(bundledChromiumDir, { recursive: true });
// Written aside and renamed, so an interrupted install never leaves half a binary that looks whole.
const partial = `${executablePath}.partial`;
await pipeline(
  createReadStream(path.join(packageDir, 'bin/chromium.br')),
  createBrotliDecompress({ chunkSize: 2 ** 21 }),
  createWriteStream(partial, { mode: 0o755 }),
);
renameSync(partial, executablePath);
writeFileSync(versionFile, `${version}\n`);

// It links a few of the machine's libraries (nss, nspr, expat); say which are missing rather than
// letting the first browser test fail with a loader error.
/** @type {string[]} */
let missing = [];
try {
  missing = execFileSync('ldd', [executablePath], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('not found'))
    .map((line) => line.trim().split(' ')[0] ?? line);
} catch {
  // No ldd (not glibc): the first launch tells.
}
const where = path.relative(process.cwd(), executablePath);
if (missing.length > 0) {
  console.warn(`bundled Chromium ${version} unpacked to ${where}, but the machine lacks ${missing.join(', ')} (Debian: libnss3)`);
} else {
  console.log(`bundled Chromium ${version} unpacked to ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
