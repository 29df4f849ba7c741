import { initialsOf } from './initials';

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
  ])('%j gives %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
