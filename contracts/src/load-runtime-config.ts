import { RUNTIME_CONFIG_ELEMENT_ID, runtimeConfigSchema, type RuntimeConfig } from './runtime-config';

/**
 * Fetched at startup by the shell (and a remote's standalone host), so no remote or api address
 * is baked into a build.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  // The shell's server writes the same JSON into index.html (a data block, never run): no round trip.
  const inline = inlineJson(RUNTIME_CONFIG_ELEMENT_ID);
  if (inline !== undefined) {
    loaded = runtimeConfigSchema.parse(inline);
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

/** The JSON the shell's server wrote into the page under `id` (a data block, never run); undefined when none. */
export function inlineJson(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  return text ? JSON.parse(text) : undefined;
}
