import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { holdTimeLeftText, orderRuleText } from '@pcpp/contracts/core';

/** How often the text is brought up to date: it counts minutes. */
const TICK_MS = 15_000;

const Note = styled.span<{ $ended: boolean }>`
  display: block;
  font-size: 0.85rem;
  font-weight: 600;
  color: ${({ $ended }) => ($ended ? 'var(--color-danger)' : '#92400e')};
  .line { display: block; }
`;

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * The real time an unpaid order's hold has left (ORDER_HOLD_MINUTES), counting down while the page
 * is open. `compact`: two short lines for a table cell (the whole sentence as its title).
 */
export function HoldTimeLeft({ holdExpiresAt, className, compact = false }: { holdExpiresAt: string; className?: string; compact?: boolean }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const ended = Date.parse(holdExpiresAt) <= now;
  const left = holdTimeLeftText(holdExpiresAt, now);
  const until = clock.format(new Date(holdExpiresAt));
  const sentence = ended ? orderRuleText.holdEnded : orderRuleText.holdLeft(left, until);
  return (
    <Note className={className} $ended={ended} data-testid="hold-time-left" title={compact ? sentence : undefined}>
      {compact && !ended
        ? orderRuleText.holdLeftShort(holdTimeLeftText(holdExpiresAt, now, { short: true }), until).map((line) => (
            <span key={line} className="line">
              {line}
            </span>
          ))
        : sentence}
    </Note>
  );
}
