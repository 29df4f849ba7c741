import { useState } from 'react';
import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { useAuth } from '@pcpp/contracts';
import { formatCents, type OrderSummary, orderPagePath, orderStateText, pageMeta } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { Pager } from '@pcpp/contracts/ui/dashboard';
import { HoldTimeLeft } from '../../../components/hold-time-left';
import { useMyOrders } from '../api/get-my-orders';

const placedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** From 760 px a table; below, each order is a card. */
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  th, td { padding: 10px 8px; text-align: left; vertical-align: top; }
  thead th { background: var(--color-page); font-size: 0.85rem; white-space: nowrap; }
  td.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .when, .order-link { white-space: nowrap; }
  .refund { display: block; font-size: 0.85rem; color: #1d4ed8; font-weight: 600; }
  .next { display: grid; justify-items: start; gap: 6px; }
  .next a { white-space: nowrap; }
  @media (min-width: 760px) {
    th, td { border-bottom: 1px solid var(--color-border); }
  }
  @media (max-width: 759.98px) {
    display: block;
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    tbody { display: grid; gap: 12px; }
    tr { display: grid; gap: 4px; padding: 12px; border: 1px solid var(--color-border); border-radius: 8px; }
    th, td { display: grid; grid-template-columns: 7em 1fr; gap: 8px; padding: 2px 0; }
    th[scope='row'] { display: block; font-size: 1.05rem; padding-bottom: 4px; }
    td::before { content: attr(data-label); color: var(--color-ink-soft); font-weight: 600; }
    td.number { text-align: left; }
  }
`;

/** What the customer can do next with an order: pay it, follow it, send parts back, or just look. */
function NextStep({ order }: { order: OrderSummary }) {
  if (order.status === 'unpaid') {
    return (
      <span className="next">
        <Button as={Link} to={`/checkout/${order.checkoutId}`} aria-label={`Pay for order ${order.number}`}>
          Pay
        </Button>
        {order.holdExpiresAt && <HoldTimeLeft holdExpiresAt={order.holdExpiresAt} compact />}
      </span>
    );
  }
  const label =
    order.status === 'shipped' || order.status === 'partly-shipped' ? 'Track parcels' : order.status === 'delivered' ? 'Return or invoice' : 'See order';
  return (
    <span className="next">
      <Link to={orderPagePath(order.number)} aria-label={`${label}: order ${order.number}`}>
        {label}
      </Link>
    </span>
  );
}

/** My Orders: the customer's orders, one row each; each opens its own page with its lines. */
export function MyOrdersPage() {
  usePageMeta(pageMeta.myOrders);
  const email = useAuth((s) => s.user?.email ?? '');
  const [page, setPage] = useState(1);
  const orders = useMyOrders(email, page);

  return (
    <Panel aria-labelledby="orders-title">
      <PageTitle id="orders-title">My Orders</PageTitle>
      <QueryView
        query={orders}
        loadingLabel="Loading your orders…"
        failure="Your orders could not be loaded."
        isEmpty={(data) => data.total === 0}
        empty={() => (
          <>
            <p>You have not ordered anything yet.</p>
            <Button as={Link} to="/products" $variant="secondary">
              Browse the catalog
            </Button>
          </>
        )}
      >
        {(data) => (
          <>
            <Table aria-label="Your orders">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Parts</th>
                  <th scope="col">Total</th>
                  <th scope="col">Status</th>
                  <th scope="col">Next</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((order) => (
                  <tr key={order.number}>
                    <th scope="row">
                      <Link className="order-link" to={orderPagePath(order.number)}>
                        {order.number}
                      </Link>
                    </th>
                    <td data-label="Placed" className="when">
                      {placedOn.format(new Date(order.placedAt))}
                    </td>
                    <td data-label="Parts">{order.parts}</td>
                    <td data-label="Total" className="number">
                      <span>
                        {formatCents(order.total)}
                        {order.refunded > 0 && <span className="refund">Refunded {formatCents(order.refunded)}</span>}
                      </span>
                    </td>
                    <td data-label="Status">{orderStateText(order)}</td>
                    <td data-label="Next">
                      <NextStep order={order} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pager page={data.page} pages={data.pages} onPage={setPage} label="Pages of your orders" />
          </>
        )}
      </QueryView>
    </Panel>
  );
}
