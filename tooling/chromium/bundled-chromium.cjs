// Where `npm install` unpacks the Chromium that @sparticuz/chromium ships inside its npm package (the
// browser of machines without Debian's), and what it needs beside it.
const fs = require('node:fs');
const path = require('node:path');

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

module.exports = { bundledChromiumDir, bundledChromiumPaths, bundledFontsConfig, isExecutableFile };
