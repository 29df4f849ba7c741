import styled from 'styled-components';
import { adminText, type OrderLine } from '@pcpp/contracts/core';
import { ErrorText } from '@pcpp/contracts/ui';

/**
 * What the api counts per line, read back from the order's counters:
 * - to ship: paid units neither shipped nor refunded before shipping. A refund takes unshipped units
 *   first and a return's refund shipped ones only, so the units refunded outside returns are the
 *   unshipped ones whenever any are left to ship;
 * - to refund: paid units not refunded and not in a return under way.
 */
export const unitsLeftToShip = (line: OrderLine) =>
  line.status === 'paid' ? Math.max(0, line.quantity - line.shippedQuantity - (line.refundedQuantity - line.returnedQuantity)) : 0;
export const unitsLeftToRefund = (line: OrderLine) =>
  line.status === 'placed' || line.status === 'cancelled' ? 0 : Math.max(0, line.quantity - line.refundedQuantity - line.returningQuantity);

/** Per line, the count typed (kept as text while it is edited). */
export type UnitCounts = Record<string, string>;

/** The lines a dialog acts on with their counts, or the sentence that says what is wrong. */
export function chosenUnits(lines: { line: OrderLine; left: number }[], counts: UnitCounts): { lineId: string; quantity: number }[] | { problem: string; lineId?: string } {
  const chosen: { lineId: string; quantity: number }[] = [];
  for (const { line, left } of lines) {
    const text = (counts[line.lineId] ?? '').trim();
    const quantity = text === '' ? 0 : Number(text);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > left) return { problem: adminText.atMostUnits(left), lineId: line.lineId };
    if (quantity > 0) chosen.push({ lineId: line.lineId, quantity });
  }
  return chosen.length > 0 ? chosen : { problem: adminText.chooseUnits };
}

const Units = styled.fieldset`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  border: 0;
  legend { font-weight: 600; margin-bottom: 6px; }
  label { display: grid; grid-template-columns: 1fr 5.5rem; align-items: center; gap: 12px; overflow-wrap: break-word; }
  input { min-height: 44px; padding: 8px 10px; border: 1px solid #94a3b8; border-radius: 8px; text-align: right; }
  [aria-invalid='true'] { border-color: var(--color-danger); }
`;

/** One number input per line that has units left, labelled with the part and how many are left. */
export function UnitInputs({
  idPrefix,
  legend,
  lines,
  counts,
  onChange,
  label,
  problem,
}: {
  idPrefix: string;
  legend: string;
  lines: { line: OrderLine; left: number }[];
  counts: UnitCounts;
  onChange: (counts: UnitCounts) => void;
  label: (part: string, left: number) => string;
  problem?: { problem: string; lineId?: string };
}) {
  const errorId = `${idPrefix}-units-error`;
  return (
    <Units aria-describedby={problem ? errorId : undefined}>
      <legend>{legend}</legend>
      {lines.map(({ line, left }) => (
        <label key={line.lineId}>
          <span>{label(line.productName, left)}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={left}
            step={1}
            value={counts[line.lineId] ?? ''}
            aria-invalid={problem?.lineId === line.lineId}
            onChange={(event) => onChange({ ...counts, [line.lineId]: event.target.value })}
          />
        </label>
      ))}
      {problem && <ErrorText id={errorId}>{problem.problem}</ErrorText>}
    </Units>
  );
}
