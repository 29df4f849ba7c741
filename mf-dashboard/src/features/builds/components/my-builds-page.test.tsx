import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@pcpp/contracts/router';
import { authStore } from '@pcpp/contracts';
import { type BuildSummary } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer, testObjectId, type TestAnswer } from '@pcpp/contracts/testing';
import { MyBuildsPage } from './my-builds-page';

const user = testCustomer;

function build(n: number, overrides: Partial<BuildSummary> = {}): BuildSummary {
  return {
    _id: testObjectId(n),
    name: `Build ${n}`,
    cpu: null,
    parts: { motherboard: testObjectId(100 + n) },
    partCount: 1,
    state: 'compatible',
    problems: 0,
    notes: 0,
    totalCents: 18_999,
    estimatedW: 50,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const page = (items: BuildSummary[], { total = items.length, pageNo = 1, pages = 1 } = {}) => ({
  body: { items, total, page: pageNo, pages, limit: 10 },
});

let answer: (url: string) => TestAnswer;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({ 'GET /builds': (request) => answer(request.url) });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  act(() => authStore.getState().signedIn(user, { token: 'token', expiresAt: null }));
});

const renderPage = () =>
  renderWithQueryClient(
    <MemoryRouter>
      <MyBuildsPage />
    </MemoryRouter>,
  );

it('lists the saved builds with their state now, their total, wattage and CPU, each linked to its page', async () => {
  answer = () =>
    page([
      build(1, { name: 'AM5 gaming', cpu: 'ryzen-7-7700x', partCount: 6, state: 'problems', problems: 2, notes: 1, totalCents: 164_994, estimatedW: 505 }),
      build(2, { name: 'Quiet office', state: 'notes', notes: 1 }),
    ]);
  renderPage();
  expect(screen.getByRole('status')).toHaveTextContent('Loading your builds…');
  const list = await screen.findByRole('list', { name: 'Your builds' });
  const [first, second] = within(list).getAllByRole('listitem');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My Builds: 2');
  expect(first).toHaveTextContent('Problems found (2 problems, 1 note)');
  expect(first).toHaveTextContent('$1,649.94');
  expect(first).toHaveTextContent('505 W');
  expect(within(first!).getByText('6 parts + AMD Ryzen 7 7700X', { selector: 'dd' })).toBeInTheDocument();
  expect(within(first!).getByRole('link', { name: 'AM5 gaming' })).toHaveAttribute('href', `/builder/${testObjectId(1)}`);
  expect(second).toHaveTextContent('Compatible, with notes (1 note)');
  expect(within(second!).getByText('1 part', { selector: 'dd' })).toBeInTheDocument();
  expect(api.requests.map((r) => [r.url, r.authorization])).toEqual([['/builds?mine=true&page=1&limit=10', 'Bearer token']]);
});

it('pages through more than one page of builds', async () => {
  answer = (url) => {
    const pageNo = Number(new URL(url, 'http://x').searchParams.get('page'));
    return page([build(pageNo, { name: `Build on page ${pageNo}` })], { total: 11, pageNo, pages: 2 });
  };
  renderPage();
  await screen.findByText('Build on page 1');
  expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Build on page 2');
  expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
});

it('a customer without builds is sent to the PC Builder', async () => {
  answer = () => page([]);
  renderPage();
  expect(await screen.findByText(/You have no saved builds yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open the PC Builder' })).toHaveAttribute('href', '/builder');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My Builds: 0');
});

it('a failed load (after its one automatic retry) says what and why, and Retry loads again', async () => {
  answer = () => ({ status: 503, body: { message: 'The database is not reachable.' } });
  renderPage();
  const alert = await screen.findByRole('alert');
  expect(api.requests).toHaveLength(2);
  expect(alert).toHaveTextContent('Your builds could not be loaded.');
  expect(alert).toHaveTextContent('The database is not reachable.');
  answer = () => page([build(3, { name: 'Back again' })]);
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(screen.getByRole('link', { name: 'Back again' })).toBeInTheDocument());
});
