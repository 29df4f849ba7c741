import { usePageQuery } from '@pcpp/contracts';
import { Link, useLocation } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { compareIds, compareText, formatCents, pageMeta, type Part, specRows } from '@pcpp/contracts/core';
import { Spinner, usePageMeta, VisuallyHidden } from '@pcpp/contracts/ui';
import { partQuery } from '../../../api/get-part';
import { Inner } from '../../../components/section';
import { surface } from '../../../components/surface';
import { partHref } from '../../../lib/catalog-url';

const Scroller = styled.div`
  ${surface}
  overflow-x: auto;
  max-width: 100%;
  table { border-collapse: separate; border-spacing: 0; min-width: 100%; }
  th, td { padding: 10px 12px; text-align: left; vertical-align: top; border-top: 1px solid var(--color-border); min-width: 9.5rem; overflow-wrap: anywhere; }
  thead th { position: sticky; top: 0; z-index: 2; background: var(--color-surface, #fff); border-top: 0; }
  thead th a { font-weight: 700; }
  /* The row names stay in view while the parts scroll sideways. */
  tbody th, thead td { position: sticky; left: 0; z-index: 1; background: var(--color-surface, #fff); color: var(--color-ink-soft); font-weight: 500; min-width: 7rem; }
  /* The corner stays above the names scrolling under it. */
  thead td { z-index: 3; }
  tr[data-differs] td { background: #fff7d6; font-weight: 700; }
`;

const Legend = styled.p`
  margin: 0 0 12px;
  color: var(--color-ink-soft);
`;

interface Row {
  label: string;
  values: string[];
}

/** Price, rating (empty until the part has one), stock, then every spec any of them has. */
function rowsOf(parts: Part[]): Row[] {
  const specLabels = [...new Set(parts.flatMap((part) => specRows(part).map((row) => row.label)))];
  return [
    { label: compareText.rows.price, values: parts.map((part) => formatCents(part.price)) },
    { label: compareText.rows.rating, values: parts.map((part) => ratingOf(part)) },
    { label: compareText.rows.stock, values: parts.map((part) => String(part.p_quantity)) },
    ...specLabels.map((label) => ({ label, values: parts.map((part) => specRows(part).find((row) => row.label === label)?.value ?? '') })),
  ];
}

/** The average to one decimal and the count; empty for a part nobody has reviewed yet. */
function ratingOf(part: Part): string {
  return part.rating ? `${part.rating.average.toFixed(1)} (${part.rating.count})` : '';
}

function CompareTable({ parts }: { parts: Part[] }) {
  return (
    <>
      <Legend>{compareText.legend}</Legend>
      <Scroller tabIndex={0} role="region" aria-label={compareText.title}>
        <table>
          <thead>
            <tr>
              <td />
              {parts.map((part) => (
                <th key={part._id} scope="col">
                  <Link to={partHref(part._id)}>{part.name}</Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rowsOf(parts).map((row) => {
              const differs = new Set(row.values).size > 1;
              return (
                <tr key={row.label} data-differs={differs || undefined}>
                  <th scope="row">
                    {row.label}
                    {differs && <VisuallyHidden> ({compareText.differs})</VisuallyHidden>}
                  </th>
                  {row.values.map((value, index) => (
                    <td key={parts[index]!._id}>{value}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </Scroller>
    </>
  );
}

/** /compare?ids=…: up to 4 parts side by side, server-rendered, its address shareable. */
export function ComparePage() {
  usePageMeta(pageMeta.compare);
  const { search } = useLocation();
  const ids = compareIds(search);
  // One read per place of the tray (4, so the hooks stay the same in number); on the server each
  // waits for its answer, so the shared address comes with the table in its HTML.
  const slot = (index: number) => ({ ...partQuery(ids[index] ?? ''), enabled: ids[index] !== undefined });
  const answers = [usePageQuery(slot(0)), usePageQuery(slot(1)), usePageQuery(slot(2)), usePageQuery(slot(3))].slice(0, ids.length);
  const parts = answers.flatMap((answer) => (answer.data ? [answer.data] : []));
  const loading = answers.some((answer) => answer.isPending);
  return (
    <Inner>
      <h1>{compareText.title}</h1>
      {ids.length === 0 ? <p>{compareText.none}</p> : loading ? <Spinner label="Loading the parts…" /> : parts.length === 0 ? <p>{compareText.none}</p> : <CompareTable parts={parts} />}
    </Inner>
  );
}
