import { use } from 'react';
import {
  hashKey,
  isServer,
  useQuery,
  useQueryClient,
  type DehydratedState,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { PageHead } from '../seo';

/**
 * Server rendering (docs/architecture/server-rendering.md): the shell's server renders a public
 * page with the remote that owns it. The remote exposes this module next to `./routes` in its server
 * build; it knows its pages' reads and what their <head> says.
 */
export const SERVER_PAGE_MODULE = 'server';

export interface ServerPageRequest {
  pathname: string;
  /** '' or '?…' */
  search: string;
  /** The page's QueryClient: the reads go in it, the server renders from it and sends it dehydrated. */
  queryClient: QueryClient;
  /** The shop's own origin (canonical and shared URLs). */
  origin: string;
}

export interface ServerPage {
  /** The page's reads, started through the same query options the page renders with; settles when all have. */
  data: Promise<void>;
  /** The answer's status and the page's <head>, from what the reads have answered so far. */
  describe(): { status: number; head: PageHead };
}

export interface ServerPageModule {
  preparePage(request: ServerPageRequest): ServerPage;
}

/** What a server-rendered page carries for the browser, each in a `<script type="application/json">`. */
export const DEHYDRATED_STATE_ELEMENT_ID = 'query-state';

/**
 * Given as the digest of a section the server left to the browser (its data failed or came too late):
 * hydrateRoot then renders it in the browser on purpose, which is no hydration mismatch.
 */
export const LEFT_TO_BROWSER_DIGEST = 'pcpp:left-to-browser';

/** Thrown on the server for a section whose read failed: the section is rendered in the browser. */
export class SectionLeftToBrowser extends Error {
  constructor(readonly reason: unknown) {
    super(`a read failed on the server: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'SectionLeftToBrowser';
  }
}

const serverReads = new WeakMap<QueryClient, Map<string, Promise<{ error?: unknown }>>>();

/** One settled read per query and page: the render asks for it again each time it resumes. */
function serverRead<T, K extends QueryKey>(client: QueryClient, options: UseQueryOptions<T, Error, T, K>): Promise<{ error?: unknown }> {
  let reads = serverReads.get(client);
  if (!reads) {
    reads = new Map();
    serverReads.set(client, reads);
  }
  const key = hashKey(options.queryKey);
  let read = reads.get(key);
  if (!read) {
    read = client.fetchQuery(options).then(
      () => ({}),
      (error: unknown) => ({ error }),
    );
    reads.set(key, read);
  }
  return read;
}

/**
 * `useQuery` for what a public page shows. In the browser it is exactly useQuery. On the server, a
 * read still on its way suspends the nearest <Suspense>: the server sends that section's fallback
 * and streams the section when its data arrives. A failed read leaves the section to the browser,
 * which reads it again (the section's fallback is the same spinner its loading state shows).
 */
export function usePageQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>): UseQueryResult<T> {
  const client = useQueryClient();
  const result = useQuery(options);
  // Every enabled call waits on its read, answered or not: React pairs the promises of a component's
  // `use` calls by their order when it renders again, so a component with several page queries
  // must make the same calls each time (calling only for the pending ones mixed up their reads).
  if (isServer && options.enabled !== false) {
    const { error } = use(serverRead(client, options));
    if (error) throw new SectionLeftToBrowser(error);
  }
  return result;
}

/**
 * The page's reads as the browser hydrates them, dated at `pageLoadStart` (`performance.timeOrigin`:
 * when this browser asked for the page, on its own clock). The server vouches for them at the moment
 * it answered: a page it rendered then, or one from its render cache whose every api answer it had
 * just checked was current. Dated by the server's clock instead, a slow device (or one whose clock
 * runs ahead, or a cached page rendered a minute ago) would find them stale once hydrated and ask
 * the api again for what the HTML brought.
 */
export function datedAtPageLoad(state: DehydratedState, pageLoadStart: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'success' ? { ...query, state: { ...query.state, dataUpdatedAt: Math.floor(pageLoadStart) } } : query,
    ),
  };
}
