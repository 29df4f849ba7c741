import { useSyncExternalStore } from 'react';
import { COMPARE_MAX, compareText, type Part } from '@pcpp/contracts/core';

/** What the tray keeps of a part: enough to name it and to know its category. */
export type TrayPart = Pick<Part, '_id' | 'name' | 'category'>;

const KEY = 'pcpp-compare-tray';
const listeners = new Set<() => void>();
let tray: TrayPart[] | undefined;

function read(): TrayPart[] {
  if (tray) return tray;
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '[]');
    tray = Array.isArray(stored) ? (stored as TrayPart[]).slice(0, COMPARE_MAX) : [];
  } catch {
    tray = [];
  }
  return tray;
}

function write(next: TrayPart[]): void {
  tray = next;
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private browsing without storage: the tray lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

/** Adds the part; the reason when it cannot be (the tray is full, or holds another category). */
export function addToTray(part: TrayPart): string | null {
  const now = read();
  if (now.some((held) => held._id === part._id)) return null;
  if (now.length > 0 && now[0]!.category !== part.category) return compareText.otherCategory(now[0]!.category);
  if (now.length >= COMPARE_MAX) return compareText.full;
  write([...now, { _id: part._id, name: part.name, category: part.category }]);
  return null;
}

export const removeFromTray = (id: string) => write(read().filter((held) => held._id !== id));
export const clearTray = () => write([]);

const EMPTY: TrayPart[] = [];
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The tray's parts. Empty on the server and while the browser hydrates (React reads the server
 * snapshot then: the server's HTML knows no visitor's tray), then what the browser stored.
 */
export const useCompareTray = (): TrayPart[] => useSyncExternalStore(subscribe, read, () => EMPTY);
