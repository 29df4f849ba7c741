import { runtimeConfigSchema, type RuntimeConfig } from './runtime-config';

/**
 * Fetched at startup by the shell (and a remote's standalone host), so no remote or api address
 * is baked into a build.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  loaded = runtimeConfigSchema.parse(await response.json());
  return loaded;
}

let loaded: RuntimeConfig | null = null;

/** The configuration the page started with (contracts is a singleton: remotes see the shell's). */
export function currentRuntimeConfig(): RuntimeConfig | null {
  return loaded;
}
