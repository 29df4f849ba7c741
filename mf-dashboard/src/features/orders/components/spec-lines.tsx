import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { formatCents, myOrdersTableText, type OrderDetail, type OrderLine, orderGroupText, orderText } from '@pcpp/contracts/core';
import { Button } from '@pcpp/contracts/ui';
import { narrowCardsCss } from '@pcpp/contracts/ui/orders';

const { columns } = myOrdersTableText;

/** The spec's My Orders columns, in its order (each line's cells carry them as `data-label`). */
export const SPEC_COLUMNS = [
  columns.index,
  columns.productName,
  columns.perProductPrice,
  columns.address,
  columns.phoneNumber,
  columns.orderQuantity,
  columns.totalAmount,
  columns.payment,
  columns.action,
] as const;

/** Cards below this width: nine columns need about 1,100 px of page beside the dashboard's menu. */
export const SPEC_TABLE_MIN_WIDTH = 1100;

/**
 * The spec's columns, as My Orders and an order's page show them: a table from 1,100 px, below it
 * each part is a card whose cells say their column's name. The spec's lowercase "index" heads its
 * column as "Index".
 */
export const SpecTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th, td { padding: 8px 5px; text-align: left; vertical-align: top; overflow-wrap: break-word; }
  td[data-label='${columns.address}'], td[data-label='${columns.phoneNumber}'], .transaction { overflow-wrap: anywhere; }
  thead th { background: var(--color-page); font-size: 0.82rem; text-transform: capitalize; }
  td.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .paid { color: #15803d; font-weight: 700; }
  .transaction, .note { display: block; font-size: 0.8rem; font-weight: 400; color: var(--color-ink-soft); }
  td[data-label='${columns.payment}'] a, td[data-label='${columns.action}'] button { white-space: nowrap; padding: 8px 14px; }
  @media (min-width: ${SPEC_TABLE_MIN_WIDTH}px) {
    th, td { border-bottom: 1px solid var(--color-border); }
    /* A phone number reads whole; the address and the transaction id may break. */
    td[data-label='${columns.phoneNumber}'] { white-space: nowrap; overflow-wrap: normal; }
  }
  @media (max-width: ${SPEC_TABLE_MIN_WIDTH - 0.02}px) {
    display: block;
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    tbody { display: grid; gap: 12px; }
    tr { display: grid; gap: 4px; padding: 12px; border: 1px solid var(--color-border); border-radius: 8px; }
    th, td { display: grid; grid-template-columns: 9.5em minmax(0, 1fr); gap: 8px; padding: 2px 0; }
    /* The column's name on each card; screen readers have it from the column header (empty alt text). */
    [data-label]::before { content: attr(data-label) / ''; color: var(--color-ink-soft); font-weight: 600; text-transform: capitalize; white-space: normal; }
    th[data-label] { font-weight: 700; }
    td.number { text-align: left; }
    td:empty { display: none; }
  }
  ${narrowCardsCss}
`;

/** The spec's column headings. */
export function SpecColumnsHead() {
  return (
    <thead>
      <tr>
        {SPEC_COLUMNS.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** What happened to a line's units, in words: "Shipped 1 of 2 · Refunded 1". */
export function unitsText(line: OrderLine): string {
  const words: string[] = [];
  if (line.shippedQuantity > 0) words.push(`Shipped ${line.shippedQuantity} of ${line.quantity}`);
  if (line.deliveredQuantity > 0) words.push(`Delivered ${line.deliveredQuantity}`);
  if (line.returningQuantity > 0) words.push(`Being returned ${line.returningQuantity}`);
  if (line.returnedQuantity > 0) words.push(`Returned ${line.returnedQuantity}`);
  if (line.refundedQuantity > 0) words.push(`Refunded ${line.refundedQuantity} (${formatCents(line.refundedAmount)})`);
  return words.join(' · ');
}

export const isUnpaid = (line: OrderLine) => line.status === 'placed';

/**
 * The spec's row for one part of an order: paid, 'Paid' and 'Transaction id: {id}'; unpaid, a pay
 * button (the spec's Payment page for an order of one part; a part of a larger order is paid with
 * the whole order) and Delete. `note` goes under the name (what happened to its units).
 */
export function SpecLineRow({
  order,
  line,
  index,
  note,
  onDelete,
}: {
  order: Pick<OrderDetail, 'address' | 'phone' | 'transactionId' | 'lines'>;
  line: OrderLine;
  index: number;
  note?: string;
  onDelete: (line: OrderLine) => void;
}) {
  const single = order.lines.length === 1;
  return (
    <tr className="line">
      <td data-label={columns.index}>{index}</td>
      <th scope="row" data-label={columns.productName}>
        <span>
          {line.productName}
          {note && <span className="note">{note}</span>}
        </span>
      </th>
      <td className="number" data-label={columns.perProductPrice}>
        {formatCents(line.unitPrice)}
      </td>
      <td data-label={columns.address}>{order.address}</td>
      <td data-label={columns.phoneNumber}>{order.phone}</td>
      <td className="number" data-label={columns.orderQuantity}>
        {line.quantity}
      </td>
      <td className="number" data-label={columns.totalAmount}>
        {formatCents(line.total)}
      </td>
      <td data-label={columns.payment}>
        {isUnpaid(line) ? (
          single ? (
            <Button as={Link} to={`/dashboard/payment/${line.lineId}`} aria-label={orderGroupText.payLineLabel(line.productName)}>
              {myOrdersTableText.pay}
            </Button>
          ) : (
            <span>{orderGroupText.payWithOrder}</span>
          )
        ) : line.status === 'cancelled' && line.refundedQuantity === 0 ? (
          <span>{orderGroupText.notCharged}</span>
        ) : (
          <span>
            <span className="paid">{myOrdersTableText.paid}</span>
            {order.transactionId && <span className="transaction">{myOrdersTableText.transactionId(order.transactionId)}</span>}
          </span>
        )}
      </td>
      <td data-label={columns.action}>
        {isUnpaid(line) && (
          <Button type="button" $variant="danger" aria-label={orderGroupText.deleteLineLabel(line.productName)} onClick={() => onDelete(line)}>
            {myOrdersTableText.delete}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The order page's note under a part's name: what happened to its units, else its status. */
export const lineNote = (line: OrderLine) => unitsText(line) || orderText.lineStatus[line.status];
