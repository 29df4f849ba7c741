import { initialsOf, publicNameOf } from './names';

describe('publicNameOf', () => {
  it('uses the display name, trimmed', () => {
    expect(publicNameOf({ displayName: '  Demo Customer ', email: 'customer@pcparts.dev' })).toBe('Demo Customer');
  });

  it.each([null, undefined, '', '   '])('falls back to the email before the @ when the display name is %j', (displayName) => {
    expect(publicNameOf({ displayName, email: 'sam.lee@example.com' })).toBe('sam.lee');
  });

  it('keeps a very long display name to 100 characters', () => {
    expect(publicNameOf({ displayName: 'x'.repeat(300), email: 'a@b.co' })).toHaveLength(100);
  });
});

describe('initialsOf', () => {
  it.each([
    ['Demo Customer', 'DC'],
    ['ada', 'A'],
    ['  mary   ann   lee ', 'ML'],
    ['john.doe', 'JD'],
    ['Łukasz Żak', 'ŁŻ'],
    ["O'Brien", 'O'],
    ['李 小龍', '李小'],
    ['😀 ???', '?'],
    ['', '?'],
    ['Maximilian-Alexander Featherstonehaugh-Worthington III', 'MF'],
    ['Mary-Jane Watson-Parker', 'MW'],
    ['Martin Luther King Jr.', 'MK'],
    ['Sammy Davis, Jr', 'SD'],
    ['Ken Griffey Sr', 'KG'],
    ['Henry Ford II', 'HF'],
    ['Louis Bourbon IV', 'LB'],
    ['Jean-Luc', 'J'],
    ['Ada iii', 'A'],
    ['Ivy Ivanova', 'II'],
  ])('%j gives %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
