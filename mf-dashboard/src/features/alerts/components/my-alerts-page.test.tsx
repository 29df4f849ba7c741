import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@pcpp/contracts/router';
import { ToastContainer } from 'react-toastify';
import { authStore } from '@pcpp/contracts';
import type { Alert } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer, testObjectId } from '@pcpp/contracts/testing';
import { MyAlertsPage } from './my-alerts-page';

let alerts: Alert[];
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /alerts': () => ({ body: alerts }),
    [`DELETE /alerts/${testObjectId(1)}`]: () => {
      alerts = alerts.filter((alert) => alert._id !== testObjectId(1));
      return { body: { deletedCount: 1 } };
    },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  alerts = [
    { _id: testObjectId(1), productId: testObjectId(11), productName: 'RTX Test Card', kind: 'price-below', priceBelow: 29_950, createdAt: '2026-11-26T10:00:00.000Z' },
    { _id: testObjectId(2), productId: testObjectId(12), productName: 'Sold Out Board', kind: 'back-in-stock', createdAt: '2026-11-25T10:00:00.000Z' },
  ];
  act(() => authStore.getState().signedIn(testCustomer, { token: 'token', expiresAt: null }));
});

const renderPage = () => renderWithQueryClient(<MemoryRouter><MyAlertsPage /><ToastContainer /></MemoryRouter>);

it('lists each alert with its part linked and what it waits for, and the count of 50', async () => {
  renderPage();
  expect(await screen.findByRole('heading', { name: 'My Alerts: 2 of 50' })).toBeInTheDocument();
  const rows = screen.getAllByRole('listitem');
  expect(within(rows[0]!).getByRole('link', { name: 'RTX Test Card' })).toHaveAttribute('href', `/products/${testObjectId(11)}`);
  expect(rows[0]).toHaveTextContent('Price at or below $299.50');
  expect(rows[1]).toHaveTextContent('Back in stock');
});

it('removes an alert with DELETE /alerts/{id} and lists what is left', async () => {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Remove the alert on RTX Test Card' }));
  await waitFor(() => expect(screen.queryByRole('link', { name: 'RTX Test Card' })).not.toBeInTheDocument());
  expect(api.requests.some((request) => request.method === 'DELETE' && request.url === `/alerts/${testObjectId(1)}`)).toBe(true);
  expect(screen.getByRole('heading', { name: 'My Alerts: 1 of 50' })).toBeInTheDocument();
});

it('says how to set one when there are none', async () => {
  alerts = [];
  renderPage();
  expect(await screen.findByText(/You have no alerts/)).toBeInTheDocument();
});
