import { onCLS, onINP, onLCP } from 'web-vitals';
import { createVitalsCollector, type PageOwner, type PageVitals } from './vitals';

/**
 * Observes LCP, INP and CLS (web-vitals reads the paints and inputs buffered before it loaded) and
 * sends each remote version's once the page is hidden. Loaded lazily (web-vitals-reporting.ts).
 */
export function measureVitals({ ownerNow, send }: { ownerNow: () => PageOwner | undefined; send: (owner: PageOwner, vitals: PageVitals) => boolean }): void {
  const collector = createVitalsCollector({ ownerNow, send });
  const options = { reportAllChanges: true };
  onLCP((metric) => collector.record('LCP', metric.value, metric.delta), options);
  onINP((metric) => collector.record('INP', metric.value, metric.delta), options);
  onCLS((metric) => collector.record('CLS', metric.value, metric.delta), options);
  // Added after web-vitals' own listeners, so its last values are in when the beacon goes.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') collector.flush();
  });
  window.addEventListener('pagehide', () => collector.flush());
}
