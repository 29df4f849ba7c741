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

/**
 * Whether a manifest URL is under one of `sources` (config.releaseManifestSources: origins, or the
 * release store's address with its path, compared after the URL is normalised), so the api never
 * fetches an address an admin makes up (an internal service, a cloud's metadata address).
 */
export function isAllowedManifestUrl(url: string, sources: readonly string[]): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (!['http:', 'https:'].includes(target.protocol) || target.username || target.password) return false;
  return sources.some((source) => {
    const allowed = new URL(source);
    const prefix = allowed.pathname.endsWith('/') ? allowed.pathname : `${allowed.pathname}/`;
    return target.origin === allowed.origin && target.pathname.startsWith(prefix);
  });
}

/**
 * Fetches and reads a manifest; throws an Error whose message says why it could not. A redirect
 * is not followed: it could lead anywhere, past the check of the URL.
 */
export async function readManifest(url: string): Promise<ManifestFacts> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'manual' });
  if (response.status >= 300 && response.status < 400) throw new Error(`it redirects (${response.status}), and redirects are not followed`);
  if (!response.ok) throw new Error(`it answered ${response.status}`);
  const parsed = manifestSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error('it is not a Module Federation manifest');
  const shared = Object.fromEntries(
    parsed.data.shared.filter((entry) => packageOf(entry.name) === entry.name).map((entry) => [entry.name, entry.version]),
  );
  return { name: parsed.data.name, shared };
}
