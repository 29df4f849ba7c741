import { cameFromState, loginReasonState } from './router-state';

describe('cameFromState', () => {
  it('reads a whole location or a pathname alone', () => {
    expect(cameFromState({ from: { pathname: '/checkout', search: '?step=2', hash: '#pay' } })).toEqual({ pathname: '/checkout', search: '?step=2', hash: '#pay' });
    expect(cameFromState({ from: { pathname: '/cart' } })).toEqual({ pathname: '/cart', search: '', hash: '' });
  });

  it.each([null, undefined, 'text', {}, { from: null }, { from: '/cart' }, { from: { pathname: 'https://evil.example/' } }, { from: { pathname: '/cart', search: 3 } }, { from: { pathname: '/cart', hash: {} } }])(
    'is null for %p',
    (state) => {
      expect(cameFromState(state)).toBeNull();
    },
  );
});

describe('loginReasonState', () => {
  it('reads the reason, trimmed', () => {
    expect(loginReasonState({ reason: '  Log in to order this part. ' })).toBe('Log in to order this part.');
  });

  it.each([null, {}, { reason: '   ' }, { reason: 7 }, { reason: 'x'.repeat(201) }])('is null for %p', (state) => {
    expect(loginReasonState(state)).toBeNull();
  });

  it('keeps a reason of exactly 200 characters', () => {
    expect(loginReasonState({ reason: 'x'.repeat(200) })).toBe('x'.repeat(200));
  });
});
