import { useEffect, useRef } from 'react';
import { useLocation } from '@pcpp/contracts/router';

/**
 * A new page starts at its top, whichever remote renders it (the browser keeps the old position
 * otherwise). Not on the first load: the server's HTML may have been scrolled before scripts ran.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}
