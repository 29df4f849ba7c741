/**
 * Up to two capital letters for an avatar without a photo: the first letters of the first and
 * last words of the name ("Demo Customer" → "DC", "ada" → "A"). Letters outside Latin count
 * whole ("Łukasz Żak" → "ŁŻ"); a name with no letters or digits gives "?".
 */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s._-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0]!;
  const last = words.length > 1 ? Array.from(words[words.length - 1]!)[0]! : '';
  return (first + last).toLocaleUpperCase();
}
