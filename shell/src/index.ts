// Async boundary: shared modules (react, the contracts…) are negotiated before the app runs.
import('./bootstrap');
