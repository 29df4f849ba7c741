// How Playwright starts Chromium here (it cannot download its own browsers on this network): the e2e
// tests and `npm run bench` read it from this one place. CHROMIUM_PATH picks a binary; otherwise
// Debian's Chromium where it is installed, else the one inside the @sparticuz/chromium package that
// `npm install` brings, unpacked on first use (tooling/chromium), which gets its fonts from npm too.
const path = require('node:path');
const { bundledChromiumPaths, bundledFontsConfig, ensureBundledChromium, isExecutableFile } = require('./chromium/bundled-chromium.cjs');
const { servicePorts } = require('./service-config.cjs');

const debianChromium = '/usr/bin/chromium';

/**
 * @param {NodeJS.ProcessEnv} [env]
 * @param {{ debianPath?: string, bundledDir?: string, packageDir?: string }} [where] other places, for the tests
 * @returns {{ executablePath: string, args: string[], env?: Record<string, string> }}
 */
function chromiumLaunchOptions(env = process.env, { debianPath = debianChromium, bundledDir, packageDir } = {}) {
  const executablePath = path.resolve(
    env.CHROMIUM_PATH || (isExecutableFile(debianPath) ? debianPath : ensureBundledChromium({ dir: bundledDir, packageDir })),
  );
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
      // Chromium refuses some ports outright (6000 is X11's, 6665-6669 IRC's…): the stack's, wherever
      // its *_PORT variables put them, stay reachable.
      `--explicitly-allowed-ports=${stackPortList(env)}`,
    ],
    // Playwright's `env` replaces the browser's environment, so it carries the rest along.
    ...(executablePath === path.resolve(bundled) ? { env: { ...definedOnly(env), FONTCONFIG_FILE: bundledFontsConfig } } : {}),
  };
}

/**
 * The stack's ports and the e2e tests' own (E2E_PORT_BASE and the two after it, and the admin's).
 * @param {NodeJS.ProcessEnv} env
 */
function stackPortList(env) {
  const e2eBase = Number(env.E2E_PORT_BASE || 3100);
  return [...new Set([...Object.values(servicePorts(env)), e2eBase, e2eBase + 1, e2eBase + 2, e2eBase + 3])].join(',');
}

/** @param {NodeJS.ProcessEnv} env */
function definedOnly(env) {
  /** @type {Record<string, string>} */
  const defined = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) defined[name] = value;
  return defined;
}

module.exports = { chromiumLaunchOptions };
