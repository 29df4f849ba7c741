import { useEffect, useRef, useState } from 'react';
import { NavLink } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { useAuth } from '@pcpp/contracts';
import { publicNameOf } from '@pcpp/contracts/core';
import { signOutEverywhere } from '../../features/auth/api/firebase-session-loader';
import { Brand } from './brand';
import { CartLink } from './cart-link';
import { PaymentsDueLink } from './payments-due-link';
import { useNavbarHeight } from './use-navbar-height';

const Bar = styled.header`
  background: var(--color-ink);
  color: #fff;
  position: sticky;
  top: 0;
  z-index: 10;
`;

// The same width and gutters as the pages' content, so the logo lines up with it.
const Inner = styled.nav`
  max-width: var(--content-width);
  margin: 0 auto;
  padding: 12px 16px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  /* The phone's row is tight (logo, payments due, cart, menu at 375 px): 4 px between them. */
  gap: 8px 4px;
  /* Never two rows from 768 px: the greeting gives up its width (an ellipsis) before anything wraps. */
  @media (min-width: 768px) { padding: 12px 24px; flex-wrap: nowrap; }
  > * { flex-shrink: 0; }
`;

// The cart and, on a phone, the menu toggle: beside the logo on a phone, after the links from 768 px.
const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
  @media (min-width: 768px) { order: 2; }
`;

const MenuToggle = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  background: transparent;
  border: 1px solid rgb(255 255 255 / 0.3);
  border-radius: 8px;
  color: #fff;
  cursor: pointer;
  @media (min-width: 768px) { display: none; }
`;

const Links = styled.ul<{ $open: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  flex-direction: column;
  gap: 4px;
  @media (min-width: 768px) {
    order: 1;
    margin-left: auto;
    display: flex;
    flex-direction: row;
    align-items: center;
    width: auto;
    min-width: 0;
    && { flex-shrink: 1; }
  }
  a, button {
    display: block;
    min-height: 44px;
    padding: 10px 14px;
    border-radius: 8px;
    color: #e2e8f0;
    text-decoration: none;
    font-weight: 500;
    background: none;
    border: 0;
    cursor: pointer;
    text-align: left;
    white-space: nowrap;
  }
  /* Tablets: six items and the logo share one row. */
  @media (min-width: 768px) and (max-width: 1023px) {
    a, button { padding: 10px 8px; }
  }
  /* Wide screens: room for the greeting beside the payments due and the cart. */
  @media (min-width: 1024px) {
    a, button { padding: 10px 11px; }
  }
  a:hover, button:hover { background: rgb(255 255 255 / 0.08); color: #fff; }
  /* The current page: brighter, with the accent bar under it (beside it in the phone menu). */
  a[aria-current='page'] {
    color: #fff;
    background: rgb(255 255 255 / 0.12);
    box-shadow: inset 3px 0 0 var(--color-accent);
    @media (min-width: 768px) { box-shadow: inset 0 -3px 0 var(--color-accent); }
  }
`;

const Greeting = styled.li`
  padding: 10px 14px;
  color: #cbd5e1;
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  @media (min-width: 768px) { min-width: 0; max-width: 16rem; padding: 10px 6px 10px 14px; }
  /* No room beside the links on a tablet; phones show it in the menu. */
  @media (min-width: 768px) and (max-width: 1023px) { display: none; }
`;

// A quiet outline: signing out is never the loudest thing on the page.
const SignOutButton = styled.button`
  && {
    border: 1px solid rgb(255 255 255 / 0.3);
    color: #e2e8f0;
  }
`;

const LoginLink = styled(NavLink)`
  && {
    background: var(--color-accent);
    color: var(--color-ink);
    font-weight: 700;
  }
  &&:hover { background: #fbbf24; color: var(--color-ink); }
`;

export function Navbar() {
  const status = useAuth((s) => s.status);
  const user = useAuth((s) => s.user);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const bar = useRef<HTMLElement>(null);
  useNavbarHeight(bar);

  // Escape closes the phone menu and puts focus back on the toggle that opened it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const signedIn = status === 'signedIn' && user;
  return (
    <Bar ref={bar}>
      <Inner aria-label="Main">
        <Brand />
        <Actions>
          <PaymentsDueLink />
          <CartLink />
          <MenuToggle
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls="main-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d={open ? 'M6 6l12 12M18 6L6 18' : 'M3 6h18M3 12h18M3 18h18'}
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </MenuToggle>
        </Actions>
        {/* Any click inside the menu (a link or Sign Out) closes it on small screens. */}
        <Links id="main-menu" $open={open} onClick={() => setOpen(false)}>
          <li><NavLink to="/" end>Home</NavLink></li>
          <li><NavLink to="/products">Products</NavLink></li>
          <li><NavLink to="/builder">PC Builder</NavLink></li>
          <li><NavLink to="/blogs">Blogs</NavLink></li>
          <li><NavLink to="/portfolio">Portfolio</NavLink></li>
          {signedIn && <li><NavLink to="/dashboard">Dashboard</NavLink></li>}
          {signedIn ? (
            <>
              <Greeting data-testid="navbar-greeting" title={publicNameOf(user)}>
                Hi, {publicNameOf(user)}
              </Greeting>
              <li>
                <SignOutButton type="button" onClick={() => void signOutEverywhere()}>
                  Sign Out
                </SignOutButton>
              </li>
            </>
          ) : (
            // Until the session is known the link keeps its place unseen: a signed-in person never sees "Login" flash.
            // Marked so: a page read without scripts (server-rendered) shows it all the same.
            <li style={status === 'unknown' ? { visibility: 'hidden' } : undefined} data-until-session={status === 'unknown' ? '' : undefined}>
              <LoginLink to="/login">Login</LoginLink>
            </li>
          )}
        </Links>
      </Inner>
    </Bar>
  );
}
