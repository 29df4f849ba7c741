// Lists each script a page loads with its compressed size, then those bytes by what they are made of
// (the build's source maps: script-attribution.cjs). A tool to see where the weight is: `node home-scripts.mjs /`
// (`--sources 30`: each group's 30 largest sources instead of 3).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { attributeScripts, distFolders } from './script-attribution.cjs';
import { startStack } from './stack.mjs';

const require = createRequire(import.meta.url);
const { servicePorts } = require('../../contracts/src/service-config.cjs');
const { chromiumLaunchOptions } = require('../chromium-launch-options.cjs');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ports = servicePorts();
const urls = { shell: `http://localhost:${ports.shell}`, api: `http://127.0.0.1:${ports.api}` };
const pagePath = process.argv[2] ?? '/';
const sourcesFlag = process.argv.indexOf('--sources');
const topSources = sourcesFlag > 0 ? Number(process.argv[sourcesFlag + 1]) : 3;

const stack = process.env.NO_STACK ? null : await startStack({ root, urls, env: {} });
try {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Map();
  const t0 = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId, type, request, timestamp }) => seen.set(requestId, { url: request.url, type, start: timestamp }));
  cdp.on('Network.responseReceived', ({ requestId, type }) => { const r = seen.get(requestId); if (r) r.type = type; });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => { const r = seen.get(requestId); if (r) { r.bytes = encodedDataLength; r.end = timestamp; } });
  await page.goto(`${urls.shell}${pagePath}`, { waitUntil: 'networkidle' });
  const all = [...seen.values()];
  const first = Math.min(...all.map((r) => r.start));
  let total = 0;
  for (const r of all.sort((a, b) => a.start - b.start)) {
    if (r.type === 'Script') total += r.bytes ?? 0;
    console.log(`${r.type.padEnd(10)} ${String(((r.bytes ?? 0) / 1000).toFixed(1)).padStart(7)} KB  ${String(Math.round((r.start - first) * 1000)).padStart(5)}-${String(Math.round(((r.end ?? r.start) - first) * 1000)).padStart(5)} ms  ${r.url}`);
  }
  console.log(`Script total ${(total / 1000).toFixed(1)} KB in ${Date.now() - t0} ms`);
  const scripts = all.filter((r) => r.type === 'Script').map((r) => ({ url: r.url, bytes: r.bytes ?? 0 }));
  for (const group of attributeScripts(scripts, distFolders(root, ports), topSources).groups) {
    console.log(`${(group.bytes / 1000).toFixed(1).padStart(6)} KB  ${group.group}: ${group.sources.map((s) => `${s.source} ${(s.bytes / 1000).toFixed(1)}`).join(', ')}`);
  }
  await browser.close();
} finally {
  await stack?.stop();
}
