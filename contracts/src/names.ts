/**
 * The name shown for an account where others can see it (a review on the home page): the
 * identity provider's display name, or, for an account without one, the part of the email
 * before the @. The api stores it with a review; the dashboard shows it before posting.
 */
export function publicNameOf(account: { displayName?: string | null; email: string }): string {
  const displayName = account.displayName?.trim();
  if (displayName) return displayName.slice(0, 100);
  return account.email.split('@')[0] || account.email;
}
