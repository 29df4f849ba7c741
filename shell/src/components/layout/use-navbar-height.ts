import { useEffect, type RefObject } from 'react';

/**
 * Keeps --navbar-height on the document at the navbar's current height (taller with the phone
 * menu open), so what floats at the top of the window (the toasts) starts below it.
 */
export function useNavbarHeight(navbar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = navbar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--navbar-height', `${element.getBoundingClientRect().height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--navbar-height');
    };
  }, [navbar]);
}
