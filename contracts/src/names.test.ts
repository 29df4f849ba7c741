import { initialsOf, publicNameOf, shownName } from './names';

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

describe('names shown to others (issue 46)', () => {
  it('take the text-direction controls out of a display name: "Eve \\u202Enimda" does not pass for "Eve admin"', () => {
    expect(publicNameOf({ displayName: 'Eve \u202Enimda', email: 'eve@example.com' })).toBe('Eve nimda');
    expect(publicNameOf({ displayName: '\u2066\u2069', email: 'eve@example.com' })).toBe('eve');
    expect(shownName('Eve \u202Enimda\u202C')).toBe('Eve nimda');
    // Right-to-left names keep their implicit marks, which reorder nothing.
    expect(shownName('\u200Fשרה')).toBe('\u200Fשרה');
  });
});
