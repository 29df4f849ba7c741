import styled from 'styled-components';
import { Link, useLocation } from '@pcpp/contracts/router';
import { adminOrderPagePath, allOrdersTableText, formatCents, type OrderDetail, type OrderLine, orderGroupText, orderStateText, type OrderSummary, orderText, pageMeta } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { narrowCardsCss, OrderGroupHead, orderGroupsCss, OrderGroupState } from '@pcpp/contracts/ui/orders';
import { ADMIN_TABLE_FROM, AdminTable } from '../../../components/admin-table';
import { useCsvDownload } from '../../../components/download-csv';
import { PagedTable } from '../../../components/paged-table';
import { placedRange, useOrders } from '../api/get-orders';
import { useOrder } from '../api/get-order';
import { DeleteOrderAction, deletableLines } from './delete-order-action';
import { OrderFilters } from './order-filters';
import { ReturnsToHandle } from './returns-to-handle';
import { EmailText, placedDay, placedTime } from './order-format';
import { useOrderSearch } from './use-order-search';

const { columns } = allOrdersTableText;
/** The spec's columns, in its order; the spec's lowercase words head them capitalised. */
const COLUMNS = [columns.productName, columns.email, columns.address, columns.phone, columns.quantity, columns.totalAmount, columns.remove];

/** Each order a group: its header row, then its parts in the spec's columns. */
const Table = styled(AdminTable)`
  thead th, td::before { text-transform: capitalize; }
  ${orderGroupsCss(ADMIN_TABLE_FROM)}
  ${narrowCardsCss}
  @media (min-width: ${ADMIN_TABLE_FROM}px) {
    /* A phone number reads whole; the address breaks, but keeps room for a few words a line. */
    td[data-label='${columns.phone}'] { white-space: nowrap; overflow-wrap: normal; }
    td[data-label='${columns.address}'] { min-width: 9em; }
  }
  @media (max-width: ${ADMIN_TABLE_FROM - 0.02}px) {
    /* The name a size larger than the values, its label column as wide as theirs (ems of the cells). */
    tr.line th[scope='row'] { display: grid; font-size: inherit; padding-bottom: 2px; }
    tr.line th[scope='row'] > span { font-size: 1.05rem; }
    /* The column's name on each card; screen readers have it from the column header (empty alt text). */
    tr.line > [data-label]::before { content: attr(data-label) / ''; color: var(--color-ink-soft); font-weight: 600; text-transform: capitalize; white-space: normal; }
  }
`;

/** One part of an order in the spec's columns: product name, email, address, phone, quantity, total amount, Remove. */
function PartRow({ order, line, removable }: { order: OrderDetail; line: OrderLine; removable: boolean }) {
  return (
    <tr className="line">
      <th scope="row" className="words" data-label={columns.productName}>
        <span>
          {line.productName}
          {line.status !== 'placed' && <span className="byline muted">{orderText.lineStatus[line.status]}</span>}
        </span>
      </th>
      <td data-label={columns.email} className="words">
        <EmailText email={order.email} />
      </td>
      <td data-label={columns.address}>{order.address}</td>
      <td data-label={columns.phone}>{order.phone}</td>
      <td data-label={columns.quantity} className="number">
        {line.quantity}
      </td>
      <td data-label={columns.totalAmount} className="number">
        {formatCents(line.total)}
      </td>
      <td data-label={columns.remove}>{removable && <DeleteOrderAction order={order} lines={[line]} />}</td>
    </tr>
  );
}

/** One order: its header row (number, placed, customer, parts, total, state, actions), then a row per part. */
function OrderGroup({ summary, back }: { summary: OrderSummary; back: string }) {
  const detail = useOrder(summary.number);
  const order = detail.data;
  const removable = order ? deletableLines(order) : [];
  const open = { pathname: adminOrderPagePath(summary.number), state: { back } };
  return (
    <tbody aria-label={`${orderGroupText.order} ${summary.number}`}>
      <OrderGroupHead
        number={summary.number}
        to={open.pathname}
        linkState={open.state}
        columns={COLUMNS.length}
        headSpan={1}
        facts={[
          [
            orderGroupText.placed,
            <>
              <span className="nowrap">{placedDay.format(new Date(summary.placedAt))}</span> <span className="nowrap muted">{placedTime.format(new Date(summary.placedAt))}</span>
            </>,
          ],
          [orderGroupText.customer, <EmailText key="email" email={summary.email} />],
          [orderGroupText.parts, orderGroupText.partsCount(summary.lineCount, summary.units)],
          [
            orderGroupText.total,
            <>
              {formatCents(summary.total)}
              {summary.refunded > 0 && <span className="refund">{orderGroupText.refunded(formatCents(summary.refunded))}</span>}
            </>,
          ],
          [orderGroupText.state, orderStateText(summary)],
        ]}
        actions={
          <>
            <Link to={open.pathname} state={open.state} aria-label={orderGroupText.openLabel(summary.number)}>
              {orderGroupText.open}
            </Link>
            {/* An order of one part is deleted on its part's row, as the spec's row has it. */}
            {order && order.lines.length > 1 && removable.length > 0 && <DeleteOrderAction order={order} lines={removable} whole />}
          </>
        }
      />
      <OrderGroupState query={detail} columns={COLUMNS.length} />
      {order?.lines.map((line) => <PartRow key={line.lineId} order={order} line={line} removable={removable.includes(line)} />)}
    </tbody>
  );
}

/**
 * Manage All Orders (spec §2): 'All orders: {count}' counting orders, and the spec's columns grouped
 * by order. Each order's header row opens its page (ship, cancel, refund, returns); its parts
 * follow, read from the order (`GET /orders/{number}`, the order page's own query), each with the
 * spec's Delete while unpaid.
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
      <PageTitle id="orders-title">{orders.data ? allOrdersTableText.heading(orders.data.total) : 'All orders: …'}</PageTitle>
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
            columns={COLUMNS}
            table={Table}
            groups
            empty={search.q || search.status || search.from || search.to ? 'No order matches this search.' : 'No orders yet.'}
            onPage={(page) => update({ page })}
            row={(summary) => <OrderGroup key={summary.number} summary={summary} back={address} />}
          />
        )}
      </QueryView>
      <ReturnsToHandle />
    </Panel>
  );
}
