import styled from 'styled-components';
import { type BuildCheck, type BuildState, buildStateLabels } from '@pcpp/contracts/core';
import { surface } from '../../../components/surface';

export const stateColors: Readonly<Record<BuildState, { ink: string; back: string }>> = {
  compatible: { ink: 'var(--color-success)', back: '#dcfce7' },
  notes: { ink: '#92400e', back: '#fef3c7' },
  problems: { ink: 'var(--color-danger)', back: '#fee2e2' },
};

const Panel = styled.section<{ $state: BuildState }>`
  ${surface}
  border-left: 6px solid ${({ $state }) => stateColors[$state].ink};
  padding: 16px 18px;
  display: grid;
  gap: 10px;
  h2 { margin: 0; font-size: 1.15rem; color: ${({ $state }) => stateColors[$state].ink}; }
  p { margin: 0; color: var(--color-ink-soft); }
  ul { margin: 0; padding: 0; list-style: none; display: grid; gap: 8px; }
  li { overflow-wrap: anywhere; }
`;

export const Level = styled.strong<{ $level: 'problem' | 'note' }>`
  color: ${({ $level }) => ($level === 'problem' ? 'var(--color-danger)' : '#92400e')};
`;

const headline: Record<BuildState, string> = {
  compatible: 'no problems found.',
  notes: 'worth knowing before you buy.',
  problems: 'this build will not work as chosen.',
};

/**
 * What the rules say about the build, PCPartPicker's way: 'Problem:' and 'Note:' lines naming
 * both parts and the numbers. It never blocks anything: a build with Problems can be saved.
 */
export function CompatibilityPanel({
  check,
  extraNotes,
  empty,
}: {
  check: BuildCheck;
  /** Lines beside the rules' (a part no longer sold, a part still loading). */
  extraNotes: string[];
  empty: boolean;
}) {
  return (
    <Panel $state={check.state} aria-labelledby="compatibility-title" data-state={check.state}>
      <h2 id="compatibility-title">
        {buildStateLabels[check.state]}: {empty ? 'choose a part to start.' : headline[check.state]}
      </h2>
      {empty && <p>Start with your CPU or a motherboard: each list then shows only the parts that fit what you chose.</p>}
      {(check.results.length > 0 || extraNotes.length > 0) && (
        <ul aria-label="Compatibility">
          {check.results.map((result) => (
            <li key={`${result.rule}:${result.message}`} data-rule={result.rule} data-level={result.level}>
              <Level $level={result.level}>{result.level === 'problem' ? 'Problem:' : 'Note:'}</Level> {result.message}
            </li>
          ))}
          {extraNotes.map((text) => (
            <li key={text} data-level="note">
              <Level $level="note">Note:</Level> {text}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
