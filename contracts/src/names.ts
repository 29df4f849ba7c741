import { withoutDirectionControls } from './direction-controls';

/**
 * The name shown for an account where others can see it (a review on the home page): the
 * identity provider's display name, or, for an account without one, the part of the email
 * before the @. The api stores it with a review; the dashboard shows it before posting. The
 * display name comes from the identity provider, where anyone can set it: its direction controls
 * are removed ("Eve \u202Enimda" would show as "Eve admin").
 */
export function publicNameOf(account: { displayName?: string | null; email: string }): string {
  const displayName = account.displayName ? withoutDirectionControls(account.displayName).trim() : undefined;
  if (displayName) return displayName.slice(0, 100);
  return account.email.split('@')[0] || account.email;
}

/** A name as others see it (a review's author, stored before direction controls were refused): without them. */
export const shownName = (name: string): string => withoutDirectionControls(name);

/** Generational and similar suffixes: never a family name ("… Worthington III" → W, not I). */
const NAME_SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);

/**
 * Up to two capital letters for an avatar without a photo: the first letters of the first name
 * and of the family name, the last word that is not a suffix ("Demo Customer" → "DC", "ada" → "A",
 * "Maximilian-Alexander Featherstonehaugh-Worthington III" → "MF"). A hyphenated name counts by
 * its first letter. Letters outside Latin count whole ("Łukasz Żak" → "ŁŻ"); a name with no
 * letters or digits gives "?".
 */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s._]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return '?';
  const rest = words.slice(1).filter((word) => !NAME_SUFFIXES.has(word.toLowerCase()));
  const first = Array.from(words[0]!)[0]!;
  const last = rest.length > 0 ? Array.from(rest[rest.length - 1]!)[0]! : '';
  return (first + last).toLocaleUpperCase();
}
