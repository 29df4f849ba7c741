import styled from 'styled-components';

/** Where the admin tables become tables: one card per row below. */
export const ADMIN_TABLE_FROM = 1100;

/** The admin tables: a table from 1100 px (scrolling inside its own box), one card per row below. */
export const TableBox = styled.div`
  @media (min-width: 1100px) {
    overflow-x: auto;
    border: 1px solid var(--color-border);
    border-radius: 8px;
  }
`;

export const AdminTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  th, td { padding: 10px 8px; text-align: left; vertical-align: middle; }
  thead th { background: var(--color-page); font-weight: 700; font-size: 0.85rem; }
  td.number { font-variant-numeric: tabular-nums; }
  .muted { color: var(--color-ink-soft); }
  /* A second line under a row's heading, such as a reviewer's email. */
  .byline { display: block; font-weight: 400; font-size: 0.85rem; }
  .nowrap { white-space: nowrap; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; }
  img.avatar { width: 48px; height: 48px; object-fit: contain; border-radius: 8px; background: #eef2f7; }

  @media (min-width: 1100px) {
    th, td { border-bottom: 1px solid var(--color-border); }
    td { overflow-wrap: anywhere; }
    /* Names and emails wrap between words (an email before its @), not inside one. */
    td.words { overflow-wrap: break-word; }
    td button { padding: 8px 12px; font-size: 0.9rem; overflow-wrap: normal; }
    td.number { text-align: right; white-space: nowrap; }
    td.nowrap { white-space: nowrap; overflow-wrap: normal; }
    tbody tr:last-child > * { border-bottom: 0; }
  }

  @media (max-width: 1099.98px) {
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    tbody { display: grid; gap: 12px; }
    tr { display: grid; gap: 4px; padding: 12px; border: 1px solid var(--color-border); border-radius: 8px; }
    th, td { display: grid; grid-template-columns: 8.5em 1fr; gap: 8px; padding: 2px 0; overflow-wrap: anywhere; }
    th[scope='row'] { display: block; font-size: 1.05rem; padding-bottom: 6px; }
    td::before { content: attr(data-label); color: var(--color-ink-soft); font-weight: 600; }
    td:empty { display: none; }
  }
`;

/** Search and filter controls above a table. */
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 12px;
  margin: 0 0 16px;
  label { display: grid; gap: 4px; font-weight: 600; font-size: 0.9rem; flex: 1 1 8.5rem; max-width: 16rem; }
  /* A search box gets a row of its own on a phone, and room for its placeholder. */
  label:has(input[type='search']) { flex: 2 1 13rem; max-width: 28rem; }
  /* A select whose longest option is long (All categories) keeps room for it. */
  label.wide { flex-basis: 11rem; }
  input, select { width: 100%; min-height: 44px; padding: 8px 10px; border: 1px solid #94a3b8; border-radius: 8px; background: #fff; }
`;
