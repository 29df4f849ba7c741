// Types for the plain-JavaScript tooling modules the tests import.
declare module '*/tooling/services/static-server.mjs' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  export function startStaticServer(options: {
    root: string;
    port: number;
    spa?: boolean;
    cors?: boolean;
    immutable?: boolean;
    runtimeConfig?: () => object;
    /** With spa: a deep link it rejects gets index.html with status 404. */
    isPagePath?: (pathname: string) => boolean;
    /** Sees every request first; true means it answered. */
    handle?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  }): Promise<{ url: string; close(): Promise<void> }>;
}
declare module '*/tooling/auth-emulator/proxy.cjs' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  export function createAuthEmulatorProxy(options: {
    emulatorHost: string;
    /** The per-start secret the api checks Google sign-ins against (AUTH_STAND_IN_SECRET). */
    standInSecret?: string;
  }): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  export function standInGoogleSubject(secret: string, email: string): string;
}
declare module '*/tooling/service-config.cjs' {
  export function runtimeConfigFromEnv(env?: NodeJS.ProcessEnv): {
    apiUrl: string;
    remoteRegistryUrl?: string;
    remotes: Record<'mf_shop' | 'mf_dashboard' | 'mf_admin', string>;
    firebase: Record<string, string | boolean>;
  };
  export function servicePorts(
    env?: NodeJS.ProcessEnv,
  ): Record<'shell' | 'shop' | 'dashboard' | 'admin' | 'releases' | 'api' | 'authEmulator' | 'stripeSandbox' | 'smtp' | 'mailWeb', number>;
  export function releaseStoreFromEnv(env?: NodeJS.ProcessEnv): { dir: string; publicUrl: string };
}
declare module '*/tooling/chromium-launch-options.cjs' {
  export function chromiumLaunchOptions(env?: NodeJS.ProcessEnv): { executablePath: string; args: string[] };
}
