import { RELEASE_CHECKED_SINGLETONS, SHARED_SINGLETONS, packageOf, sharedIncompatibilities } from './releases';

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

describe('which singletons the release check compares', () => {
  it('compares each shared module that is a package of its own, and nothing the builds do not share', () => {
    expect(RELEASE_CHECKED_SINGLETONS).toEqual([
      'react',
      'react-dom',
      'zustand',
      'styled-components',
      'react-hook-form',
      'react-toastify',
      '@tanstack/react-query',
      '@pcpp/contracts',
    ]);
    for (const name of RELEASE_CHECKED_SINGLETONS) expect(SHARED_SINGLETONS).toContain(name);
  });

  it('covers every shared subpath through its package, but the form resolvers, shared only as a subpath', () => {
    const uncovered = SHARED_SINGLETONS.filter((request) => !RELEASE_CHECKED_SINGLETONS.includes(packageOf(request)));
    expect(uncovered).toEqual(['@hookform/resolvers/zod']);
  });

  it('ignores zod, which each build bundles for itself', () => {
    expect(sharedIncompatibilities({ zod: '4.6.7' }, { zod: '3.25.0' })).toEqual([]);
  });
});

describe('packageOf', () => {
  it.each([
    ['react', 'react'],
    ['react-dom/client', 'react-dom'],
    ['@pcpp/contracts', '@pcpp/contracts'],
    ['@pcpp/contracts/ui', '@pcpp/contracts'],
  ])('%s belongs to %s', (request, name) => {
    expect(packageOf(request)).toBe(name);
  });
});
