import { RUNTIME_CONFIG_ELEMENT_ID, runtimeConfigSchema, type RuntimeConfig } from './runtime-config';

/**
 * Fetched at startup by the shell (and a remote's standalone host), so no remote or api address
 * is baked into a build.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  // The shell's server writes the same JSON into index.html (a data block, never run): no round trip.
  const inline = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (inline) {
    loaded = runtimeConfigSchema.parse(JSON.parse(inline));
    return loaded;
  }
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
