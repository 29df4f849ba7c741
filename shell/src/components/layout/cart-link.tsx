import { NavLink } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { useCartCount } from '@pcpp/contracts';
import { cartText } from '@pcpp/contracts/core';

const Link = styled(NavLink)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 8px;
  color: #e2e8f0;
  &:hover { background: rgb(255 255 255 / 0.08); color: #fff; }
  &[aria-current='page'] { color: #fff; background: rgb(255 255 255 / 0.12); }
`;

const Count = styled.span`
  position: absolute;
  top: 2px;
  right: 0;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: 10px;
  background: var(--color-accent);
  color: var(--color-ink);
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 20px;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

/** The navbar's cart: an icon with how many parts are in it (the count comes from contracts' cart layer). */
export function CartLink() {
  const count = useCartCount();
  return (
    <Link to="/cart" aria-label={cartText.navLabel(count ?? 0)} data-testid="navbar-cart">
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.76L20.5 8H6.2" />
        <circle cx="9" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      {/* Nothing while the cart is unknown or empty: a number appears only when there is one to show. */}
      {count ? <Count aria-hidden="true">{count > 99 ? '99+' : count}</Count> : null}
    </Link>
  );
}
