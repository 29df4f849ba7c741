import { Link, useLocation } from '@pcpp/contracts/router';
import { formatCents, orderStateText, orderText, pageMeta } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { useCsvDownload } from '../../../components/download-csv';
import { PagedTable } from '../../../components/paged-table';
import { placedRange, useOrders } from '../api/get-orders';
import { OrderFilters } from './order-filters';
import { ReturnsToHandle } from './returns-to-handle';
import { EmailText, placedDay, placedTime } from './order-format';
import { useOrderSearch } from './use-order-search';

/**
 * Manage All Orders (spec §2): every order, one row each however many parts it has; its number
 * opens the order's page, where the admin ships, cancels, refunds and handles returns.
 */
export function AllOrdersPage() {
  usePageMeta(pageMeta.allOrders);
  const { search, update } = useOrderSearch();
  const orders = useOrders(search);
  // The order page's way back keeps this search.
  const { search: address } = useLocation();
  const { downloading, download } = useCsvDownload();

  return (
    <Panel aria-labelledby="orders-title">
      <PageTitle id="orders-title">{orders.data ? orderText.allOrdersCount(orders.data.total) : 'All orders: …'}</PageTitle>
      <OrderFilters search={search} onChange={update} />
      <p>
        <Button type="button" $variant="secondary" disabled={downloading} onClick={() => void download('/orders.csv', { query: placedRange(search), filename: 'orders.csv' })}>
          {/* Every line placed in the days chosen (all of them without days), for the accountant. */}
          {downloading ? 'Downloading…' : 'Download order lines (CSV)'}
        </Button>
      </p>
      <QueryView query={orders} loadingLabel="Loading the orders…" failure="The orders could not be loaded.">
        {(result) => (
          <PagedTable
            result={result}
            label="Orders"
            columns={['Order', 'Placed', 'Customer', 'Parts', 'Total', 'State']}
            empty={search.q || search.status || search.from || search.to ? 'No order matches this search.' : 'No orders yet.'}
            onPage={(page) => update({ page })}
            row={(order) => (
              <tr key={order.number}>
                <th scope="row" className="nowrap">
                  <Link to={`/dashboard/allOrder/${order.number}`} state={{ back: address }}>
                    {order.number}
                  </Link>
                </th>
                {/* Each cell's lines in one box: a card (below 1100 px) sets the box beside its label. */}
                <td data-label="Placed">
                  <div>
                    <span className="nowrap">{placedDay.format(new Date(order.placedAt))}</span>
                    <span className="byline muted">{placedTime.format(new Date(order.placedAt))}</span>
                  </div>
                </td>
                <td data-label="Customer" className="words">
                  <EmailText email={order.email} />
                </td>
                <td data-label="Parts" className="words">
                  <div>
                    {order.parts}
                    <span className="byline muted">
                      {order.units} {order.units === 1 ? 'unit' : 'units'}
                    </span>
                  </div>
                </td>
                <td data-label="Total" className="number">
                  <div>
                    {formatCents(order.total)}
                    {order.refunded > 0 && <span className="byline muted">−{formatCents(order.refunded)} refunded</span>}
                  </div>
                </td>
                <td data-label="State" className="words">
                  <strong>{orderStateText(order)}</strong>
                </td>
              </tr>
            )}
          />
        )}
      </QueryView>
      <ReturnsToHandle />
    </Panel>
  );
}
