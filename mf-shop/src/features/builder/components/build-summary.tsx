import type { ReactNode } from 'react';
import styled from 'styled-components';
import { type BuildCheck, PART_ALLOWANCE_W, PSU_HEADROOM, buildStateLabels, formatCents } from '@pcpp/contracts/core';
import { surface } from '../../../components/surface';
import { stateColors } from './compatibility-panel';

const Box = styled.aside`
  ${surface}
  padding: 18px;
  display: grid;
  gap: 16px;
  align-content: start;
  h2 { margin: 0; font-size: 1.25rem; }
  dl { margin: 0; display: grid; gap: 8px; }
  dl > div { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; }
  dt { color: var(--color-ink-soft); }
  dd { margin: 0; font-weight: 700; text-align: right; font-variant-numeric: tabular-nums; }
  .total dd { font-size: 1.35rem; color: var(--color-primary-dark); }
  .hint { margin: 0; color: var(--color-muted); font-size: 0.9rem; }
  details { color: var(--color-ink-soft); font-size: 0.9rem; }
  summary { cursor: pointer; font-weight: 600; min-height: 32px; }
  hr { border: 0; border-top: 1px solid var(--color-border); margin: 0; width: 100%; }
`;

const StateBadge = styled.dd<{ $state: BuildCheck['state'] }>`
  && { color: ${({ $state }) => stateColors[$state].ink}; }
  background: ${({ $state }) => stateColors[$state].back};
  border-radius: 999px;
  padding: 2px 10px;
`;

/** The wattage formula, in words, from the very constants the rules use. */
export const WATTAGE_FORMULA =
  `CPU TDP + video card board power + ${PART_ALLOWANCE_W.Motherboard} W for the motherboard, ${PART_ALLOWANCE_W.Memory} W for memory, ` +
  `${PART_ALLOWANCE_W.Storage} W per drive and ${PART_ALLOWANCE_W['CPU Cooler']} W for the CPU cooler. The power supply should give ` +
  `${Math.round((PSU_HEADROOM - 1) * 100)} % more (headroom for load spikes and ageing); under 10 % spare beyond that gets a note.`;

/** Total, estimated wattage and compatibility state; then saving and sharing (children). */
export function BuildSummary({ check, children }: { check: BuildCheck; children: ReactNode }) {
  return (
    <Box aria-labelledby="summary-title">
      <h2 id="summary-title">Summary</h2>
      <dl>
        <div className="total">
          <dt>Total</dt>
          <dd data-testid="build-total">{formatCents(check.totalCents)}</dd>
        </div>
        <div>
          <dt>Estimated wattage</dt>
          <dd data-testid="build-wattage">{check.estimatedW} W</dd>
        </div>
        <div>
          <dt>Recommended power supply</dt>
          <dd>{check.recommendedW > 0 ? `${check.recommendedW} W or more` : '–'}</dd>
        </div>
        <div>
          <dt>Compatibility</dt>
          <StateBadge $state={check.state} data-testid="build-state">
            {buildStateLabels[check.state]}
          </StateBadge>
        </div>
      </dl>
      <p className="hint">The total counts each part at the quantity an order takes: one, or the part’s minimum order. Your CPU is not sold here and not counted.</p>
      <details>
        <summary>How the wattage is estimated</summary>
        <p>{WATTAGE_FORMULA}</p>
      </details>
      <hr />
      {children}
    </Box>
  );
}
