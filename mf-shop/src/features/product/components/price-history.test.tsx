import { screen, within } from '@testing-library/react';
import type { Part, PriceChange } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer } from '@pcpp/contracts/testing';
import { PartPriceDrop, PriceHistorySection } from './price-history';

const id = '0123456789abcdef01234567';
const part: Part = {
  _id: id, name: 'RTX Test Card', img: '/images/parts/gpu.svg', description: 'A card.', category: 'Video Card',
  price: 35_000, p_quantity: 4, min_quantity: 1, version: 2,
};
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

let history: PriceChange[];
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({ [`GET /tools/${id}/price-history`]: () => ({ body: history }) });
});
afterAll(() => api.close());

it('after two cuts: the price drop as the EU rule has it, the chart described in words, and the table of changes', async () => {
  history = [
    { from: 38_000, to: 35_000, changedAt: ago(1) },
    { from: 40_000, to: 38_000, changedAt: ago(2) },
  ];
  renderWithQueryClient(
    <>
      <PartPriceDrop part={part} />
      <PriceHistorySection part={part} />
    </>,
  );
  expect(await screen.findByTestId('price-drop')).toHaveTextContent('Was $380.00 (lowest in the last 30 days), now $350.00, save 8 %');
  const chart = screen.getByRole('img', { name: /^Price over the last 90 days/ });
  expect(chart).toHaveAccessibleName(expect.stringContaining('Between $350.00 and $400.00 over the last 90 days, 2 changes; $350.00 today.'));
  const table = screen.getByRole('table', { name: 'Price changes in the last 90 days' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent))).toEqual([
    ['$380.00', '$350.00'],
    ['$400.00', '$380.00'],
  ]);
});

it('announces no price drop when the price never changed, and says so', async () => {
  history = [];
  renderWithQueryClient(
    <>
      <PartPriceDrop part={part} />
      <PriceHistorySection part={part} />
    </>,
  );
  expect(await screen.findByText('No price changes in the last 90 days.')).toBeInTheDocument();
  expect(screen.queryByTestId('price-drop')).not.toBeInTheDocument();
  expect(screen.getByRole('img', { name: /The price stayed at \$350\.00/ })).toBeInTheDocument();
});
