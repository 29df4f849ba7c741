/** @jest-environment jsdom */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { authStore, type AuthUser } from '../auth-store';
import { loadRuntimeConfig } from '../load-runtime-config';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../runtime-config';
import { renderWithQueryClient } from '../testing';
import { checkoutPageText, checkoutText } from '../core';
import { VerifyEmailBanner } from './verify-email-banner';

const unverified: AuthUser = { uid: 'u1', email: 'new@pcparts.dev', displayName: 'New Person', photoURL: null, emailVerified: false };
const sent: string[] = [];
let failWith: Error | null = null;

beforeEach(() => {
  sent.length = 0;
  failWith = null;
  sessionStorage.clear();
  act(() => {
    authStore.getState().signedIn(unverified, { token: 'token', expiresAt: null });
    authStore.getState().setHandlers({
      currentIdentity: async () => null,
      endSession: async () => undefined,
      sendVerificationEmail: async () => {
        if (failWith) throw failWith;
        sent.push(authStore.getState().user!.email);
      },
    });
  });
});
afterEach(() => act(() => authStore.getState().signedOut()));

it('asks an unverified person to verify, and sends the email again on request', async () => {
  renderWithQueryClient(<VerifyEmailBanner />);
  const banner = screen.getByRole('region', { name: 'Verify your email' });
  expect(banner).toHaveTextContent('Verify your email address: open the link we sent to new@pcparts.dev.');
  fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
  expect(await screen.findByText('We sent the verification email again to new@pcparts.dev.')).toHaveAttribute('role', 'status');
  expect(sent).toEqual(['new@pcparts.dev']);
});

it('says so when the email could not be sent', async () => {
  failWith = new Error('Too many attempts. Wait a few minutes, then try again.');
  renderWithQueryClient(<VerifyEmailBanner />);
  fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Too many attempts. Wait a few minutes, then try again.');
  expect(sent).toEqual([]);
});

it('stays hidden once dismissed, for this person, in this browser session', () => {
  const first = renderWithQueryClient(<VerifyEmailBanner />);
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
  first.unmount();

  renderWithQueryClient(<VerifyEmailBanner />);
  expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
  act(() => authStore.getState().signedIn({ ...unverified, uid: 'u2', email: 'other@pcparts.dev' }, { token: 't', expiresAt: null }));
  expect(screen.getByRole('region', { name: 'Verify your email' })).toHaveTextContent('other@pcparts.dev');
});

it('at the checkout, says the order waits for it, offers Resend the link and cannot be dismissed (even if it was elsewhere)', async () => {
  sessionStorage.setItem('pcpp.verifyEmailBannerDismissed', unverified.uid);
  renderWithQueryClient(<VerifyEmailBanner atCheckout />);
  const banner = screen.getByRole('region', { name: 'Verify your email' });
  expect(banner).toHaveTextContent(checkoutText.verifyBeforePaying);
  expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: checkoutPageText.resendLink }));
  expect(await screen.findByText('We sent the verification email again to new@pcparts.dev.')).toHaveAttribute('role', 'status');
  expect(sent).toEqual(['new@pcparts.dev']);
});

it('goes away as soon as the store learns the email is verified, and never shows when signed out', () => {
  renderWithQueryClient(<VerifyEmailBanner />);
  expect(screen.getByRole('region', { name: 'Verify your email' })).toBeInTheDocument();
  act(() => authStore.getState().updateUser({ emailVerified: true }));
  expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
  act(() => authStore.getState().signedOut());
  expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
});

it('in demo mode, says the link is in the demo mail inbox and links to it', async () => {
  renderWithQueryClient(<VerifyEmailBanner />);
  expect(screen.getByRole('region', { name: 'Verify your email' })).not.toHaveTextContent('demo mail inbox');
  cleanup();
  const inline = document.createElement('script');
  inline.type = 'application/json';
  inline.id = RUNTIME_CONFIG_ELEMENT_ID;
  inline.textContent = JSON.stringify({
    apiUrl: 'http://localhost:4000',
    remotes: { mf_shop: 'http://localhost:3001/m.json', mf_dashboard: 'http://localhost:3002/m.json', mf_admin: 'http://localhost:3003/m.json' },
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', useAuthEmulator: true },
    demoMailInboxUrl: 'http://127.0.0.1:1080',
  });
  document.head.append(inline);
  try {
    await loadRuntimeConfig();
    renderWithQueryClient(<VerifyEmailBanner />);
    const banner = screen.getByRole('region', { name: 'Verify your email' });
    expect(banner).toHaveTextContent('Demo mode: the shop’s emails, this link included, arrive in the demo mail inbox at http://127.0.0.1:1080.');
    expect(screen.getByRole('link', { name: 'http://127.0.0.1:1080' })).toHaveAttribute('href', 'http://127.0.0.1:1080');
  } finally {
    inline.remove();
  }
});
