import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from '@pcpp/contracts/router';
import { authStore } from '@pcpp/contracts';
import { alertMessages, type Part } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer, type TestAnswer } from '@pcpp/contracts/testing';
import { PartAlerts } from './part-alerts';

const id = '0123456789abcdef01234567';
const part: Part = {
  _id: id, name: 'RTX Test Card', img: '/images/parts/gpu.svg', description: 'A card.', category: 'Video Card',
  price: 35_000, p_quantity: 0, min_quantity: 1, version: 2,
};

let answer: TestAnswer;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({ 'POST /alerts': () => answer });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  answer = { status: 201, body: { _id: 'a'.repeat(24), productId: id, productName: part.name, kind: 'back-in-stock', createdAt: new Date().toISOString() } };
  act(() => authStore.getState().signedOut());
});

const renderFor = (shown: Part) => renderWithQueryClient(<MemoryRouter initialEntries={[`/products/${id}`]}><PartAlerts part={shown} /></MemoryRouter>);
const signIn = () => act(() => authStore.getState().signedIn(testCustomer, { token: 'token', expiresAt: null }));

it('asks a visitor to sign in, and sends nothing', () => {
  renderFor(part);
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  expect(screen.queryByRole('button', { name: 'Email me when it’s back' })).not.toBeInTheDocument();
  expect(api.requests).toHaveLength(0);
});

it("on a sold-out part, 'Email me when it’s back' posts a back-in-stock alert and says it is set", async () => {
  signIn();
  renderFor(part);
  fireEvent.click(screen.getByRole('button', { name: 'Email me when it’s back' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Done: we will email you once when it is back in stock.');
  expect(api.requests).toEqual([expect.objectContaining({ method: 'POST', url: '/alerts', body: { productId: id, kind: 'back-in-stock' } })]);
});

it('a price alert is sent in cents; a bad amount is refused before sending; the api’s sentence shows', async () => {
  signIn();
  renderFor({ ...part, p_quantity: 5 });
  expect(screen.queryByRole('button', { name: 'Email me when it’s back' })).not.toBeInTheDocument();
  const input = screen.getByRole('textbox', { name: 'Tell me when the price drops below ($)' });
  fireEvent.change(input, { target: { value: 'cheap' } });
  fireEvent.click(screen.getByRole('button', { name: 'Set price alert' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Enter a price in dollars, such as 249.99.');
  expect(api.requests).toHaveLength(0);

  fireEvent.change(input, { target: { value: '299.50' } });
  fireEvent.click(screen.getByRole('button', { name: 'Set price alert' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Done: we will email you once when the price is $299.50 or less.');
  expect(api.requests.at(-1)).toEqual(expect.objectContaining({ body: { productId: id, kind: 'price-below', priceBelow: 29_950 } }));

  answer = { status: 409, body: { message: alertMessages.duplicate } };
  fireEvent.click(screen.getByRole('button', { name: 'Set price alert' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(alertMessages.duplicate);
});
