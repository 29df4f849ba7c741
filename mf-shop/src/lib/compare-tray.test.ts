import { act, renderHook } from '@testing-library/react';
import { compareText } from '@pcpp/contracts/core';
import { addToTray, clearTray, removeFromTray, useCompareTray } from './compare-tray';

const part = (n: number, category = 'Video Card') => ({ _id: String(n).padStart(24, '0'), name: `Part ${n}`, category }) as Parameters<typeof addToTray>[0];

beforeEach(() => act(() => clearTray()));

it('holds up to four parts of one category, kept in the browser', () => {
  const { result } = renderHook(() => useCompareTray());
  act(() => {
    for (const n of [1, 2, 3, 4]) expect(addToTray(part(n))).toBeNull();
  });
  expect(result.current.map((held) => held.name)).toEqual(['Part 1', 'Part 2', 'Part 3', 'Part 4']);
  expect(addToTray(part(5))).toBe(compareText.full);
  expect(JSON.parse(localStorage.getItem('pcpp-compare-tray')!)).toHaveLength(4);
  act(() => removeFromTray(part(2)._id));
  expect(result.current.map((held) => held.name)).toEqual(['Part 1', 'Part 3', 'Part 4']);
});

it('refuses another category with a sentence, and adds a part once', () => {
  addToTray(part(1));
  expect(addToTray(part(7, 'Memory'))).toBe(compareText.otherCategory('Video Card'));
  expect(addToTray(part(1))).toBeNull();
  const { result } = renderHook(() => useCompareTray());
  expect(result.current).toHaveLength(1);
});
