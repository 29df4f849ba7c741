import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { BUILD_SLOTS, type Part, SPECS_UNKNOWN, builderHref, slotCategory, specRows } from '@pcpp/contracts/core';
import { surface } from '../../../components/surface';

const Box = styled.section`
  ${surface}
  padding: 16px 20px;
  h2 { margin: 0 0 8px; font-size: 1.15rem; }
  table { width: 100%; border-collapse: collapse; }
  th, td { padding: 8px 0; text-align: left; vertical-align: top; border-top: 1px solid var(--color-border); }
  th { width: 45%; padding-right: 12px; color: var(--color-ink-soft); font-weight: 500; }
  td { font-weight: 700; overflow-wrap: anywhere; }
  p { margin: 8px 0 0; color: var(--color-muted); }
  a { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
`;

/** The part's specs as a table (or that it has none), and a way into the builder with it. */
export function SpecTable({ part }: { part: Part }) {
  const rows = specRows(part);
  const slot = BUILD_SLOTS.find((candidate) => slotCategory[candidate] === part.category)!;
  return (
    <Box aria-labelledby="specs-title">
      <h2 id="specs-title">Specifications</h2>
      {rows.length > 0 ? (
        <table>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>This part has no structured specs: {SPECS_UNKNOWN} by the PC Builder.</p>
      )}
      <Link to={builderHref({ cpu: null, parts: { [slot]: part._id } })}>Plan a PC build with this part</Link>
    </Box>
  );
}
