// Types for the plain-JavaScript tooling modules the tests import.
declare module '*/tooling/services/static-server.mjs' {
  export function startStaticServer(options: {
    root: string;
    port: number;
    spa?: boolean;
    cors?: boolean;
    runtimeConfig?: () => object;
  }): Promise<{ url: string; close(): Promise<void> }>;
}
declare module '*/tooling/service-config.cjs' {
  export function runtimeConfigFromEnv(env?: NodeJS.ProcessEnv): {
    apiUrl: string;
    remotes: Record<'mf_shop' | 'mf_dashboard' | 'mf_admin', string>;
    firebase: Record<string, string>;
  };
  export function servicePorts(env?: NodeJS.ProcessEnv): Record<string, number>;
}
