import { useState } from 'react';
import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { useAuth } from '@pcpp/contracts';
import { formatCents, myOrdersTableText, type OrderDetail, orderGroupText, orderPagePath, orderStateText, type OrderSummary, pageMeta } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { Pager } from '@pcpp/contracts/ui/dashboard';
import { OrderGroupHead, orderGroupsCss, OrderGroupState } from '@pcpp/contracts/ui/orders';
import { HoldTimeLeft } from '../../../components/hold-time-left';
import { useMyOrders } from '../api/get-my-orders';
import { useOrder } from '../api/get-order';
import { type OrderDeletion, useOrderDeletion } from './order-deletion';
import { isUnpaid, SPEC_COLUMNS, SPEC_TABLE_MIN_WIDTH, SpecColumnsHead, SpecLineRow, SpecTable, unitsText } from './spec-lines';

const placedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Each order a group: its header row (the order), then its parts in the spec's columns. */
const Table = styled(SpecTable)`
  ${orderGroupsCss(SPEC_TABLE_MIN_WIDTH)}
`;

/** What the customer can do next with an order: pay it (or Delete it), follow it, send parts back, or just look. */
function NextStep({ summary, detail, onDelete }: { summary: OrderSummary; detail: OrderDetail | undefined; onDelete: (deletion: OrderDeletion) => void }) {
  const open = (label: string) => (
    <Link to={orderPagePath(summary.number)} aria-label={`${label}: order ${summary.number}`}>
      {label}
    </Link>
  );
  if (summary.status === 'unpaid') {
    // An order of one part is paid and deleted on its part's row, as the spec's row has it.
    const several = summary.lineCount > 1;
    const unpaid = detail?.lines.filter(isUnpaid) ?? [];
    return (
      <>
        {several && (
          <Button as={Link} className="small" to={`/checkout/${summary.checkoutId}`} aria-label={orderGroupText.payOrderLabel(summary.number)}>
            {myOrdersTableText.pay}
          </Button>
        )}
        {summary.holdExpiresAt && <HoldTimeLeft holdExpiresAt={summary.holdExpiresAt} compact />}
        {several && detail && unpaid.length > 0 && (
          <Button type="button" $variant="danger" aria-label={orderGroupText.deleteOrderLabel(summary.number)} onClick={() => onDelete({ order: detail, lines: unpaid, whole: true })}>
            {myOrdersTableText.delete}
          </Button>
        )}
        {open(orderGroupText.open)}
      </>
    );
  }
  return open(
    summary.status === 'shipped' || summary.status === 'partly-shipped'
      ? orderGroupText.trackParcels
      : summary.status === 'delivered'
        ? orderGroupText.returnOrInvoice
        : orderGroupText.open,
  );
}

/** Under a part's name in My Orders: nothing for a part as the spec has it; what happened to its units, or that it was cancelled. */
const partNote = (line: OrderDetail['lines'][number]) => unitsText(line) || (line.status === 'cancelled' ? 'Cancelled' : undefined);

/** One order: its header row (number, date, parts, total, status, next step), then one spec row per part. */
function OrderGroup({ summary, firstIndex, onDelete }: { summary: OrderSummary; firstIndex: number; onDelete: (deletion: OrderDeletion) => void }) {
  const detail = useOrder(summary.number);
  const order = detail.data;
  return (
    <tbody aria-label={`${orderGroupText.order} ${summary.number}`}>
      <OrderGroupHead
        number={summary.number}
        to={orderPagePath(summary.number)}
        columns={SPEC_COLUMNS.length}
        facts={[
          [orderGroupText.placed, placedOn.format(new Date(summary.placedAt))],
          [orderGroupText.parts, orderGroupText.partsCount(summary.lineCount, summary.units)],
          [
            orderGroupText.total,
            <>
              {formatCents(summary.total)}
              {summary.refunded > 0 && <span className="refund">{orderGroupText.refunded(formatCents(summary.refunded))}</span>}
            </>,
          ],
          [orderGroupText.status, orderStateText(summary)],
          [
            orderGroupText.next,
            <span className="next">
              <NextStep summary={summary} detail={order} onDelete={onDelete} />
            </span>,
          ],
        ]}
      />
      <OrderGroupState query={detail} columns={SPEC_COLUMNS.length} />
      {order?.lines.map((line, position) => (
        <SpecLineRow
          key={line.lineId}
          order={order}
          line={line}
          index={firstIndex + position}
          note={partNote(line)}
          onDelete={(chosen) => onDelete({ order, lines: [chosen], whole: false })}
        />
      ))}
    </tbody>
  );
}

/**
 * My Orders: the spec's table (index, Product Name, … Payment, Action), grouped by order. Each
 * order's header row says what the one-row-per-order list said (Order, Placed, Parts, Total,
 * Status, Next); its parts follow, one spec row each, read from the order (`GET /orders/{number}`,
 * the order page's own query). Below 1,100 px each order is a card of cards, labelled alike.
 */
export function MyOrdersPage() {
  usePageMeta(pageMeta.myOrders);
  const email = useAuth((s) => s.user?.email ?? '');
  const [page, setPage] = useState(1);
  const orders = useMyOrders(email, page);
  const deletion = useOrderDeletion();

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
        {(data) => {
          // The spec's index counts the parts down the page.
          const firstIndexes = data.items.reduce<number[]>((starts, order, position) => [...starts, position === 0 ? 1 : starts[position - 1]! + data.items[position - 1]!.lineCount], []);
          return (
            <>
              <Table aria-label="Your orders">
                <SpecColumnsHead />
                {data.items.map((summary, position) => (
                  <OrderGroup key={summary.number} summary={summary} firstIndex={firstIndexes[position]!} onDelete={deletion.ask} />
                ))}
              </Table>
              <Pager page={data.page} pages={data.pages} onPage={setPage} label="Pages of your orders" />
            </>
          );
        }}
      </QueryView>
      {deletion.dialog}
    </Panel>
  );
}
