import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@pcpp/contracts/router';
import { formatCents, partEditMessages, type Part, type PartImportAnswer, productAdminText } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testPart } from '@pcpp/contracts/testing';
import { bulkChanges } from './bulk-change';
import { ManageProductsPage } from './manage-products-page';

let parts: Part[];
let importAnswer: (dryRun: boolean) => PartImportAnswer;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /tools': () => ({ body: { items: parts, total: parts.length, page: 1, pages: 1, facets: [] } }),
    'GET /stock-holds': () => ({ body: { holds: [] } }),
    // The second part was saved by someone else meanwhile: refused and named.
    'POST /tools/bulk': ({ body }) => {
      const { changes } = body as { changes: { id: string; price?: number; p_quantity?: { to: number } }[] };
      const [first, ...rest] = changes;
      const part = (id: string) => parts.find((candidate) => candidate._id === id)!;
      const before = part(first!.id);
      return {
        body: {
          updated: [{ ...before, price: first!.price ?? before.price, p_quantity: first!.p_quantity?.to ?? before.p_quantity, version: 2 }],
          refused: rest.map((change) => ({ _id: change.id, name: part(change.id).name, message: partEditMessages.changedMeanwhile })),
        },
      };
    },
    'POST /tools/import': ({ url }) => ({ body: importAnswer(new URL(url, 'http://api').searchParams.get('dryRun') === 'true') }),
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  parts = [testPart(1, { name: 'Quiet Tower Cooler', category: 'CPU Cooler', price: 4999, p_quantity: 3 }), testPart(2, { name: 'Fast NVMe Drive', category: 'Storage' })];
});

function Where() {
  const current = useLocation();
  return <output aria-label="Address">{`${current.pathname}${current.search}`}</output>;
}
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
const renderPage = (entry = '/dashboard/manageproduct') =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/dashboard/manageproduct" element={<ManageProductsPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
const toolReads = () => api.requests.filter((r) => r.url.startsWith('/tools?')).map((r) => Object.fromEntries(new URL(r.url, 'http://api').searchParams));

it('reads its search from the address and asks the api for exactly that', async () => {
  renderPage('/dashboard/manageproduct?q=cooler&category=CPU%20Cooler&stock=low&sort=price-asc&page=2');
  await screen.findByRole('row', { name: /Quiet Tower Cooler/ });
  expect(screen.getByLabelText('Search products')).toHaveValue('cooler');
  expect(screen.getByLabelText('Category')).toHaveValue('CPU Cooler');
  expect(screen.getByLabelText('Stock')).toHaveValue('low');
  expect(screen.getByLabelText('Sort')).toHaveValue('price-asc');
  expect(toolReads()[0]).toEqual({ page: '2', limit: '20', q: 'cooler', category: 'CPU Cooler', stock: 'low', sort: 'price-asc' });
});

it('puts a new filter in the address, back on page 1, and searches by best match while there is text', async () => {
  renderPage('/dashboard/manageproduct?page=3');
  await screen.findByRole('row', { name: /Quiet Tower Cooler/ });
  fireEvent.change(screen.getByLabelText('Stock'), { target: { value: 'sold-out' } });
  await waitFor(() => expect(address()).toBe('/dashboard/manageproduct?stock=sold-out'));
  fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'tower' } });
  fireEvent.keyDown(screen.getByLabelText('Search products'), { key: 'Enter' });
  await waitFor(() => expect(address()).toBe('/dashboard/manageproduct?stock=sold-out&q=tower'));
  await waitFor(() => expect(toolReads().at(-1)).toEqual({ page: '1', limit: '20', q: 'tower', stock: 'sold-out', sort: 'relevance' }));
  expect(screen.getByLabelText('Sort')).toHaveValue('relevance');
});

it('changes the price of the selected rows, each with its version, and names a row refused', async () => {
  renderPage();
  await screen.findByRole('row', { name: /Quiet Tower Cooler/ });
  fireEvent.click(screen.getByLabelText('Select all on this page'));
  const bar = screen.getByRole('group', { name: 'Change the selected products' });
  expect(bar).toHaveTextContent('2 selected');
  fireEvent.change(within(bar).getByLabelText('New price ($)'), { target: { value: '39.50' } });
  fireEvent.click(within(bar).getByRole('button', { name: 'Apply to 2' }));
  // First what will change, part by part: nothing is saved yet.
  const dialog = screen.getByRole('dialog', { name: productAdminText.bulkPreviewTitle(2) });
  expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Quiet Tower CoolerPrice $49.99 → $39.50',
    `Fast NVMe DrivePrice ${formatCents(parts[1]!.price)} → $39.50`,
  ]);
  expect(api.requests.find((r) => r.url === '/tools/bulk')).toBeUndefined();
  fireEvent.click(within(dialog).getByRole('button', { name: productAdminText.bulkSave(2) }));
  const result = await screen.findByRole('status', { name: 'Bulk change result' });
  expect(result).toHaveTextContent(productAdminText.bulkDone(1));
  expect(result).toHaveTextContent(productAdminText.bulkRefused(['Fast NVMe Drive']));
  expect(result).toHaveTextContent(`Fast NVMe Drive: ${partEditMessages.changedMeanwhile}`);
  expect(api.requests.find((r) => r.url === '/tools/bulk')?.body).toEqual({
    changes: [
      { id: parts[0]!._id, version: 1, price: 3950 },
      { id: parts[1]!._id, version: 1, price: 3950 },
    ],
  });
  // The selection is done with.
  expect(screen.queryByRole('group', { name: 'Change the selected products' })).toBeNull();
});

