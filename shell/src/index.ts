// Marks when the page's first script runs: npm run bench compares it with the first paint.
performance.mark('shell-script-start');
// Async boundary: shared modules (react, the contracts…) are negotiated before the app runs. A page
// the server rendered is already whole: its scripts start after the browser has painted it.
const start = () => import('./bootstrap');
if (document.getElementById('root')?.hasAttribute('data-server-rendered')) requestAnimationFrame(() => setTimeout(start, 0));
else void start();
