/**
 * React reports an error thrown in an event handler with `reportError` (react-dom keeps a reference
 * to it when it loads). The window's `error` event it fires is useless for a remote: a remote's
 * files come from another origin without CORS, so the browser hides the error ("Script error.").
 * Wrapped here, before react-dom loads (index.ts), the shell sees the error itself, stack included,
 * and passes it on unchanged. (A remote's handler runs only once the remotes are registered, which
 * is when the runtime error reports start to listen.)
 */
let listener: ((error: unknown) => void) | undefined;

export function tapReportError(target: { reportError?: (error: unknown) => void } = globalThis): void {
  const original = target.reportError;
  if (typeof original !== 'function') return;
  target.reportError = function reportError(error: unknown) {
    listener?.(error);
    original.call(this, error);
  };
}

/** Hears every error reported from now on. */
export function onReportedError(heard: (error: unknown) => void): void {
  listener = heard;
}
