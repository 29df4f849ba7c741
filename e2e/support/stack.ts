import path from 'node:path';
// The same static server `npm start` uses (the shell's), so the test controls one remote's lifetime.
import { startStaticServer } from '../../shell/src/server/http/static-server';
import { createAuthEmulatorProxy } from '../../tooling/auth-emulator/proxy.cjs';
import { runtimeConfigFromEnv } from '../../contracts/src/service-config.cjs';
import { isPagePath } from '../../contracts/src/pages';
import { stackUrls } from './environment';

export const repoRoot = path.resolve(__dirname, '../..');

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Serves a build directory as a remote would be deployed (CORS on, no SPA fallback). */
export function serveRemote(dir: string, port: number): Promise<RunningServer> {
  return startStaticServer({ root: dir, port, cors: true });
}

/**
 * Serves the shell's existing build with its own /config.json: only the runtime config
 * differs from the main stack, never the shell's files.
 */
export function serveShell(port: number, remoteOverrides: Partial<Record<string, string>>): Promise<RunningServer> {
  const emulatorHost = new URL(stackUrls.authEmulator).host;
  const config = runtimeConfigFromEnv({ ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost });
  return startStaticServer({
    root: path.join(repoRoot, 'shell/dist'),
    port,
    spa: true,
    isPagePath,
    // A fixed remote map: no release registry, so the overrides are what loads.
    runtimeConfig: () => ({ ...config, remoteRegistryUrl: undefined, remotes: { ...config.remotes, ...remoteOverrides } }),
    // Like `npm start`: the shell reaches the emulator through its own origin.
    handle: createAuthEmulatorProxy({ emulatorHost, standInSecret: process.env.AUTH_STAND_IN_SECRET }),
  });
}
