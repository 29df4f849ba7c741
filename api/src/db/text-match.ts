/** The text is searched for literally: every regex metacharacter is escaped. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A filter condition: the field contains `text`, whatever the case. */
export function containsText(text: string) {
  return { $regex: escapeRegex(text), $options: 'i' };
}
