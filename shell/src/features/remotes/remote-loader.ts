import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_ROUTES_MODULE, type RemoteName, type RuntimeConfig } from '@pcpp/contracts';

const manifestUrls = new Map<RemoteName, string>();

export function registerRuntimeRemotes(remotes: RuntimeConfig['remotes']): void {
  for (const [name, entry] of Object.entries(remotes) as [RemoteName, string][]) {
    manifestUrls.set(name, entry);
  }
  registerRemotes([...manifestUrls].map(([name, entry]) => ({ name, entry })));
}

/**
 * Loads a remote's route tree. A retry re-registers the remote with `force`, which drops the
 * runtime's cached manifest and entry, so a remote that came back is fetched afresh.
 */
export async function loadRemoteRoutes(
  remote: RemoteName,
  isRetry: boolean,
): Promise<{ default: ComponentType }> {
  const entry = manifestUrls.get(remote);
  if (!entry) throw new Error(`No manifest URL is configured for ${remote}`);
  if (isRetry) registerRemotes([{ name: remote, entry }], { force: true });
  const module = await loadRemote<{ default: ComponentType }>(`${remote}/${REMOTE_ROUTES_MODULE}`);
  if (!module?.default) throw new Error(`${remote} did not expose ${REMOTE_ROUTES_MODULE}`);
  return module;
}
