import { compareHref, compareIds } from './compare';

const id = (n: number) => String(n).padStart(24, 'a');

it('reads up to four well-formed ids from ?ids=, without repeats, in order', () => {
  expect(compareIds(`?ids=${id(1)},nope,${id(2)},${id(1)},${id(3)},${id(4)},${id(5)}`)).toEqual([id(1), id(2), id(3), id(4)]);
  expect(compareIds('')).toEqual([]);
});

it('writes the address compareIds reads back', () => {
  const ids = [id(1), id(2)];
  expect(compareIds(new URL(compareHref(ids), 'https://shop.example').search)).toEqual(ids);
});
