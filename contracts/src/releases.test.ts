import { sharedIncompatibilities } from './releases';

describe('whether a remote built against some versions can run in the shell', () => {
  const shell = { react: '19.3.1', 'react-router': '7.18.5', '@pcpp/contracts': '1.2.0', zustand: '0.4.1' };

  it('accepts the same majors, whatever the minor or patch', () => {
    expect(sharedIncompatibilities(shell, { react: '19.0.0', 'react-router': '7.20.1', '@pcpp/contracts': '1.0.0' })).toEqual([]);
  });

  it('names each singleton built against another major, with what the shell provides', () => {
    expect(sharedIncompatibilities(shell, { react: '18.3.1', '@pcpp/contracts': '2.0.0', 'react-router': '7.18.5' })).toEqual([
      'react 18.3.1 (the shell provides 19.3.1)',
      '@pcpp/contracts 2.0.0 (the shell provides 1.2.0)',
    ]);
  });

  it('treats a 0.x minor as a major, as npm does', () => {
    expect(sharedIncompatibilities(shell, { zustand: '0.5.0' })).toEqual(['zustand 0.5.0 (the shell provides 0.4.1)']);
    expect(sharedIncompatibilities(shell, { zustand: '0.4.9' })).toEqual([]);
  });

  it('ignores packages only one side shares, and packages not checked', () => {
    expect(sharedIncompatibilities(shell, { 'react-dom': '18.0.0', lodash: '1.0.0' })).toEqual([]);
  });
});
