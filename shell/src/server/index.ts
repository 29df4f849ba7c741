// The entry of the shell's server build (tooling/webpack/create-webpack-config.cjs, serverConfig),
// required by the shell's http server (http/shell-server.ts). An async boundary, as in the browser: the shared modules
// are negotiated before the renderer's code runs.
import type { ServerRenderer, ServerRendererOptions } from './types';

export async function createServerRenderer(options: ServerRendererOptions): Promise<ServerRenderer> {
  const { createServerRenderer: create } = await import('./renderer');
  return create(options);
}
