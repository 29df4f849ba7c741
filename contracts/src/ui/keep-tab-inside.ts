import type { KeyboardEvent } from 'react';

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href]';

/**
 * A dialog's or drawer's keydown: Tab and Shift+Tab cycle through what can take focus inside it, so
 * focus never leaves for the page it covers. `shownOnly`: skip elements the layout hides (a drawer
 * whose parts show at one width only).
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>, { shownOnly = false } = {}): void {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !shownOnly || element.offsetParent !== null);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
