/** @jest-environment node */
import { PassThrough } from 'node:stream';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createQueryClient } from './query-client';
import { usePageQuery } from './server-rendering';

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
