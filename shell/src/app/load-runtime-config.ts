import { runtimeConfigSchema, type RuntimeConfig } from '@pcpp/contracts';

/** Fetched at startup so no remote or api address is baked into the shell's build. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return runtimeConfigSchema.parse(await response.json());
}
