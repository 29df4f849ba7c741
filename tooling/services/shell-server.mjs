// The shell's server as `npm start` runs it (tooling/serve-static.mjs --shell: the shell's production
// server with the auth emulator proxy in front). Tests and the bench start more of them this way.
import path from 'node:path';

/** The shell's production http server, as a library (shell/src/server/http/index.ts). */
export const SHELL_HTTP_BUILD = 'shell/dist-server/http.js';
/** The shell's renderer (shell/src/server/index.ts), beside its browser build `shell/dist`. */
export const SHELL_RENDERER_BUILD = 'shell/dist-server/server.js';

/**
 * The node arguments of a shell's server on `port`.
 * @param {string} root the repository's root
 * @param {number} port
 */
export function shellServerArgs(root, port) {
  return [path.join(root, 'tooling/serve-static.mjs'), '--shell', '--port', String(port)];
}
