import { RUNTIME_CONFIG_ELEMENT_ID } from './runtime-config';
import type { RuntimeConfig } from './runtime-config-schema';

/**
 * The shell's server writes /config.json into index.html (a data block, never run): the page uses
 * it as its server made it, with no round trip. A page without it (a dev server, a remote's
 * standalone host) fetches /config.json and checks it, loading the schema (and zod) beside the fetch.
 * So no remote or api address is baked into a build.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const inline = inlineJson(RUNTIME_CONFIG_ELEMENT_ID);
  if (inline !== undefined) {
    loaded = inline as RuntimeConfig;
    return loaded;
  }
  const [runtimeConfigSchema, response] = await Promise.all([
    import('./runtime-config-schema').then((schemas) => schemas.runtimeConfigSchema),
    fetch('/config.json', { cache: 'no-store' }),
  ]);
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
