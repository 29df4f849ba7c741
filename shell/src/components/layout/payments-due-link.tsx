import { NavLink } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { useOrdersAwaitingPayment } from '@pcpp/contracts';
import { checkoutText } from '@pcpp/contracts/core';

const Link = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 0 6px;
  @media (min-width: 480px) { padding: 0 10px; }
  border-radius: 8px;
  color: #fde68a;
  font-weight: 700;
  text-decoration: none;
  white-space: nowrap;
  &:hover { background: rgb(255 255 255 / 0.08); color: #fff; }
  span { font-variant-numeric: tabular-nums; }
  /* A phone's bar keeps the logo, this, the cart and the menu on one row: the number alone. */
  .words { display: none; }
  @media (min-width: 480px) { .words { display: inline; } }
  /* Read, not shown: the name starts with what is shown (WCAG 2.5.3) and says what it counts. */
  .said { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

/** Shown while orders wait for payment: how many, leading to My Orders (where each has its Pay). */
export function PaymentsDueLink() {
  const count = useOrdersAwaitingPayment();
  if (!count) return null;
  return (
    <Link to="/dashboard/myorders" data-testid="navbar-payments-due">
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </svg>
      <span>
        {count}
        <span className="words"> to pay</span>
      </span>
      <span className="said"> ({checkoutText.waitingForPayment(count)})</span>
    </Link>
  );
}
