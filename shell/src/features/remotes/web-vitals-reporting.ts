import type { VitalsContext } from './measure-vitals';

/** Whether this page load measures its vitals: `rate` (0–1) of the page loads do. */
export const sampled = (rate: number, random: () => number = Math.random): boolean => rate > 0 && random() < rate;

/**
 * For `rate` of the page loads, measures the page's LCP, INP and CLS with the `web-vitals` library
 * and sends them, per remote version, once the page is hidden (measure-vitals.ts). Off the critical
 * path: the library and the code that reads it are a chunk of their own, fetched after the page's
 * first paint once the main thread is idle, so the shell's first load neither carries nor waits for them.
 */
export function startWebVitals(rate: number, context: VitalsContext): void {
  if (!sampled(rate)) return;
  const start = () => {
    import(/* webpackChunkName: "web-vitals" */ './measure-vitals')
      .then(({ measureVitals }) => measureVitals(context))
      .catch((error: unknown) => console.warn('Web Vitals are not measured on this page', error));
  };
  // Once the page has loaded and painted, when the main thread is idle.
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 2_000 }) : setTimeout(start, 0));
  const painted = () => requestAnimationFrame(() => setTimeout(idle, 0));
  if (document.readyState === 'complete') painted();
  else window.addEventListener('load', painted, { once: true });
}
