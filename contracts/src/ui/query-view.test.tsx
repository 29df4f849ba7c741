/** @jest-environment jsdom */
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { apiClient } from '../api-client';
import { renderWithQueryClient, startApiTestServer, type TestAnswer } from '../testing';
import { QueryView } from './query-view';

// The one view of a query's states, over the real axios client and a real local HTTP api.

let answer: TestAnswer;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({ 'GET /things': () => answer });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

function Things({ framed }: { framed?: boolean }) {
  const things = useQuery({ queryKey: ['things'], queryFn: async () => (await apiClient.request<string[]>({ url: '/things' })).data });
  return (
    <QueryView
      query={things}
      loadingLabel="Loading the things…"
      failure="The things could not be loaded."
      isEmpty={(list) => list.length === 0}
      empty={() => <p>Nothing here yet.</p>}
      framed={framed}
    >
      {(list) => (
        <ul aria-label="Things">
          {list.map((thing) => (
            <li key={thing}>{thing}</li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

it('shows a spinner a screen reader announces, then the data', async () => {
  answer = { body: ['cpu', 'gpu'] };
  renderWithQueryClient(<Things />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading the things…');
  const list = await screen.findByRole('list', { name: 'Things' });
  expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['cpu', 'gpu']);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it('says what failed and why, and Retry asks again', async () => {
  answer = { status: 400, body: { message: 'limit must be at most 50' } };
  renderWithQueryClient(<Things />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The things could not be loaded.');
  expect(alert).toHaveTextContent('limit must be at most 50');
  expect(api.requests).toHaveLength(1);

  answer = { body: ['ram'] };
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('ram')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(api.requests).toHaveLength(2);
});

it('shows the empty note instead of an empty list', async () => {
  answer = { body: [] };
  renderWithQueryClient(<Things />);
  expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument();
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
});

it('framed, the failure is a card of its own whose Retry is the main action', async () => {
  answer = { status: 404, body: { message: 'Not found' } };
  renderWithQueryClient(<Things framed />);
  const alert = await screen.findByRole('alert');
  expect(getComputedStyle(alert).textAlign).toBe('center');
  expect(getComputedStyle(within(alert).getByRole('button', { name: 'Retry' })).color).toBe('rgb(255, 255, 255)');
});
