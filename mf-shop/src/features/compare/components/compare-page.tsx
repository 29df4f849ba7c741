import type { ReactNode } from 'react';
import { resolveImageUrl, usePageQuery } from '@pcpp/contracts';
import { Link, useLocation } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { compareIds, compareText, formatCents, pageMeta, type Part, partReviewText, ratingLabel, specRows } from '@pcpp/contracts/core';
import { Spinner, usePageMeta, VisuallyHidden } from '@pcpp/contracts/ui';
import { partQuery } from '../../../api/get-part';
import { AddToCartButton } from '../../../components/add-to-cart-button';
import { isSoldOut } from '../../../components/sold-out-note';
import { StarRating } from '../../../components/star-rating';
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
  thead th { font-weight: 400; }
  thead th a { font-weight: 700; }
  .head { display: grid; gap: 8px; justify-items: start; }
  .head img { display: block; width: 100%; max-width: 160px; height: auto; aspect-ratio: 4 / 3; object-fit: contain; background: #eef2f7; border-radius: 8px; }
  .head .sold-out { color: var(--color-ink-soft); font-weight: 600; }
  .head > a:last-child, .head > button { width: 100%; }
  .rating { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; }
  .rating svg { width: 18px; height: 18px; }
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
  /** What each part shows, and the text the row compares them by (equal texts: no difference). */
  cells: { show: ReactNode; text: string }[];
}

const text = (value: string) => ({ show: value, text: value });

/** Rating (stars, average and count, or no reviews yet), stock, then every spec any of them has. */
function rowsOf(parts: Part[]): Row[] {
  const specLabels = [...new Set(parts.flatMap((part) => specRows(part).map((row) => row.label)))];
  return [
    { label: compareText.rows.price, cells: parts.map((part) => text(formatCents(part.price))) },
    { label: compareText.rows.rating, cells: parts.map(ratingCell) },
    { label: compareText.rows.stock, cells: parts.map((part) => text(String(part.p_quantity))) },
    ...specLabels.map((label) => ({ label, cells: parts.map((part) => text(specRows(part).find((row) => row.label === label)?.value ?? '')) })),
  ];
}

/** The stars with the average to one decimal and the count; "No reviews yet" for a part nobody has reviewed. */
function ratingCell(part: Part): Row['cells'][number] {
  if (!part.rating || part.rating.count === 0) return text(partReviewText.noReviews);
  const { average, count } = part.rating;
  return {
    text: ratingLabel(average, count),
    show: (
      <span className="rating" role="img" aria-label={ratingLabel(average, count)}>
        <span aria-hidden="true">
          <StarRating rating={average} />
        </span>
        <span aria-hidden="true">
          {average.toFixed(1)} ({count})
        </span>
      </span>
    ),
  };
}

/** A part's column head: its picture, its name (to its page) and the way to the cart; its price is the first row. */
function PartHead({ part }: { part: Part }) {
  return (
    <th scope="col">
      <div className="head">
        <img src={resolveImageUrl(part.img)} alt="" width={160} height={120} />
        <Link to={partHref(part._id)}>{part.name}</Link>
        {isSoldOut(part) ? <span className="sold-out">Sold out</span> : <AddToCartButton part={part} />}
      </div>
    </th>
  );
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
                <PartHead key={part._id} part={part} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rowsOf(parts).map((row) => {
              const differs = new Set(row.cells.map((cell) => cell.text)).size > 1;
              return (
                <tr key={row.label} data-differs={differs || undefined}>
                  <th scope="row">
                    {row.label}
                    {differs && <VisuallyHidden> ({compareText.differs})</VisuallyHidden>}
                  </th>
                  {row.cells.map((cell, index) => (
                    <td key={parts[index]!._id}>{cell.show}</td>
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
