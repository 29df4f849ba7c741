import { onCLS, onINP, onLCP } from 'web-vitals';
import { api } from '@pcpp/contracts';
import { isShellPagePath, routeOwnerOf, type RemoteName } from '@pcpp/contracts/core';
import { createVitalsCollector, type PageOwner, type PageVitals } from './vitals';

/** What the vitals need of the page's remotes (remote-loader.ts). */
export interface VitalsContext {
  cohort: string;
  activeVersion: (remote: RemoteName) => string | undefined;
  /** Asks for this page load's id when it has none yet (a page the server rendered). */
  loadIdFor: (remote: RemoteName, version: string) => Promise<string | undefined>;
  loadId: () => string | undefined;
}

/**
 * Observes LCP, INP and CLS (web-vitals reads the paints and inputs buffered before it loaded),
 * attributes them to the remote version whose route the page shows, and sends each remote
 * version's once the page is hidden, by sendBeacon. Loaded lazily (web-vitals-reporting.ts).
 */
export function measureVitals({ cohort, activeVersion, loadIdFor, loadId }: VitalsContext): void {
  let askedLoadId = false;
  const ownerNow = (): PageOwner | undefined => {
    const { pathname } = window.location;
    if (isShellPagePath(pathname)) return undefined;
    const { remote } = routeOwnerOf(pathname);
    const version = activeVersion(remote);
    if (!version) return undefined;
    // A page the server rendered asks for its load id now (once), so the beacon at page hide has it.
    if (!askedLoadId) {
      askedLoadId = true;
      void loadIdFor(remote, version);
    }
    return { remote, version };
  };
  const send = ({ remote, version }: PageOwner, vitals: PageVitals): boolean => {
    const id = loadId();
    return id ? api.beacon('/remotes/vitals', { remote, version, loadId: id, cohort, ...vitals }) : false;
  };
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
