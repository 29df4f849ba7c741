import { useEffect } from 'react';
import { useLocation } from '@pcpp/contracts/router';

/** A new page starts at its top, whichever remote renders it (the browser keeps the old position otherwise). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}
