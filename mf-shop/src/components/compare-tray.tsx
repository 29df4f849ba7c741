import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { compareHref, compareText } from '@pcpp/contracts/core';
import { Button } from '@pcpp/contracts/ui';
import { clearTray, removeFromTray, useCompareTray } from '../lib/compare-tray';

const Bar = styled.aside`
  position: fixed;
  inset: auto 0 0 0;
  z-index: 20;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 8px 12px;
  padding: 10px 16px;
  background: var(--color-surface, #fff);
  border-top: 1px solid var(--color-border);
  box-shadow: 0 -4px 16px rgb(15 23 42 / 0.12);
  /* On a phone the bar stays one line: the count and the buttons (the page lists the parts). */
  ul { display: none; }
  @media (min-width: 768px) { ul { display: flex; } }
  ul { flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; flex: 1; min-width: 0; }
  li button { min-height: 44px; border: 1px solid var(--color-border); border-radius: 999px; background: none; padding: 0 12px; font: inherit; cursor: pointer; max-width: 16rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

/** The compare tray: the parts chosen, each removable, and the way to the compare page. Shown once it holds one. */
/** Room at the page's end, so the fixed bar never hides its last lines. */
const Spacer = styled.div`
  height: 88px;
`;

export function CompareTray() {
  const parts = useCompareTray();
  if (parts.length === 0) return null;
  return (
    <>
    <Spacer aria-hidden="true" />
    <Bar aria-label={compareText.trayLabel}>
      <ul>
        {parts.map((part) => (
          <li key={part._id}>
            <button type="button" onClick={() => removeFromTray(part._id)} aria-label={`${compareText.remove}: ${part.name}`}>
              {part.name} ×
            </button>
          </li>
        ))}
      </ul>
      <Button as={Link} to={compareHref(parts.map((part) => part._id))}>
        {compareText.open(parts.length)}
      </Button>
      <Button type="button" $variant="secondary" onClick={clearTray}>
        {compareText.clear}
      </Button>
    </Bar>
    </>
  );
}
