import { chromium } from '@playwright/test';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { chromiumLaunchOptions } = require('/work/wt-ssr/tooling/chromium-launch-options.cjs');
const browser = await chromium.launch(chromiumLaunchOptions());
for (const cpu of [1, 4]) for (let i = 0; i < 2; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: process.env.NOJS !== '1' });
  await context.addInitScript(() => { globalThis.__lcp = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) __lcp.push([Math.round(e.startTime), Math.round(e.renderTime), Math.round(e.loadTime), e.element?.tagName]); }).observe({ type: 'largest-contentful-paint', buffered: true }); });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable'); await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.goto('http://localhost:5000/', { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const hero = performance.getEntriesByType('resource').find((r) => r.name.includes('16-gb-triple'));
    const paints = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]));
    const mark = performance.getEntriesByName('shell-script-start')[0];
    const main = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/main.js'));
    const long = performance.getEntriesByType('longtask?');
    return { responseStart: Math.round(nav.responseStart), responseEnd: Math.round(nav.responseEnd), domInteractive: Math.round(nav.domInteractive), dcl: Math.round(nav.domContentLoadedEventStart), load: Math.round(nav.loadEventStart),
      heroStart: Math.round(hero?.startTime), heroEnd: Math.round(hero?.responseEnd), mainEnd: Math.round(main?.responseEnd), paints, scriptStart: Math.round(mark?.startTime), lcp: __lcp, hydrated: document.documentElement.dataset.app };
  });
  console.log(cpu, JSON.stringify(t));
  await context.close();
}
await browser.close();
