import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@pcpp/contracts/router';
import { VisuallyHidden } from '@pcpp/contracts/ui';

/** How long a page may take to show its heading (a part's page waits for the part). */
const HEADING_WAIT_MS = 5_000;

/**
 * After a navigation inside the app (not the first load, where the browser does this itself), moves
 * focus to the new page's main heading, and announces the page's title, once the page shows them.
 * Screen readers would otherwise stay on the link that was pressed and say nothing.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  /** The title of the page shown before this navigation (null on the first load). */
  const shownTitle = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (shownTitle.current === null) {
      shownTitle.current = document.title;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const previousTitle = shownTitle.current;
    let done = false;
    let announceTimer: ReturnType<typeof setTimeout> | undefined;
    const titleObserver = new MutationObserver(() => announce());
    const announce = () => {
      titleObserver.disconnect();
      clearTimeout(announceTimer);
      shownTitle.current = document.title;
      setAnnouncement(document.title);
    };
    const arrive = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (done || !heading) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      // The page sets its title in an effect of the render that showed its heading: once it has (or
      // after a second, if the new page kept the old title), it is announced.
      if (document.title !== previousTitle) {
        announce();
      } else {
        titleObserver.observe(document.head, { childList: true, subtree: true, characterData: true });
        announceTimer = setTimeout(announce, 1000);
      }
    };
    const observer = new MutationObserver(arrive);
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => {
      done = true;
      observer.disconnect();
    }, HEADING_WAIT_MS);
    arrive();
    return () => {
      done = true;
      observer.disconnect();
      titleObserver.disconnect();
      clearTimeout(timer);
      clearTimeout(announceTimer);
    };
  }, [pathname]);

  return (
    <VisuallyHidden as="p" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </VisuallyHidden>
  );
}
