// Which Chromium the browser tests launch, and that the bundled one draws the pages' text in its own fonts.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium-launch-options.cjs';

const require = createRequire(import.meta.url);
const sparticuzVersion = JSON.parse(
  readFileSync(path.join(path.dirname(require.resolve('@sparticuz/chromium')), '../package.json'), 'utf8'),
).version;

function fakeExecutable() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'chromium-options-')), 'chromium');
  writeFileSync(file, '', { mode: 0o755 });
  return file;
}

test("CHROMIUM_PATH names the binary (Debian's, say), with the machine's own fonts", () => {
  const debianPath = fakeExecutable();
  const options = chromiumLaunchOptions({ CHROMIUM_PATH: debianPath });
  assert.equal(options.executablePath, debianPath);
  assert.equal(options.env, undefined);
  assert.ok(options.args.includes('--disable-background-networking'));
});

test('the @sparticuz/chromium binary by default, unpacked on first use, with the fonts from npm, even where Debian has one', () => {
  const bundledDir = mkdtempSync(path.join(tmpdir(), 'bundled-chromium-'));
  try {
    const options = chromiumLaunchOptions({ KEEP: 'me', GONE: undefined }, { bundledDir });
    assert.equal(options.executablePath, path.join(bundledDir, 'chromium'));
    assert.ok(statSync(options.executablePath).size > 100_000_000, 'the whole binary');
    assert.equal(readFileSync(path.join(bundledDir, 'VERSION'), 'utf8').trim(), sparticuzVersion);
    assert.deepEqual(readdirSync(bundledDir).sort(), ['VERSION', 'chromium'], 'no partial file left');
    assert.match(options.env?.FONTCONFIG_FILE ?? '', /tooling\/chromium\/fonts\.conf$/);
    assert.equal(options.env?.KEEP, 'me');
    assert.equal('GONE' in (options.env ?? {}), false);
    // Unpacked once: the next call takes the same file as it is.
    const unpackedAt = statSync(options.executablePath).mtimeMs;
    chromiumLaunchOptions({}, { bundledDir });
    assert.equal(statSync(options.executablePath).mtimeMs, unpackedAt);
  } finally {
    rmSync(bundledDir, { recursive: true, force: true });
  }
});

test('says how to get a browser when there is none', () => {
  const bundledDir = mkdtempSync(path.join(tmpdir(), 'no-bundled-chromium-'));
  assert.throws(
    () => chromiumLaunchOptions({}, { bundledDir, packageDir: '/nonexistent/package' }),
    /@sparticuz\/chromium is not installed; run `npm install`, or set CHROMIUM_PATH/,
  );
  rmSync(bundledDir, { recursive: true, force: true });
});

test('the bundled Chromium launches and renders the pages’ font stack in DejaVu Sans, at Debian’s metrics', async () => {
  const browser = await chromium.launch(chromiumLaunchOptions({ ...process.env, CHROMIUM_PATH: '' }));
  try {
    const page = await browser.newPage();
    await page.setContent(
      `<p><span id="text" style="white-space: nowrap; font: 20px system-ui, -apple-system, 'Segoe UI', Roboto, 'Liberation Sans', Arial, sans-serif">` +
        'PC PART PICKER — Motherboards → 1,234.00 § “quoted” ×</span></p>' +
        '<p><b id="bold" style="font-family: system-ui">Purchase Order Now</b></p><p id="mono" style="font-family: monospace">0123</p>',
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    /** @param {string} selector */
    const fontsOf = async (selector) => {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return fonts.map((font) => font.familyName);
    };
    assert.deepEqual(await fontsOf('#text'), ['DejaVu Sans']);
    assert.deepEqual(await fontsOf('#mono'), ['DejaVu Sans Mono']);
    assert.deepEqual(await fontsOf('#bold'), ['DejaVu Sans']);
    // The widths Debian's Chromium 156 gives the same text with its fonts-dejavu: the same layout.
    const width = (/** @type {string} */ selector) => page.locator(selector).evaluate((element) => element.getBoundingClientRect().width);
    assert.equal(await width('#text'), 586.40625);
    assert.equal(await width('#bold'), 185.046875);
  } finally {
    await browser.close();
  }
});
