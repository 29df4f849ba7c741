import { useState } from 'react';
import styled from 'styled-components';
import { demoDatabaseBanner } from '@pcpp/contracts/core';
import { Button } from '@pcpp/contracts/ui';

/** Dismissed once, gone for the rest of the browser session (every admin page, every reload). */
export const DISMISSED_KEY = 'pcpp.demoDatabaseBanner.dismissed';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  margin: 0 0 16px;
  padding: 10px 12px 10px 16px;
  border: 1px solid #f59e0b;
  border-left-width: 6px;
  border-radius: var(--radius);
  background: #fffbeb;
  color: #78350f;
  p { margin: 0; font-weight: 600; flex: 1 1 16em; }
`;

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * `demoDatabase`: the api runs on the in-memory demo database (/config.json says so), so the
 * data the admin works on goes when the server restarts.
 */
export function DemoDatabaseBanner({ demoDatabase }: { demoDatabase: boolean }) {
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  if (!demoDatabase || dismissed) return null;
  return (
    <Bar role="note" aria-label="Demo database">
      <p>{demoDatabaseBanner.text}</p>
      <Button
        type="button"
        $variant="secondary"
        onClick={() => {
          try {
            sessionStorage.setItem(DISMISSED_KEY, 'true');
          } catch {
            // Storage refused (private mode): dismissed for this page only.
          }
          setDismissed(true);
        }}
      >
        {demoDatabaseBanner.dismiss}
      </Button>
    </Bar>
  );
}
