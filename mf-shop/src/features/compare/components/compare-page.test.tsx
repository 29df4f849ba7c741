import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@pcpp/contracts/router';
import { cartText, type Part, partReviewText } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testObjectId } from '@pcpp/contracts/testing';
import { ComparePage } from './compare-page';

const card = (n: number, chip: string, memoryGb: number, price: number): Part => ({
  _id: testObjectId(n), name: `Card ${n}`, img: '/images/parts/gpu.svg', description: 'A card.', category: 'Video Card',
  price, p_quantity: n, min_quantity: 1, version: 0,
  specs: { chip, memoryGB: memoryGb, boardPowerW: 200, lengthMM: 242, pcie8Pin: 1, pcie12v2x6: 0 },
} as Part);
const cards = [{ ...card(1, 'RTX 4070', 12, 59_999), rating: { average: 4.5, count: 2 } }, card(2, 'RTX 4070', 12, 54_999), card(3, 'RX 7800 XT', 16, 49_999), card(4, 'RTX 4060', 8, 29_999)];

let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer(Object.fromEntries(cards.map((part) => [`GET /tools/${part._id}`, () => ({ body: part })])));
});
afterAll(() => api.close());

const renderAt = (search: string) =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/compare${search}`]}>
      <Routes>
        <Route path="/compare" element={<ComparePage />} />
      </Routes>
    </MemoryRouter>,
  );

it('shows four cards side by side: each with its picture, name and Add to cart; price, rating, stock, specs; rows that differ marked', async () => {
  renderAt(`?ids=${cards.map((part) => part._id).join(',')}`);
  const table = await screen.findByRole('table');
  const heads = within(table).getAllByRole('columnheader');
  expect(heads.map((cell) => within(cell).getByRole('link').textContent)).toEqual(['Card 1', 'Card 2', 'Card 3', 'Card 4']);
  for (const [index, head] of heads.entries()) {
    expect(head.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/\/images\/parts\/gpu\.svg$/));
    expect(within(head).getByRole('button', { name: cartText.addPartToCart(cards[index]!.name) })).toBeInTheDocument();
  }
  const row = (name: RegExp) => within(table).getByRole('row', { name });
  expect(within(row(/^Price/)).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['$599.99', '$549.99', '$499.99', '$299.99']);
  expect(row(/^Price/)).toHaveAttribute('data-differs');
  // Rated parts show their stars; the others say they have no reviews yet.
  const ratings = within(row(/^Rating/)).getAllByRole('cell');
  expect(within(ratings[0]!).getByRole('img', { name: '4.5 out of 5 stars, 2 reviews' })).toBeInTheDocument();
  expect(ratings[0]!.querySelectorAll('svg')).toHaveLength(5);
  expect(ratings[0]!).toHaveTextContent('4.5 (2)');
  expect(ratings.slice(1).map((cell) => cell.textContent)).toEqual([partReviewText.noReviews, partReviewText.noReviews, partReviewText.noReviews]);
  expect(row(/^Rating/)).toHaveAttribute('data-differs');
  expect(within(row(/^Board power/)).getAllByRole('rowheader')[0]).toHaveTextContent(/^Board power$/);
  expect(within(row(/^Memory/)).getAllByRole('rowheader')[0]).toHaveTextContent('Memory (differs)');
});

it('keeps at most four ids, ignores malformed ones, and says how to start without any', async () => {
  renderAt(`?ids=nope,${cards.map((part) => part._id).join(',')},${testObjectId(9)}`);
  expect(within(await screen.findByRole('table')).getAllByRole('columnheader')).toHaveLength(4);
  expect(api.requests.some((request) => request.url.includes('nope') || request.url.includes(testObjectId(9)))).toBe(false);
});

it('without ids: how to choose parts', () => {
  renderAt('');
  expect(screen.getByText(/Choose up to 4 parts of one category/)).toBeInTheDocument();
});
