import styled from 'styled-components';
import { Link } from '@pcpp/contracts/router';
import { type ReturnStatus } from '@pcpp/contracts/core';
import { QueryView } from '@pcpp/contracts/ui';
import { useReturns } from '../api/get-returns';
import { placedAt } from './order-format';

const Box = styled.section`
  margin-top: 28px;
  h2 { margin: 0 0 4px; font-size: 1.25rem; }
  h3 { margin: 16px 0 8px; font-size: 1rem; }
  ul { display: grid; gap: 8px; margin: 0; padding: 0; list-style: none; }
  li { border: 1px solid var(--color-border); border-radius: 8px; padding: 10px 14px; overflow-wrap: anywhere; }
  li p { margin: 2px 0 0; color: var(--color-ink-soft); font-size: 0.9rem; }
  .none, .more { margin: 0; color: var(--color-ink-soft); }
`;

/** One list of returns in a status: the order's number (to its page), the parts, when, why. */
function ReturnList({ status, title, none }: { status: ReturnStatus; title: string; none: string }) {
  const returns = useReturns(status);
  const id = `returns-${status}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>
        {title}
        {returns.data && returns.data.total > 0 ? `: ${returns.data.total}` : ''}
      </h3>
      <QueryView query={returns} loadingLabel="Loading the returns…" failure="The returns could not be loaded.">
        {(page) =>
          page.items.length === 0 ? (
            <p className="none">{none}</p>
          ) : (
            <>
              <ul>
                {page.items.map((item) => (
                  <li key={item.returnId}>
                    <Link to={`/dashboard/allOrder/${item.orderNumber}`}>{item.orderNumber}</Link> ·{' '}
                    {item.lines.map((line) => `${line.quantity} × ${line.productName}`).join(', ')}
                    <p>
                      {item.email} · asked for {placedAt.format(new Date(item.requestedAt))} · {item.reason}
                    </p>
                  </li>
                ))}
              </ul>
              {page.total > page.items.length && <p className="more">and {page.total - page.items.length} more, oldest last</p>}
            </>
          )
        }
      </QueryView>
    </section>
  );
}

/** The returns that wait for the shop: a decision, or the parts to arrive. Each opens its order's page. */
export function ReturnsToHandle() {
  return (
    <Box aria-labelledby="returns-title">
      <h2 id="returns-title">Returns to handle</h2>
      <ReturnList status="requested" title="Asked for: approve or refuse" none="No return waits for a decision." />
      <ReturnList status="approved" title="Approved: mark received when the parts arrive" none="No approved return is on its way back." />
    </Box>
  );
}
