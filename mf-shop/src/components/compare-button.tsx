import { useState } from 'react';
import { compareText, type Part } from '@pcpp/contracts/core';
import { Button } from '@pcpp/contracts/ui';
import { addToTray, removeFromTray, useCompareTray } from '../lib/compare-tray';

/** "Compare" on a card or a part's page: puts the part in the compare tray (or takes it out). */
export function CompareButton({ part, describedBy }: { part: Part; describedBy?: string }) {
  const tray = useCompareTray();
  const [problem, setProblem] = useState<string | null>(null);
  const held = tray.some((found) => found._id === part._id);
  return (
    <>
      <Button
        type="button"
        $variant="secondary"
        aria-pressed={held}
        aria-describedby={describedBy}
        onClick={() => (held ? (removeFromTray(part._id), setProblem(null)) : setProblem(addToTray(part)))}
      >
        {compareText.add}
      </Button>
      {problem && <span role="status">{problem}</span>}
    </>
  );
}
