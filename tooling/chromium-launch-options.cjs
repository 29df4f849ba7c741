// How Playwright starts Chromium here (it cannot download its own browsers on this network): the e2e
// tests and `npm run bench` read it from this one place. One browser wherever they run: the one inside
// the @sparticuz/chromium package that `npm install` brings, unpacked on first use (tooling/chromium),
// with its fonts from npm too, so every machine runs the suite in the same Chromium whatever else is
// installed. CHROMIUM_PATH picks another binary (e.g. Debian's /usr/bin/chromium).
const path = require('node:path');
const { bundledChromiumPaths, bundledFontsConfig, ensureBundledChromium } = require('./chromium/bundled-chromium.cjs');

/**
 * @param {NodeJS.ProcessEnv} [env]
 * @param {{ bundledDir?: string, packageDir?: string }} [where] other places, for the tests
 * @returns {{ executablePath: string, args: string[], env?: Record<string, string> }}
 */
function chromiumLaunchOptions(env = process.env, { bundledDir, packageDir } = {}) {
  const executablePath = path.resolve(env.CHROMIUM_PATH || ensureBundledChromium({ dir: bundledDir, packageDir }));
  const bundled = bundledChromiumPaths(bundledDir).executablePath;
  return {
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    // Playwright's `env` replaces the browser's environment, so it carries the rest along.
    ...(executablePath === path.resolve(bundled) ? { env: { ...definedOnly(env), FONTCONFIG_FILE: bundledFontsConfig } } : {}),
  };
}

/** @param {NodeJS.ProcessEnv} env */
function definedOnly(env) {
  /** @type {Record<string, string>} */
  const defined = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) defined[name] = value;
  return defined;
}

module.exports = { chromiumLaunchOptions };
