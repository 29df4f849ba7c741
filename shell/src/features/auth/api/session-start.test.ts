import { ACCESS_TOKEN_KEY } from '@pcpp/contracts';
import { PROVIDER_USER_KEY, rememberProviderUser, sessionStart, signedInElsewhere } from './session-start';

beforeEach(() => localStorage.clear());

describe('sessionStart', () => {
  it('leaves the SDK unloaded for a visitor with nothing stored, on the shop pages', () => {
    expect(sessionStart('/', localStorage)).toBe('none');
    expect(sessionStart('/products', localStorage)).toBe('none');
  });

  it.each(['/auth/action', '/auth/action/', '/AUTH/action'])('preloads the SDK on %s, still signed out at once', (pathname) => {
    expect(sessionStart(pathname, localStorage)).toBe('preload');
  });

  it.each(['/login', '/signup', '/forgot-password', '/login/'])(
    'leaves the SDK for %s to load when the person turns to its form',
    (pathname) => {
      expect(sessionStart(pathname, localStorage)).toBe('none');
    },
  );

  it("waits for the SDK when the api's access token is stored", () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-1');
    expect(sessionStart('/', localStorage)).toBe('restore');
    expect(sessionStart('/login', localStorage)).toBe('restore');
  });

  it('waits for the SDK when the provider still had a user, even without the token', () => {
    rememberProviderUser(localStorage, true);
    expect(sessionStart('/', localStorage)).toBe('restore');
    rememberProviderUser(localStorage, false);
    expect(localStorage.getItem(PROVIDER_USER_KEY)).toBeNull();
    expect(sessionStart('/', localStorage)).toBe('none');
  });

  it('treats storage that throws (blocked by the browser) as empty', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(sessionStart('/', blocked)).toBe('none');
    expect(sessionStart('/', null)).toBe('none');
  });
});

describe('signedInElsewhere', () => {
  it('reacts to a token or provider user written by another tab', () => {
    expect(signedInElsewhere({ key: ACCESS_TOKEN_KEY, newValue: 'token-2' })).toBe(true);
    expect(signedInElsewhere({ key: PROVIDER_USER_KEY, newValue: '1' })).toBe(true);
  });

  it('ignores removals, a cleared storage and other keys', () => {
    expect(signedInElsewhere({ key: ACCESS_TOKEN_KEY, newValue: null })).toBe(false);
    expect(signedInElsewhere({ key: null, newValue: null })).toBe(false);
    expect(signedInElsewhere({ key: 'cart', newValue: '[]' })).toBe(false);
  });
});
