import styled from 'styled-components';
import type { RemoteErrorGroup } from '@pcpp/contracts/core';
import { AdminTable, TableBox } from '../../../components/admin-table';
import { when } from './release-format';

/** The latest report's stack, folded: frames of the remote's files as its source names them. */
const Stack = styled.details`
  font-weight: 400;
  font-size: 0.85rem;
  margin-top: 4px;
  summary { cursor: pointer; min-height: 24px; }
  pre { margin: 4px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.8rem; }
`;

const KINDS: Record<RemoteErrorGroup['kind'], string> = { load: 'Would not load', runtime: 'Runtime error' };

/** The last day's errors of a remote, one row per message (and version): how often, how widely, when last. */
export function ErrorGroups({ name, errors }: { name: string; errors: RemoteErrorGroup[] }) {
  if (errors.length === 0) return <p>No errors reported in the last 24 hours.</p>;
  return (
    <TableBox>
      <AdminTable aria-label={`${name} errors`}>
        <thead>
          <tr>
            <th scope="col">Message</th>
            <th scope="col">Kind</th>
            <th scope="col">Version</th>
            <th scope="col">Reports</th>
            <th scope="col">Cohorts</th>
            <th scope="col">Last seen</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((group) => (
            <tr key={`${group.kind}-${group.version}-${group.message}`}>
              <th scope="row">
                <code>{group.message}</code>
                {/* Mapped on the server from the version's source maps (never public): where in the remote's source. */}
                {group.where ? (
                  <span className="byline" data-testid="error-source">
                    at <code>{group.where}</code>
                  </span>
                ) : null}
                {group.stack && group.stack.length > 1 ? (
                  <Stack>
                    <summary>Stack</summary>
                    <pre data-testid="error-stack">{group.stack.join('\n')}</pre>
                  </Stack>
                ) : null}
              </th>
              <td data-label="Kind">{KINDS[group.kind]}</td>
              {/* Whole on a wide screen (a version breaks nowhere but at its end); on a phone the card wraps it. */}
              <td data-label="Version" className="words">
                <code>{group.version ?? 'unknown'}</code>
              </td>
              <td data-label="Reports" className="number">
                {group.count}
              </td>
              <td data-label="Cohorts" className="number">
                {group.cohorts}
              </td>
              <td data-label="Last seen">
                {when.format(new Date(group.lastSeen))}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </TableBox>
  );
}
