import { createVitalsCollector, type PageOwner, type PageVitals } from './vitals';

/**
 * Measures the page's LCP, INP and CLS with the `web-vitals` library and sends them, per remote
 * version, once the page is hidden. Off the critical path: the library is its own chunk, fetched
 * after the page's first paint and once the main thread is idle, so the shell's first load neither
 * carries nor waits for it (its observers read the paints and inputs buffered meanwhile).
 */
export function startWebVitals({
  ownerNow,
  send,
}: {
  ownerNow: () => PageOwner | undefined;
  send: (owner: PageOwner, vitals: PageVitals) => boolean;
}): void {
  const collector = createVitalsCollector({ ownerNow, send });
  const start = async () => {
    const { onCLS, onINP, onLCP } = await import(/* webpackChunkName: "web-vitals" */ 'web-vitals');
    const options = { reportAllChanges: true };
    onLCP((metric) => collector.record('LCP', metric.value, metric.delta), options);
    onINP((metric) => collector.record('INP', metric.value, metric.delta), options);
    onCLS((metric) => collector.record('CLS', metric.value, metric.delta), options);
    // After web-vitals' own listeners, so its last values are in when the beacon goes.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') collector.flush();
    });
    window.addEventListener('pagehide', () => collector.flush());
  };
  afterFirstPaint(() => void start().catch((error: unknown) => console.warn('Web Vitals are not measured on this page', error)));
}

/** Runs `task` once the page has loaded and painted, when the main thread is idle. */
function afterFirstPaint(task: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => task(), { timeout: 2_000 }) : setTimeout(task, 0));
  const painted = () => requestAnimationFrame(() => setTimeout(idle, 0));
  if (document.readyState === 'complete') painted();
  else window.addEventListener('load', painted, { once: true });
}
