import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@pcpp/contracts/router';
import type { ActivityEntry } from '@pcpp/contracts/core';
import { productAdminText } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testObjectId, testPart } from '@pcpp/contracts/testing';
import { ActivityPage } from './activity-page';

const at = '2026-11-20T10:00:00.000Z';
const entries: ActivityEntry[] = [
  {
    _id: testObjectId(1),
    action: 'product.edited',
    actor: 'admin@pcparts.dev',
    target: 'Quiet Tower Cooler',
    details: 'bulk change',
    changes: [{ field: 'price', from: '$49.99', to: '$44.50' }],
    subject: { kind: 'product', id: testObjectId(9), exists: true },
    canPutBack: true,
    at,
  },
  { _id: testObjectId(2), action: 'product.deleted', actor: 'sam@example.com', target: 'Old Fan', subject: { kind: 'product', id: testObjectId(8), exists: false }, at },
  {
    _id: testObjectId(3),
    action: 'order.status',
    actor: 'sam@example.com',
    target: 'PCP-7K3Q9D',
    details: 'shipped with UPS 1Z999',
    subject: { kind: 'order', id: testObjectId(7), exists: true },
    at,
  },
  { _id: testObjectId(4), action: 'user.demoted', actor: 'admin@pcparts.dev', target: 'sam@example.com', subject: { kind: 'user', id: 'sam@example.com', exists: true }, at },
  {
    _id: testObjectId(5),
    action: 'order.return',
    actor: 'admin@pcparts.dev',
    target: 'PCP-7K3Q9D',
    details: 'return approved: Use the enclosed label.',
    subject: { kind: 'order', id: testObjectId(7), exists: true },
    at,
  },
  {
    _id: testObjectId(6),
    action: 'product.edited',
    actor: 'admin@pcparts.dev',
    target: 'Fast NVMe Drive',
    changes: [{ field: 'stock', from: '30', to: '12' }],
    subject: { kind: 'product', id: testObjectId(10), exists: true },
    putBack: { by: 'sam@example.com', at },
    at,
  },
];
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /activity': () => ({ body: { items: entries, total: entries.length, page: 1, pages: 1 } }),
    [`POST /tools/${testObjectId(9)}/put-back`]: () => ({ body: testPart(9, { name: 'Quiet Tower Cooler', price: 4999, version: 2 }) }),
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

const renderPage = (entry = '/dashboard/activity') =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[entry]}>
      <ActivityPage />
    </MemoryRouter>,
  );

it('names things as people know them, links to what still exists, and lists what an edit changed', async () => {
  renderPage();
  const log = await screen.findByRole('table', { name: 'Admin actions' });
  const [edited, deleted, shipped, demoted, returned] = within(log).getAllByRole('row').slice(1);
  expect(edited).toHaveTextContent('edited the product Quiet Tower Cooler (bulk change)');
  expect(within(edited!).getByRole('link', { name: 'Quiet Tower Cooler' })).toHaveAttribute('href', `/products/${testObjectId(9)}`);
  expect(within(edited!).getByRole('list', { name: 'What changed' })).toHaveTextContent('price: $49.99 → $44.50');
  expect(deleted).toHaveTextContent('deleted the product Old Fan');
  expect(within(deleted!).queryByRole('link', { name: 'Old Fan' })).not.toBeInTheDocument();
  expect(shipped).toHaveTextContent('set the order PCP-7K3Q9D to shipped with UPS 1Z999');
  // An order links to its own page.
  expect(within(shipped!).getByRole('link', { name: 'PCP-7K3Q9D' })).toHaveAttribute('href', '/dashboard/allOrder/PCP-7K3Q9D');
  expect(returned).toHaveTextContent('handled a return of the order PCP-7K3Q9D: return approved: Use the enclosed label.');
  expect(demoted).toHaveTextContent('made sam@example.com a customer again');
  expect(within(demoted!).getByRole('link', { name: 'sam@example.com' })).toHaveAttribute('href', '/dashboard/makeadmin?q=sam%40example.com');
});

it('filters by kind and by admin, in the address', async () => {
  renderPage('/dashboard/activity?kind=order');
  await screen.findByRole('table', { name: 'Admin actions' });
  expect(screen.getByLabelText('Kind')).toHaveValue('order');
  expect(new URL(api.requests[0]!.url, 'http://api').searchParams.get('kind')).toBe('order');
  fireEvent.change(screen.getByLabelText('Admin'), { target: { value: 'sam@' } });
  await waitFor(() => expect(new URL(api.requests.at(-1)!.url, 'http://api').searchParams.get('actor')).toBe('sam@'));
  expect(new URL(api.requests.at(-1)!.url, 'http://api').searchParams.get('kind')).toBe('order');
  fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'product' } });
  await waitFor(() => expect(Object.fromEntries(new URL(api.requests.at(-1)!.url, 'http://api').searchParams)).toEqual({ page: '1', limit: '20', kind: 'product', actor: 'sam@' }));
});

it('puts an edit back after asking, naming each field going back, and says when one was put back already', async () => {
  renderPage();
  const log = await screen.findByRole('table', { name: 'Admin actions' });
  const rows = within(log).getAllByRole('row').slice(1);
  const putBackNote = rows.at(-1)!;
  expect(putBackNote).toHaveTextContent(/Put back by sam@example.com on Nov 2[01], 2026, \d+:00 [AP]M./);
  expect(within(putBackNote).queryByRole('button', { name: /Put back/ })).toBeNull();
  fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Put back: Quiet Tower Cooler' }));
  const dialog = screen.getByRole('dialog', { name: productAdminText.putBackTitle('Quiet Tower Cooler') });
  expect(within(dialog).getByRole('list', { name: 'What goes back' })).toHaveTextContent('price: $44.50 → $49.99');
  expect(api.requests.some((r) => r.url.includes('put-back'))).toBe(false);
  fireEvent.click(within(dialog).getByRole('button', { name: productAdminText.putBack }));
  await waitFor(() => expect(api.requests.find((r) => r.url.includes('put-back'))?.body).toEqual({ activityId: testObjectId(1) }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});
