// `node tooling/chromium/unpack-bundled-chromium.mjs`: unpacks the bundled Chromium now rather than
// at the first browser test (tooling/chromium-launch-options.cjs does it then by itself).
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { ensureBundledChromium } = require('./bundled-chromium.cjs');

const started = Date.now();
const executablePath = ensureBundledChromium();
console.log(`bundled Chromium at ${path.relative(process.cwd(), executablePath)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
