// The Chromium that @sparticuz/chromium ships inside its npm package (the browser of machines
// without Debian's): where it is unpacked, and the fonts it draws with. It is unpacked on first use
// rather than by an install script, since this repository's .npmrc runs none (ignore-scripts).
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const repoRoot = path.join(__dirname, '../..');
const bundledChromiumDir = path.join(repoRoot, 'node_modules/.cache/bundled-chromium');

/** Fonts from npm for that browser (see fonts.conf): the machine may have none. */
const bundledFontsConfig = path.join(__dirname, 'fonts.conf');

/**
 * The unpacked binary, and the version file that says which @sparticuz/chromium it came from.
 * @param {string} [dir]
 */
function bundledChromiumPaths(dir = bundledChromiumDir) {
  return { executablePath: path.join(dir, 'chromium'), versionFile: path.join(dir, 'VERSION') };
}

/**
 * A regular file this process may run (a path hidden by a bind mount of /dev/null is not).
 * @param {string} file
 */
function isExecutableFile(file) {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} file */
function readText(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * The bundled binary, unpacked from the package's chromium.br (about 3 s, 200 MB) unless the same
 * version already is. Written aside and renamed, so a process that stops half way, or another one
 * unpacking at the same time, never leaves half a binary that looks whole.
 * @param {{ dir?: string, packageDir?: string }} [where] other places, for the tests
 * @returns {string} the executable, or throws saying how to get a browser
 */
function ensureBundledChromium({ dir = bundledChromiumDir, packageDir } = {}) {
  let source;
  let version;
  try {
    // The package's `exports` hides its package.json from require.resolve: go up from its entry.
    source = packageDir ?? path.join(path.dirname(require.resolve('@sparticuz/chromium')), '..');
    version = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8')).version;
  } catch {
    throw new Error('No Chromium: @sparticuz/chromium is not installed; run `npm install`, or set CHROMIUM_PATH');
  }
  const { executablePath, versionFile } = bundledChromiumPaths(dir);
  if (isExecutableFile(executablePath) && readText(versionFile) === version) return executablePath;

  fs.mkdirSync(dir, { recursive: true });
  const partial = `${executablePath}.partial-${process.pid}`;
  fs.writeFileSync(partial, zlib.brotliDecompressSync(fs.readFileSync(path.join(source, 'bin/chromium.br'))), { mode: 0o755 });
  fs.renameSync(partial, executablePath);
  fs.writeFileSync(versionFile, `${version}\n`);
  warnOfMissingLibraries(executablePath);
  return executablePath;
}

/**
 * It links a few of the machine's libraries (nss, nspr, expat): say which are missing rather than
 * letting the first browser test fail with a loader error.
 * @param {string} executablePath
 */
function warnOfMissingLibraries(executablePath) {
  try {
    const missing = execFileSync('ldd', [executablePath], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes('not found'))
      .map((line) => line.trim().split(' ')[0] ?? line);
    if (missing.length > 0) console.warn(`The bundled Chromium needs ${missing.join(', ')}, which this machine lacks (Debian: libnss3).`);
  } catch {
    // No ldd (not glibc): the first launch says what is wrong.
  }
}

module.exports = { bundledChromiumDir, bundledChromiumPaths, bundledFontsConfig, ensureBundledChromium, isExecutableFile };
