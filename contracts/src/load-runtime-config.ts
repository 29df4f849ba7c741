import { runtimeConfigSchema, type RuntimeConfig } from './runtime-config';

/**
 * Fetched at startup by the shell (and a remote's standalone host), so no remote or api address
 * is baked into a build.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return runtimeConfigSchema.parse(await response.json());
}
