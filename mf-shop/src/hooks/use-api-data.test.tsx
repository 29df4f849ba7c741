import { act, renderHook } from '@testing-library/react';
import { ApiError } from '@pcpp/contracts';
import { FAILURE_GRACE_MS, type Loader, useApiData } from './use-api-data';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A loader whose calls the test settles by hand. */
function controlledLoader() {
  const calls: { key: string; signal: AbortSignal; resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const load: Loader<string> = (key, signal) =>
    new Promise((resolve, reject) => {
      calls.push({ key, signal, resolve, reject });
    });
  return { load, calls };
}

const flush = () => act(async () => {});

it('is loading until the data arrives', async () => {
  const { load, calls } = controlledLoader();
  const { result } = renderHook(() => useApiData('parts', load));
  expect(result.current.status).toBe('loading');
  calls[0]!.resolve('six parts');
  await flush();
  expect(result.current).toMatchObject({ status: 'success', data: 'six parts' });
});

it('keeps the spinner for a moment after a failure, then says why', async () => {
  const { load, calls } = controlledLoader();
  const { result } = renderHook(() => useApiData('parts', load));
  calls[0]!.reject(new ApiError('Cannot reach the server. Check your connection and try again.', null));
  await flush();
  act(() => jest.advanceTimersByTime(FAILURE_GRACE_MS - 1));
  expect(result.current.status).toBe('loading');
  act(() => jest.advanceTimersByTime(1));
  expect(result.current).toMatchObject({
    status: 'error',
    message: 'Cannot reach the server. Check your connection and try again.',
  });
});

it('retry loads again and shows the new answer', async () => {
  const { load, calls } = controlledLoader();
  const { result } = renderHook(() => useApiData('parts', load, 0));
  calls[0]!.reject(new Error('boom'));
  await flush();
  act(() => jest.runOnlyPendingTimers());
  expect(result.current.status).toBe('error');

  act(() => result.current.retry());
  expect(result.current.status).toBe('loading');
  expect(calls).toHaveLength(2);
  calls[1]!.resolve('back');
  await flush();
  expect(result.current).toMatchObject({ status: 'success', data: 'back' });
});

it('a new key aborts the old request and never shows its late answer', async () => {
  const { load, calls } = controlledLoader();
  const { result, rerender } = renderHook(({ key }) => useApiData(key, load), { initialProps: { key: 'page=1' } });
  rerender({ key: 'page=2' });
  expect(calls.map((call) => call.key)).toEqual(['page=1', 'page=2']);
  expect(calls[0]!.signal.aborted).toBe(true);
  expect(result.current.status).toBe('loading');

  calls[0]!.resolve('stale page one');
  await flush();
  expect(result.current.status).toBe('loading');
  calls[1]!.resolve('page two');
  await flush();
  expect(result.current).toMatchObject({ status: 'success', data: 'page two' });
});

it('drops a pending failure when unmounted', async () => {
  const { load, calls } = controlledLoader();
  const { unmount } = renderHook(() => useApiData('parts', load));
  unmount();
  expect(calls[0]!.signal.aborted).toBe(true);
  const timersBefore = jest.getTimerCount();
  calls[0]!.reject(new Error('late'));
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  // No grace timer was started for an answer nobody waits for.
  expect(jest.getTimerCount()).toBe(timersBefore);
});
