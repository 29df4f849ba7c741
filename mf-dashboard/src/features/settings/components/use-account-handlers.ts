import { authStore } from '@pcpp/contracts';
import { signInText } from '@pcpp/contracts/core';

/**
 * The shell's handlers for what needs the identity provider (a sign-in again, a new password):
 * the dashboard never loads its SDK itself. A sentence to show when the shell has none.
 */
export function accountHandlers() {
  const { handlers } = authStore.getState();
  const reauthenticate = handlers?.reauthenticate;
  const changePassword = handlers?.changePassword;
  if (!handlers || !reauthenticate || !changePassword) throw new Error(signInText.signInUnavailable);
  return { reauthenticate, changePassword, endSession: handlers.endSession };
}

/** Ends this browser's session with a sentence for the login page (the shell sends the person there when `expired`). */
export async function endThisSession(sentence: string, { expired }: { expired: boolean }): Promise<void> {
  const { handlers } = authStore.getState();
  authStore.getState().signedOut(sentence, { expired });
  await handlers?.endSession().catch(() => undefined);
}
