import { packageOf } from '@pcpp/contracts/core';
import { z } from 'zod';

/** What the api reads of an mf-manifest.json (written by @module-federation/enhanced). */
const manifestSchema = z.object({
  name: z.string(),
  shared: z.array(z.object({ name: z.string(), version: z.string() })),
});

const FETCH_TIMEOUT_MS = 5_000;

export interface ManifestFacts {
  /** The federation name, e.g. mf_admin or shell. */
  name: string;
  /** Package → version it was built with. Subpaths (react/jsx-runtime) are left out: their package says it. */
  shared: Record<string, string>;
}

/** Fetches and reads a manifest; throws an Error whose message says why it could not. */
export async function readManifest(url: string): Promise<ManifestFacts> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`it answered ${response.status}`);
  const parsed = manifestSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error('it is not a Module Federation manifest');
  const shared = Object.fromEntries(
    parsed.data.shared.filter((entry) => packageOf(entry.name) === entry.name).map((entry) => [entry.name, entry.version]),
  );
  return { name: parsed.data.name, shared };
}
