import { tapReportError } from './features/remotes/report-error-tap';

// Marks when the page's first script runs: npm run bench compares it with the first paint.
performance.mark('shell-script-start');
// Before react-dom loads: the errors of a remote's event handlers reach the runtime error reports.
tapReportError();

/** The longest a server-rendered page waits for its pictures before it hydrates. */
const PAINT_FIRST_CAP_MS = 1_500;

// Async boundary: shared modules (react, the contracts…) are negotiated before the app runs.
const start = () => import('./bootstrap');

if (document.getElementById('root')?.hasAttribute('data-server-rendered')) {
  // The server's page is whole already: its pictures (the largest paint) load and paint first, and
  // only then does the heavy work of hydration start (it would hold the main thread for a few hundred
  // milliseconds on a slow phone, and the picture's paint with it). Links work meanwhile.
  let started = false;
  const afterNextPaint = () => {
    if (started) return;
    started = true;
    requestAnimationFrame(() => setTimeout(() => void start(), 0));
  };
  if (document.readyState === 'complete') afterNextPaint();
  else {
    window.addEventListener('load', afterNextPaint, { once: true });
    setTimeout(afterNextPaint, PAINT_FIRST_CAP_MS);
  }
} else {
  void start();
}
