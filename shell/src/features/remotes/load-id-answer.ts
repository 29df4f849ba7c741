import type { LiveRemotes } from '@pcpp/contracts/core';

/**
 * The registry's answer read for its load id only (a page the server rendered, for its reports):
 * checked for the fields that name the load id and the versions it serves, without zod, which such
 * a page never loads otherwise (it chose its versions with the answer the server wrote into it).
 * Loaded with the first report. Null when it cannot be read: the page then reports nothing.
 */
export async function readLoadIdAnswer(address: string, timeoutMs: number): Promise<LiveRemotes | null> {
  try {
    const response = await fetch(address, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    const answer = (await response.json()) as Partial<Record<keyof LiveRemotes, unknown>> | null;
    const isRecord = (value: unknown) => typeof value === 'object' && value !== null;
    const whole = isRecord(answer) && typeof answer!.loadId === 'string' && [answer!.remotes, answer!.previous, answer!.versions, answer!.rollouts].every(isRecord);
    return whole ? (answer as LiveRemotes) : null;
  } catch {
    return null;
  }
}
