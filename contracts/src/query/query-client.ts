import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-client';

/**
 * A failed read waits this long and tries once more before it says so: a blip never flashes an
 * error, and a real failure gets its message and a Retry button after about 1.5 s.
 */
export const RETRY_DELAY_MS = 1500;

/** Only failures that may pass on their own are retried: no answer, a timeout or a 5xx. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === null || error.status >= 500);
}

/**
 * The one QueryClient of a page: the shell's (or a remote's standalone host) makes it. The shell's
 * server makes one per rendered page (`server`): a failed read is not tried again there, the browser
 * reads it again instead.
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: server ? false : (failureCount, error) => failureCount < 1 && isTransient(error),
        retryDelay: RETRY_DELAY_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
