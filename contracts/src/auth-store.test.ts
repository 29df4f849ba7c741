/** @jest-environment jsdom */
import { ACCESS_TOKEN_KEY, authStore } from './auth-store';

const user = { uid: 'u1', email: 'customer@pcparts.dev', displayName: 'C', photoURL: null, emailVerified: true };

describe('auth store', () => {
  afterEach(() => authStore.getState().signedOut());

  it('starts unknown, then keeps the access token in localStorage under the spec key', () => {
    authStore.setState({ status: 'unknown' });
    expect(authStore.getState().status).toBe('unknown');
    authStore.getState().signedIn(user, { token: 'token-1', expiresAt: 1_000 });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('token-1');
    expect(authStore.getState()).toMatchObject({ status: 'signedIn', accessToken: 'token-1', accessTokenExpiresAt: 1_000 });
  });

  it('removes the stored token on sign out', () => {
    authStore.getState().signedIn(user, { token: 'token-2', expiresAt: null });
    authStore.getState().signedOut();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(authStore.getState()).toMatchObject({ status: 'signedOut', user: null, accessToken: null, sessionExpired: false });
  });
});
