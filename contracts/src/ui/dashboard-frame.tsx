import { useState, type ReactNode } from 'react';
import { NavLink, Outlet } from '@pcpp/contracts/router';
import styled, { keyframes } from 'styled-components';
import { useAdminFlag, useAuth } from '@pcpp/contracts';
import { SessionSummary } from '@pcpp/contracts/ui';
import { VerifyEmailBanner } from './verify-email-banner';

export interface DashboardLink {
  to: string;
  label: string;
}

/**
 * The dashboard's sidebar (spec §2, Dashboard layout). The admin pages belong to mf-admin and
 * the others to mf-dashboard; both remotes frame their pages with this one component, so the
 * sidebar is the same everywhere and still there when the other remote is down.
 */
export const dashboardLinks = {
  everyone: [
    { to: '/dashboard', label: 'My Profile' },
    // Account settings (issue 46): the spec's My Profile stays as it is.
    { to: '/dashboard/settings', label: 'Settings' },
  ],
  customer: [
    { to: '/dashboard/myOrders', label: 'My Orders' },
    { to: '/dashboard/myBuilds', label: 'My Builds' },
    { to: '/dashboard/myAlerts', label: 'My Alerts' },
    { to: '/dashboard/addReview', label: 'Add a Review' },
  ],
  admin: [
    // The admin's landing page: how the shop is doing (issue 34).
    { to: '/dashboard/overview', label: 'Overview' },
    { to: '/dashboard/makeadmin', label: 'Make Admin' },
    { to: '/dashboard/allOrder', label: 'Manage All Orders' },
    { to: '/dashboard/manageproduct', label: 'Manage Products' },
    { to: '/dashboard/addproduct', label: 'Add a Product' },
    { to: '/dashboard/reviews', label: 'Reviews' },
    { to: '/dashboard/activity', label: 'Activity' },
    { to: '/dashboard/releases', label: 'Releases' },
  ],
} as const satisfies Record<string, readonly DashboardLink[]>;

/** The sidebar's links for a role; `null` (role not known yet) gives the links everyone has. */
export function dashboardLinksFor(admin: boolean | null): DashboardLink[] {
  if (admin === null) return [...dashboardLinks.everyone];
  return [...dashboardLinks.everyone, ...(admin ? dashboardLinks.admin : dashboardLinks.customer)];
}

const SMALL = '(max-width: 767.98px)';

const Frame = styled.div`
  width: 100%;
  max-width: var(--content-width);
  margin: 0 auto;
  padding: 16px;
  display: grid;
  gap: 16px;
  @media (min-width: 768px) {
    grid-template-columns: 240px minmax(0, 1fr);
    align-items: start;
    gap: 24px;
    padding: 32px 24px 48px;
  }
`;

const MenuToggle = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  min-height: 48px;
  padding: 10px 16px;
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-surface);
  color: var(--color-ink);
  font-weight: 700;
  cursor: pointer;
  box-shadow: var(--shadow);
  svg { transition: transform 0.15s ease; }
  &[aria-expanded='true'] svg { transform: rotate(180deg); }
  @media (min-width: 768px) { display: none; }
`;

const Sidebar = styled.aside<{ $open: boolean }>`
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
  padding: 16px 12px;
  @media ${SMALL} {
    display: ${({ $open }) => ($open ? 'block' : 'none')};
  }
  @media (min-width: 768px) {
    position: sticky;
    top: 88px;
  }
`;

const SidebarTitle = styled.p`
  margin: 0 8px 4px;
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: var(--color-muted);
`;

const Who = styled.div`
  margin: 0 8px 12px;
  padding-bottom: 12px;
  border-bottom: 1px solid var(--color-border);
  color: var(--color-ink-soft);
  font-size: 0.875rem;
  overflow-wrap: anywhere;
  p { margin: 0; }
`;

const Links = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
  a {
    display: flex;
    align-items: center;
    min-height: 44px;
    padding: 8px 12px;
    border-left: 4px solid transparent;
    border-radius: 8px;
    color: var(--color-ink-soft);
    text-decoration: none;
    font-weight: 500;
  }
  a:hover { background: var(--color-page); color: var(--color-ink); }
  a[aria-current='page'] {
    background: #dbeafe;
    border-left-color: var(--color-primary);
    color: var(--color-primary-dark);
    font-weight: 700;
  }
`;

const pulse = keyframes`50% { opacity: 0.45; }`;

const LoadingLinks = styled.li`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 8px 16px;
  color: var(--color-muted);
  font-size: 0.875rem;
  &::before {
    content: '';
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: var(--color-primary);
    animation: ${pulse} 1s ease-in-out infinite;
  }
`;

const Content = styled.div`
  min-width: 0;
`;

/** The dashboard layout: the sidebar by role, and the page. Below 768 px the sidebar folds behind a toggle. */
export function DashboardFrame({ children }: { children: ReactNode }) {
  const signedIn = useAuth((s) => s.status === 'signedIn');
  const admin = useAdminFlag();
  const [open, setOpen] = useState(false);
  // Signed out only happens on a remote's standalone page: there is no role to wait for.
  const loading = signedIn && admin === null;
  const links = dashboardLinksFor(signedIn ? admin : null);

  return (
    <Frame
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) setOpen(false);
      }}
    >
      <MenuToggle
        type="button"
        aria-expanded={open}
        aria-controls="dashboard-menu"
        onClick={() => setOpen((o) => !o)}
      >
        Dashboard menu
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </MenuToggle>
      <Sidebar id="dashboard-menu" $open={open}>
        <SidebarTitle>Dashboard</SidebarTitle>
        <Who>
          <SessionSummary />
        </Who>
        <nav aria-label="Dashboard">
          {/* A chosen link closes the menu on small screens. */}
          <Links onClick={() => setOpen(false)}>
            {links.map(({ to, label }) => (
              <li key={to}>
                {/* Manage Products stays marked on a product's edit page below it. */}
                <NavLink to={to} end={to === '/dashboard'}>
                  {label}
                </NavLink>
              </li>
            ))}
            {loading && <LoadingLinks role="status">Loading your menu…</LoadingLinks>}
          </Links>
        </nav>
      </Sidebar>
      <Content>
        <VerifyEmailBanner />
        {children}
      </Content>
    </Frame>
  );
}

/** DashboardFrame as a layout route: `<Route element={<DashboardLayout />}>` around a remote's pages. */
export function DashboardLayout() {
  return (
    <DashboardFrame>
      <Outlet />
    </DashboardFrame>
  );
}
