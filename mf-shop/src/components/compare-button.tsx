import { useState } from 'react';
import { compareText, type Part } from '@pcpp/contracts/core';
import { Button } from '@pcpp/contracts/ui';
import styled from 'styled-components';
import { addToTray, removeFromTray, useCompareTray } from '../lib/compare-tray';

/** Why the tray refused the part: a whole line of its own under the buttons, never squeezed beside them. */
const Refusal = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  padding: 8px 12px;
  border-left: 4px solid var(--color-accent);
  background: #fffbeb;
  overflow-wrap: anywhere;
`;

/**
 * "Compare" on a card or a part's page: puts the part in the compare tray (or takes it out). Named
 * for screen readers by its part ("Compare …"); pressed while the part is in the tray.
 */
export function CompareButton({ part }: { part: Part }) {
  const tray = useCompareTray();
  const [problem, setProblem] = useState<string | null>(null);
  const held = tray.some((found) => found._id === part._id);
  return (
    <>
      <Button
        type="button"
        $variant="secondary"
        aria-pressed={held}
        aria-label={compareText.addPart(part.name)}
        onClick={() => (held ? (removeFromTray(part._id), setProblem(null)) : setProblem(addToTray(part)))}
      >
        {compareText.add}
      </Button>
      {problem && <Refusal role="status">{problem}</Refusal>}
    </>
  );
}
