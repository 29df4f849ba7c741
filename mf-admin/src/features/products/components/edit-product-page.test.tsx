import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@pcpp/contracts/router';
import { adminText, partEditMessages, type Part } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testObjectId, type TestAnswer } from '@pcpp/contracts/testing';
import { EditProductPage } from './edit-product-page';

const id = testObjectId(7);
let stored: Part;
let patchAnswer: (body: Record<string, unknown>) => TestAnswer;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    [`GET /tools/${id}`]: () => ({ body: stored }),
    [`PATCH /tools/${id}`]: ({ body }) => patchAnswer(body as Record<string, unknown>),
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  stored = {
    _id: id,
    name: 'Quiet Tower Cooler',
    img: '/images/parts/cooler.svg',
    description: 'A quiet single-tower cooler.',
    category: 'CPU Cooler',
    price: 4_999,
    p_quantity: 40,
    min_quantity: 2,
    version: 3,
    createdAt: '2026-11-20T10:00:00.000Z',
  };
  patchAnswer = () => ({ body: { ...stored, version: stored.version + 1 } });
});

const renderPage = () =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/dashboard/manageproduct/${id}`]}>
      <Routes>
        <Route path="/dashboard/manageproduct/:id" element={<EditProductPage />} />
        <Route path="/dashboard/manageproduct" element={<h1>Manage Products</h1>} />
      </Routes>
    </MemoryRouter>,
  );
const patches = () => api.requests.filter((r) => r.method === 'PATCH').map((r) => r.body);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

it('fills the Add a Product form with the part as loaded, its photo included', async () => {
  renderPage();
  expect(await screen.findByLabelText('Product name')).toHaveValue('Quiet Tower Cooler');
  expect(screen.getByLabelText('Category')).toHaveValue('CPU Cooler');
  expect(screen.getByLabelText('Quantity')).toHaveValue(40);
  expect(screen.getByLabelText('Minimum order')).toHaveValue(2);
  expect(screen.getByLabelText('Per product price ($)')).toHaveValue('49.99');
  expect(screen.getByLabelText('Description')).toHaveValue('A quiet single-tower cooler.');
  expect(screen.getByRole('img', { name: 'The current photo' })).toHaveAttribute('src', expect.stringContaining('/images/parts/cooler.svg'));
  expect(document.title).toBe('Edit a Product — PC PART PICKER');
});

it('sends only what changed with the version loaded, the stock as {from, to}, then goes back to Manage Products', async () => {
  renderPage();
  fireEvent.change(await screen.findByLabelText('Per product price ($)'), { target: { value: '44.50' } });
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '55' } });
  save();
  expect(await screen.findByRole('heading', { name: 'Manage Products' })).toBeInTheDocument();
  expect(patches()).toEqual([{ version: 3, price: 4_450, p_quantity: { from: 40, to: 55 } }]);
});

it('says when nothing differs, and sends nothing', async () => {
  renderPage();
  await screen.findByLabelText('Product name');
  save();
  expect(await screen.findByRole('status')).toHaveTextContent(adminText.nothingChanged);
  expect(patches()).toEqual([]);
});

it('refuses a minimum above the stock, but lets a part be sold out whatever its minimum', async () => {
  renderPage();
  fireEvent.change(await screen.findByLabelText('Minimum order'), { target: { value: '41' } });
  save();
  expect(await screen.findByText('Minimum order must not be above the quantity')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '0' } });
  save();
  await waitFor(() => expect(patches()).toEqual([{ version: 3, min_quantity: 41, p_quantity: { from: 40, to: 0 } }]));
});

it('says a part changed meanwhile and reloads it on request, with the new values and version', async () => {
  renderPage();
  fireEvent.change(await screen.findByLabelText('Product name'), { target: { value: 'My rename' } });
  // Another admin saved it first.
  patchAnswer = () => ({ status: 409, body: { message: partEditMessages.changedMeanwhile } });
  stored = { ...stored, name: 'Their rename', price: 5_500, version: 4 };
  save();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(partEditMessages.changedMeanwhile);
  // The typed value stays until the admin chooses to reload.
  expect(screen.getByLabelText('Product name')).toHaveValue('My rename');
  fireEvent.click(screen.getByRole('button', { name: 'Reload the product (drops your changes here)' }));
  await waitFor(() => expect(screen.getByLabelText('Product name')).toHaveValue('Their rename'));
  expect(screen.getByLabelText('Per product price ($)')).toHaveValue('55.00');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Product name'), { target: { value: 'My rename' } });
  patchAnswer = (body) => ({ body: { ...stored, ...body, version: 5 } });
  save();
  await waitFor(() => expect(patches().at(-1)).toEqual({ version: 4, name: 'My rename' }));
});

it('fills the specs, sends them only when changed, and null when cleared', async () => {
  stored = { ...stored, specs: { sockets: ['AM5', 'LGA1700'], type: 'Air', heightMM: 155, ratedTdpW: 220 } };
  renderPage();
  const specs = await screen.findByRole('group', { name: 'CPU Cooler specs' });
  expect(within(specs).getByLabelText('Type')).toHaveValue('Air');
  expect(within(specs).getByLabelText('Height (mm)')).toHaveValue(155);
  expect(within(specs).getByRole('checkbox', { name: 'AM5' })).toBeChecked();
  expect(within(specs).getByRole('checkbox', { name: 'AM4' })).not.toBeChecked();
  // The price alone: the specs as loaded are not sent.
  fireEvent.change(screen.getByLabelText('Per product price ($)'), { target: { value: '45.00' } });
  fireEvent.change(within(specs).getByLabelText('Height (mm)'), { target: { value: '158' } });
  fireEvent.click(within(specs).getByRole('checkbox', { name: 'AM4' }));
  save();
  await waitFor(() =>
    expect(patches()).toEqual([
      { version: 3, price: 4_500, specs: { sockets: ['AM4', 'AM5', 'LGA1700'], type: 'Air', heightMM: 158, ratedTdpW: 220 } },
    ]),
  );
});

it('sends null for specs the admin cleared, and refuses a half-cleared set field by field', async () => {
  stored = { ...stored, specs: { sockets: ['AM5'], type: 'Air', heightMM: 155, ratedTdpW: 220 } };
  renderPage();
  const specs = await screen.findByRole('group', { name: 'CPU Cooler specs' });
  fireEvent.change(within(specs).getByLabelText('Height (mm)'), { target: { value: '' } });
  save();
  expect(await within(specs).findByText('height must be a whole number from 20 to 200')).toBeInTheDocument();
  fireEvent.click(within(specs).getByRole('checkbox', { name: 'AM5' }));
  fireEvent.change(within(specs).getByLabelText('Type'), { target: { value: '' } });
  fireEvent.change(within(specs).getByLabelText('Rated TDP (W)'), { target: { value: '' } });
  save();
  await waitFor(() => expect(patches()).toEqual([{ version: 3, specs: null }]));
});