it('asks before saving, lists a part already at the value as no change and leaves it out, and Cancel saves nothing', async () => {
  renderPage();
  await screen.findByRole('row', { name: /Quiet Tower Cooler/ });
  fireEvent.click(screen.getByLabelText('Select all on this page'));
  const bar = screen.getByRole('group', { name: 'Change the selected products' });
  fireEvent.change(within(bar).getByLabelText('Change'), { target: { value: 'stock' } });
  fireEvent.change(within(bar).getByLabelText('New stock'), { target: { value: '3' } });
  fireEvent.click(within(bar).getByRole('button', { name: 'Apply to 2' }));
  const dialog = screen.getByRole('dialog', { name: productAdminText.bulkPreviewTitle(1) });
  expect(within(dialog).getByRole('list', { name: productAdminText.bulkPreviewList })).toHaveTextContent(
    `Quiet Tower CoolerStock 3 → 3 (${productAdminText.bulkUnchanged})Fast NVMe DriveStock 20 → 3`,
  );
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.requests.find((r) => r.url === '/tools/bulk')).toBeUndefined();
  // Asked again and saved: only the part that changes is sent.
  fireEvent.click(within(bar).getByRole('button', { name: 'Apply to 2' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: productAdminText.bulkSave(1) }));
  await screen.findByRole('status', { name: 'Bulk change result' });
  expect(api.requests.find((r) => r.url === '/tools/bulk')?.body).toEqual({ changes: [{ id: parts[1]!._id, version: 1, p_quantity: { from: 20, to: 3 } }] });
});

it('sends a stock change from the figure loaded, and refuses a value that is not a number before asking the api', () => {
  expect(bulkChanges(parts, 'stock', '12')).toEqual([
    { id: parts[0]!._id, version: 1, p_quantity: { from: 3, to: 12 } },
    { id: parts[1]!._id, version: 1, p_quantity: { from: 20, to: 12 } },
  ]);
  expect(bulkChanges(parts, 'stock', '-1')).toBe('Type the stock as a whole number, 0 or more');
  expect(bulkChanges(parts, 'price', '0')).toBe('Type a price in dollars, like 129.99');
  expect(bulkChanges(parts, 'price', 'abc')).toBe('Type a price in dollars, like 129.99');
});

it('checks a CSV file first, showing each bad row’s errors, then applies the valid rows', async () => {
  importAnswer = (dryRun) => ({
    dryRun,
    created: 1,
    updated: 0,
    errors: 1,
    rows: [
      { row: 2, action: 'create', name: 'New Drive', errors: [], changes: [] },
      { row: 3, action: 'error', name: 'Bad Drive', errors: [{ row: 3, column: 'price', message: productAdminText.importPrice }], changes: [] },
    ],
  });
  renderPage();
  await screen.findByRole('row', { name: /Quiet Tower Cooler/ });
  const csv = 'name,category,price\nNew Drive,Storage,10.00\nBad Drive,Storage,free\n';
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [new File([csv], 'supplier.csv', { type: 'text/csv' })] } });
  const check = screen.getByRole('button', { name: 'Check file' });
  await waitFor(() => expect(check).toBeEnabled());
  fireEvent.click(check);
  const dry = await screen.findByRole('status', { name: 'Import result' });
  expect(dry).toHaveTextContent('Checked 2 rows: 1 to create, 0 to update, 1 with errors. Nothing has changed yet.');
  expect(within(dry).getByRole('row', { name: /Row 3/ })).toHaveTextContent(`Row 3, price: ${productAdminText.importPrice}`);
  const sent = api.requests.find((r) => r.url === '/tools/import?dryRun=true');
  expect(sent).toMatchObject({ contentType: 'text/csv', body: csv });

  fireEvent.click(screen.getByRole('button', { name: 'Apply 1 valid row' }));
  await waitFor(() => expect(screen.getByRole('status', { name: 'Import result' })).toHaveTextContent(`${productAdminText.importApplied(1, 0)} 1 row was left out.`));
  expect(api.requests.filter((r) => r.url === '/tools/import?dryRun=false')).toHaveLength(1);
});

it('says of a part without the specs the build advisor reads that it is not used, and why', async () => {
  parts = [
    testPart(1, { name: 'Mystery Graphics Card', category: 'Video Card' }),
    testPart(2, { name: 'Fast NVMe Drive', category: 'Storage', specs: { interface: 'NVMe M.2', capacityGB: 2000 } }),
  ];
  renderPage();
  const card = await screen.findByRole('row', { name: /Mystery Graphics Card/ });
  expect(within(card).getByText('Not used by the build advisor: no chip')).toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /Fast NVMe Drive/ })).queryByText(/build advisor/)).toBeNull();
});
