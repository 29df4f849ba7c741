import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth } from '@pcpp/contracts';
import { signOutEverywhere } from '../../features/auth/api/firebase-session';
import { Brand } from './brand';

const Bar = styled.header`
  background: var(--color-ink);
  color: #fff;
  position: sticky;
  top: 0;
  z-index: 10;
`;

const Inner = styled.nav`
  max-width: var(--content-width);
  margin: 0 auto;
  padding: 12px 16px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 8px;
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
    display: flex;
    flex-direction: row;
    align-items: center;
    width: auto;
  }
  a, button {
    display: block;
    padding: 10px 14px;
    border-radius: 8px;
    color: #e2e8f0;
    text-decoration: none;
    font-weight: 500;
    background: none;
    border: 0;
    cursor: pointer;
    text-align: left;
  }
  a:hover, button:hover { background: rgb(255 255 255 / 0.08); color: #fff; }
  a.active { color: #fff; background: rgb(255 255 255 / 0.12); }
`;

const AuthButton = styled.button`
  && {
    background: var(--color-accent);
    color: var(--color-ink);
    font-weight: 700;
  }
  &&:hover { background: #fbbf24; color: var(--color-ink); }
`;

export function Navbar() {
  const status = useAuth((s) => s.status);
  const [open, setOpen] = useState(false);

  return (
    <Bar>
      <Inner aria-label="Main">
        <Brand />
        <MenuToggle
          type="button"
          aria-expanded={open}
          aria-controls="main-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </MenuToggle>
        {/* Any click inside the menu (a link or Sign Out) closes it on small screens. */}
        <Links id="main-menu" $open={open} onClick={() => setOpen(false)}>
          <li><NavLink to="/" end>Home</NavLink></li>
          <li><NavLink to="/blogs">Blogs</NavLink></li>
          <li><NavLink to="/portfolio">Portfolio</NavLink></li>
          {status === 'signedIn' && <li><NavLink to="/dashboard">Dashboard</NavLink></li>}
          <li>
            {status === 'signedIn' ? (
              <AuthButton type="button" onClick={() => void signOutEverywhere()}>
                Sign Out
              </AuthButton>
            ) : (
              <NavLink to="/login">Login</NavLink>
            )}
          </li>
        </Links>
      </Inner>
    </Bar>
  );
}
