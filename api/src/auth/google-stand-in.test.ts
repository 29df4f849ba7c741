import { standInGoogleSubject } from './google-stand-in';

it('computes the stand-in’s subject as the shell’s proxy does (same vector as tooling/auth-emulator/proxy.test.mjs)', () => {
  expect(standInGoogleSubject('x'.repeat(32), 'Sam@Example.com')).toBe('stand-in-1UQkQOIERtVbHPXIYJ70wb1fsDM19QxtXoNN4kInt3w');
  expect(standInGoogleSubject('x'.repeat(32), 'sam@example.com')).toBe(standInGoogleSubject('x'.repeat(32), ' SAM@example.com '));
  expect(standInGoogleSubject('y'.repeat(32), 'sam@example.com')).not.toBe(standInGoogleSubject('x'.repeat(32), 'sam@example.com'));
});
