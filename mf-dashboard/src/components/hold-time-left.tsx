import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { holdTimeLeftText, orderRuleText } from '@pcpp/contracts';

/** How often the text is brought up to date: it counts minutes. */
const TICK_MS = 15_000;

const Note = styled.span<{ $ended: boolean }>`
  display: block;
  font-size: 0.85rem;
  font-weight: 600;
  color: ${({ $ended }) => ($ended ? 'var(--color-danger)' : '#92400e')};
`;

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** The real time an unpaid order's hold has left (ORDER_HOLD_MINUTES), counting down while the page is open. */
export function HoldTimeLeft({ holdExpiresAt, className }: { holdExpiresAt: string; className?: string }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const ended = Date.parse(holdExpiresAt) <= now;
  return (
    <Note className={className} $ended={ended} data-testid="hold-time-left">
      {ended ? orderRuleText.holdEnded : orderRuleText.holdLeft(holdTimeLeftText(holdExpiresAt, now), clock.format(new Date(holdExpiresAt)))}
    </Note>
  );
}
