import styled from 'styled-components';
import { Link, useSearchParams } from '@pcpp/contracts/router';
import {
  DEFAULT_OVERVIEW_DAYS,
  formatCents,
  type LowStockAnswer,
  OVERVIEW_PERIODS,
  OVERVIEW_STATES,
  type Overview,
  type OverviewDays,
  overviewText,
  pageMeta,
  type TopPart,
} from '@pcpp/contracts/core';
import { PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { AdminTable, TableBox } from '../../../components/admin-table';
import { useLowStock } from '../api/get-low-stock';
import { useOverview } from '../api/get-overview';
import { change, ordersSummary, percentOf, revenueSummary } from './overview-format';
import { SalesChart } from './sales-chart';

const Section = styled.section`
  margin-top: 28px;
  display: grid;
  gap: 12px;
  min-width: 0;
  h2 { margin: 0; font-size: 1.3rem; }
  .none { margin: 0; color: var(--color-ink-soft); }
`;

const Periods = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0 0 16px;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 8px 14px;
    border: 1px solid var(--color-border);
    border-radius: 999px;
    color: var(--color-ink);
    text-decoration: none;
    font-weight: 600;
  }
  a[aria-current='page'] { background: var(--color-primary); border-color: var(--color-primary); color: #fff; }
`;

const Cards = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 12px;
  margin: 0;
  div { padding: 12px 14px; border: 1px solid var(--color-border); border-radius: 8px; min-width: 0; }
  dt { color: var(--color-ink-soft); font-size: 0.9rem; font-weight: 600; }
  dd { margin: 4px 0 0; font-size: 1.35rem; font-weight: 700; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
  dd small { display: block; font-size: 0.85rem; font-weight: 400; color: var(--color-ink-soft); }
`;

const StateLinks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 12px;
  a {
    display: grid;
    gap: 2px;
    min-height: 44px;
    padding: 12px 14px;
    border: 1px solid var(--color-border);
    border-radius: 8px;
    text-decoration: none;
    color: var(--color-ink);
  }
  a:hover { border-color: var(--color-primary); }
  strong { font-size: 1.5rem; font-variant-numeric: tabular-nums; }
  span { color: var(--color-primary-dark); font-weight: 600; }
`;

const Charts = styled.div`
  display: grid;
  gap: 24px;
  @media (min-width: 1200px) { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
`;

const TopLists = styled.div`
  display: grid;
  gap: 24px;
  @media (min-width: 1200px) { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
  h3 { margin: 0 0 8px; font-size: 1.1rem; }
`;

/** The period in the address (?days=7|30|90); anything else is the default. */
function usePeriod(): OverviewDays {
  const [params] = useSearchParams();
  return OVERVIEW_PERIODS.find((days) => String(days) === params.get('days')) ?? DEFAULT_OVERVIEW_DAYS;
}

/** Each state a link to All Orders filtered to it; the open returns to All Orders' returns section. */
function OrderStates({ overview }: { overview: Overview }) {
  return (
    <Section aria-labelledby="states-title">
      <h2 id="states-title">Orders now</h2>
      <p className="none">Each opens All Orders with those orders.</p>
      <StateLinks>
        {OVERVIEW_STATES.map((state) => (
          <li key={state}>
            <Link to={`/dashboard/allOrder?status=${state}`}>
              <strong>{overview.states[state]}</strong>
              <span>{overviewText.states[state]}</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to="/dashboard/allOrder#returns-title">
            <strong>{overview.returnsOpen}</strong>
            <span>{overviewText.returnsOpen}</span>
          </Link>
        </li>
      </StateLinks>
    </Section>
  );
}

function Totals({ overview }: { overview: Overview }) {
  const { current, previous, days } = overview;
  const versus = (now: number, before: number, show: (value: number) => string) => {
    const compared = change(now, before);
    return compared ? `${compared} ${show(before)}` : `none the ${days} days before`;
  };
  const cards: [string, string, string][] = [
    ['Revenue', formatCents(current.revenue), versus(current.revenue, previous.revenue, formatCents)],
    ['Paid orders', String(current.orders), versus(current.orders, previous.orders, String)],
    ['Average order value', formatCents(current.averageOrderValue), `before: ${formatCents(previous.averageOrderValue)}`],
    ['Refunds', formatCents(current.refunds), `before: ${formatCents(previous.refunds)}`],
    ['Placed orders paid', percentOf(current.paidShare), `${current.orders} of ${current.placed} placed`],
  ];
  return (
    <Cards aria-label={`Totals of the last ${days} days`}>
      {cards.map(([label, value, note]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {value}
            <small>{note}</small>
          </dd>
        </div>
      ))}
    </Cards>
  );
}

function TopTable({ title, parts, by }: { title: string; parts: TopPart[]; by: 'revenue' | 'units' }) {
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {parts.length === 0 ? (
        <p className="none">{overviewText.noSales}</p>
      ) : (
        <TableBox>
          <AdminTable aria-label={title}>
            <thead>
              <tr>
                <th scope="col">Part</th>
                <th scope="col">{by === 'revenue' ? 'Revenue' : 'Units'}</th>
                <th scope="col">{by === 'revenue' ? 'Units' : 'Revenue'}</th>
              </tr>
            </thead>
            <tbody>
              {parts.map((part) => (
                <tr key={part.productId}>
                  <th scope="row">
                    <Link to={`/dashboard/manageproduct/${part.productId}`}>{part.name}</Link>
                  </th>
                  <td className="number" data-label={by === 'revenue' ? 'Revenue' : 'Units'}>
                    {by === 'revenue' ? formatCents(part.revenue) : part.units}
                  </td>
                  <td className="number" data-label={by === 'revenue' ? 'Units' : 'Revenue'}>
                    {by === 'revenue' ? part.units : formatCents(part.revenue)}
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
        </TableBox>
      )}
    </section>
  );
}

function LowStockTable({ answer }: { answer: LowStockAnswer }) {
  if (answer.items.length === 0) return <p className="none">{overviewText.noLowStock}</p>;
  return (
    <TableBox>
      <AdminTable aria-label="Parts low on stock">
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">In stock</th>
            <th scope="col">Sold in 30 days</th>
            <th scope="col">Days of cover</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {answer.items.map((item) => (
            <tr key={item.productId}>
              <th scope="row">
                <Link to={`/dashboard/manageproduct/${item.productId}`} aria-label={`Edit ${item.name}`}>
                  {item.name}
                </Link>
                <span className="byline muted">{item.category}</span>
              </th>
              <td className="number" data-label="In stock">{item.stock}</td>
              <td className="number" data-label="Sold in 30 days">{item.soldLast30Days}</td>
              <td className="number" data-label="Days of cover">{item.daysOfCover ?? '–'}</td>
              <td data-label="Why">
                {item.reason === 'threshold' ? `${answer.threshold} or fewer left` : `runs out within ${answer.coverDays} days`}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </TableBox>
  );
}

function LowStock() {
  const lowStock = useLowStock(1);
  return (
    <Section aria-labelledby="low-stock-title">
      <h2 id="low-stock-title">Low stock</h2>
      <QueryView query={lowStock} loadingLabel="Loading the low-stock list…" failure={overviewText.lowStockFailed}>
        {(answer) => (
          <>
            <LowStockTable answer={answer} />
            {answer.total > answer.items.length && <p className="none">and {answer.total - answer.items.length} more, closest to running out first</p>}
          </>
        )}
      </QueryView>
    </Section>
  );
}

/** The admin's landing page (issue 34): how sales went, what waits, what sells, what runs out. */
export function OverviewPage() {
  usePageMeta(pageMeta.overview);
  const days = usePeriod();
  const overview = useOverview(days);
  return (
    <Panel aria-labelledby="overview-title">
      <PageTitle id="overview-title">{overviewText.title}</PageTitle>
      <Periods aria-label="Period">
        {OVERVIEW_PERIODS.map((option) => (
          <Link key={option} to={`?days=${option}`} aria-current={option === days ? 'page' : undefined} replace>
            {overviewText.period(option)}
          </Link>
        ))}
      </Periods>
      <QueryView query={overview} loadingLabel={overviewText.loading} failure={overviewText.failed}>
        {(figures) => (
          <>
            <Totals overview={figures} />
            <OrderStates overview={figures} />
            <Section aria-labelledby="sales-title">
              <h2 id="sales-title">Sales per day</h2>
              <Charts>
                <SalesChart title="Revenue" summary={revenueSummary(figures)} series={figures.series} measure="revenue" />
                <SalesChart title="Paid orders" summary={ordersSummary(figures)} series={figures.series} measure="orders" />
              </Charts>
            </Section>
            <Section aria-labelledby="top-title">
              <h2 id="top-title">Top parts</h2>
              <TopLists>
                <TopTable title="Top 10 by revenue" parts={figures.topByRevenue} by="revenue" />
                <TopTable title="Top 10 by units" parts={figures.topByUnits} by="units" />
              </TopLists>
            </Section>
          </>
        )}
      </QueryView>
      <LowStock />
    </Panel>
  );
}

export default OverviewPage;
