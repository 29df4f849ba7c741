/** @jest-environment node */
import { PassThrough } from 'node:stream';
import { QueryClientProvider, QueryObserver, dehydrate, hydrate, type DehydratedState } from '@tanstack/react-query';
import { Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createQueryClient } from './query-client';
import { datedAtPageLoad, usePageQuery } from './server-rendering';

/** Renders on the server until every section is ready, as the shell's server does; the HTML. */
function renderOnServer(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => (html += chunk.toString()));
    sink.on('end', () => resolve(html));
    const stream = renderToPipeableStream(element, { onAllReady: () => stream.pipe(sink), onShellError: reject });
  });
}

const later = <T,>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

function TwoReads({ slowFirst }: { slowFirst: boolean }) {
  const first = usePageQuery({ queryKey: ['first'], queryFn: () => later('one', slowFirst ? 30 : 5) });
  const second = usePageQuery({ queryKey: ['second'], queryFn: () => later('two', slowFirst ? 5 : 30) });
  const off = usePageQuery({ queryKey: ['off'], queryFn: () => later('never', 1), enabled: false });
  return <p>{first.isPending || second.isPending ? 'loading' : `${first.data} ${second.data} ${off.isPending ? 'off' : 'read'}`}</p>;
}

it.each([
  ['the first answers first', false, false],
  ['the second answers first', true, false],
  ['the first answered before the render', true, true],
])('renders a component with two page queries with both answers (%s)', async (_case, slowFirst, firstAnswered) => {
  const queryClient = createQueryClient({ server: true });
  // As a page's prefetch may have done.
  if (firstAnswered) await queryClient.prefetchQuery({ queryKey: ['first'], queryFn: () => 'one' });
  const html = await renderOnServer(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p>fallback</p>}>
        <TwoReads slowFirst={slowFirst} />
      </Suspense>
    </QueryClientProvider>,
  );
  expect(html).toContain('<p>one two off</p>');
  expect(queryClient.getQueryData(['second'])).toBe('two');
});

describe('datedAtPageLoad', () => {
  /** What a page's server dehydrated: one read answered at `answeredAt` (on the server's clock). */
  async function dehydratedOnServer(answeredAt: number) {
    const server = createQueryClient({ server: true });
    server.setQueryData(['part', 'p1'], { name: 'B550 board' }, { updatedAt: answeredAt });
    return dehydrate(server);
  }

  /** How many times the browser asks for the read while a page mounts it, `hydrated` ms after its load began. */
  async function readsOnMount(state: DehydratedState, pageLoadStart: number, hydratedAfterMs: number) {
    jest.useFakeTimers({ now: pageLoadStart + hydratedAfterMs, doNotFake: ['nextTick', 'setImmediate'] });
    try {
      const browser = createQueryClient();
      hydrate(browser, state);
      const queryFn = jest.fn(async () => ({ name: 'B550 board' }));
      const observer = new QueryObserver(browser, { queryKey: ['part', 'p1'], queryFn });
      const unsubscribe = observer.subscribe(() => {});
      await Promise.resolve();
      unsubscribe();
      return queryFn.mock.calls.length;
    } finally {
      jest.useRealTimers();
    }
  }

  const pageLoadStart = Date.parse('2026-11-28T12:00:00Z');

  it('keeps a cached page’s reads fresh however long ago the server rendered it, and a slow hydration asks nothing again', async () => {
    // Rendered 50 s before this load (the render cache served it, its answers checked current), hydrated 8 s later.
    const state = await dehydratedOnServer(pageLoadStart - 50_000);
    expect(await readsOnMount(state, pageLoadStart, 8_000)).toBe(1);
    expect(await readsOnMount(datedAtPageLoad(state, pageLoadStart), pageLoadStart, 8_000)).toBe(0);
  });

  it('does not trust the server’s clock: a server clock 40 s behind the browser’s changes nothing', async () => {
    const state = await dehydratedOnServer(pageLoadStart - 40_000);
    expect(await readsOnMount(datedAtPageLoad(state, pageLoadStart), pageLoadStart, 500)).toBe(0);
  });

  it('still asks again once the page has been open longer than the reads stay fresh', async () => {
    const state = await dehydratedOnServer(pageLoadStart);
    expect(await readsOnMount(datedAtPageLoad(state, pageLoadStart), pageLoadStart, 31_000)).toBe(1);
  });

  it('leaves a read that failed on the server as it was (the browser reads it)', async () => {
    const server = createQueryClient({ server: true });
    await server.prefetchQuery({ queryKey: ['part', 'p1'], queryFn: () => Promise.reject(new Error('down')) });
    const state = dehydrate(server, { shouldDehydrateQuery: () => true });
    expect(datedAtPageLoad(state, pageLoadStart).queries[0]!.state).toEqual(state.queries[0]!.state);
  });
});
